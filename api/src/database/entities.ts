import { BulkMessageRecipientEntity } from '../modules/messaging/bulk-message-recipient.entity.js';
import { BulkMessageEntity } from '../modules/messaging/bulk-message.entity.js';
import { KitchenFeePercentageEntity } from '../modules/admin/kitchen-fee-percentage.entity.js';
import { LogEntryEntity } from '../modules/admin/log-entry.entity.js';
import { AuditLogEntity } from '../modules/audit/audit-log.entity.js';
import { LoginSessionEntity } from '../modules/auth/login-session.entity.js';
import { CartItemDateEntity } from '../modules/cart/cart-item-date.entity.js';
import { CartItemEntity } from '../modules/cart/cart-item.entity.js';
import { CartEntity } from '../modules/cart/cart.entity.js';
import { ConsumerAddressEntity } from '../modules/consumer/consumer-address.entity.js';
import { ConsumerFavouriteChefEntity } from '../modules/favourite/consumer-favourite-chef.entity.js';
import { ConsumerEntity } from '../modules/consumer/consumer.entity.js';
import { ContactMessageEntity } from '../modules/contact/contact-message.entity.js';
import { EnquiryEntity } from '../modules/contact/enquiry.entity.js';
import { FeedbackEntity } from '../modules/feedback/feedback.entity.js';
import { ItemDateCapacityEntity } from '../modules/item/item-date-capacity.entity.js';
import { ItemNutritionEntity } from '../modules/item/item-nutrition.entity.js';
import { ItemPricingOptionEntity } from '../modules/item/item-pricing-option.entity.js';
import { ItemEntity } from '../modules/item/item.entity.js';
import { JobApplicationEntity } from '../modules/jobs/job-application.entity.js';
import { JobEntity } from '../modules/jobs/job.entity.js';
import { EmailOutboxEntity } from '../modules/mail/email-outbox.entity.js';
import { MenuDateEntity } from '../modules/menu/menu-date.entity.js';
import { MenuHistoryEntity } from '../modules/menu/menu-history.entity.js';
import { MenuReceiptEntity } from '../modules/menu/menu-receipt.entity.js';
import { MenuItemEntity } from '../modules/menu/menu-item.entity.js';
import { MenuEntity } from '../modules/menu/menu.entity.js';
import { OrderDateSelectionEntity } from '../modules/order/order-date-selection.entity.js';
import { OrderMessageEntity } from '../modules/order/order-message.entity.js';
import { OrderStatusChangeEntity } from '../modules/order/order-status-change.entity.js';
import { OrderEntity } from '../modules/order/order.entity.js';
import { OrderedCartItemEntity } from '../modules/order/ordered-cart-item.entity.js';
import { PaymentDetailsEntity } from '../modules/order/payment-details.entity.js';
import { PaymentEventEntity } from '../modules/payment/payment-event.entity.js';
import { PayoutAccountEntity } from '../modules/payment/payout-account.entity.js';
import { PickupLocationEntity } from '../modules/publisher/pickup-location.entity.js';
import { PublisherEntity } from '../modules/publisher/publisher.entity.js';
import { RatingEntity } from '../modules/rating/rating.entity.js';
import { BankBeneficiaryEntity } from '../modules/settings/bank-beneficiary.entity.js';
import { ChefSettingEntity } from '../modules/settings/chef-setting.entity.js';
import { LocationSubscriptionEntity } from '../modules/subscription/location-subscription.entity.js';
import { SubscriptionEntity } from '../modules/subscription/subscription.entity.js';
import { SubscriberNewsEntity } from '../modules/subscription/subscriber-news.entity.js';
import { EmailSuppressionEntity } from '../modules/messaging/email-suppression.entity.js';

/** Every entity, as classes (globs break under vitest). Feature modules register the ones they use. */
export const ENTITIES = [
  // people
  ConsumerEntity,
  ConsumerAddressEntity,
  ConsumerFavouriteChefEntity,
  PublisherEntity,
  PickupLocationEntity,
  LoginSessionEntity,
  // catalogue
  ItemEntity,
  ItemPricingOptionEntity,
  ItemNutritionEntity,
  ItemDateCapacityEntity,
  MenuEntity,
  MenuItemEntity,
  MenuDateEntity,
  MenuHistoryEntity,
  MenuReceiptEntity,
  // buying
  CartEntity,
  CartItemEntity,
  CartItemDateEntity,
  OrderEntity,
  OrderedCartItemEntity,
  OrderDateSelectionEntity,
  PaymentDetailsEntity,
  OrderMessageEntity,
  OrderStatusChangeEntity,
  PaymentEventEntity,
  RatingEntity,
  // chefs' settings and admin
  ChefSettingEntity,
  BankBeneficiaryEntity,
  PayoutAccountEntity,
  KitchenFeePercentageEntity,
  BulkMessageEntity,
  BulkMessageRecipientEntity,
  LogEntryEntity,
  AuditLogEntity,
  EmailOutboxEntity,
  // public forms
  ContactMessageEntity,
  EnquiryEntity,
  FeedbackEntity,
  SubscriptionEntity,
  LocationSubscriptionEntity,
  SubscriberNewsEntity,
  EmailSuppressionEntity,
  JobEntity,
  JobApplicationEntity,
];
