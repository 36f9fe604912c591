/** Values of an enum-like `as const` object, as a union type. */
export type ValueOf<T> = T[keyof T];

/** Roles carried in the sign-in token's roles list (spec §1, §6). */
export const Role = { USER: 'ROLE_USER', CHEF: 'ROLE_CHEF', ADMIN: 'ROLE_ADMIN' } as const;
export type Role = ValueOf<typeof Role>;

/** Kinds of kitchen a chef runs (spec §1). */
export const BrandType = { HOME_KITCHEN: 'HOME_KITCHEN', STORE: 'STORE', MART: 'MART' } as const;
export type BrandType = ValueOf<typeof BrandType>;

/** Review state of a chef (publisher). A chef sells only when APPROVED. */
export const PublisherStatus = {
  PENDING: 'PENDING',
  APPROVED: 'APPROVED',
  BLOCKED: 'BLOCKED',
} as const;
export type PublisherStatus = ValueOf<typeof PublisherStatus>;

/** State of a consumer account. */
export const ConsumerStatus = { ACTIVE: 'ACTIVE', DISABLED: 'DISABLED' } as const;
export type ConsumerStatus = ValueOf<typeof ConsumerStatus>;

/** Menu states (spec §4). A menu is created as DRAFT. */
export const MenuStatus = {
  PUBLISHED: 'PUBLISHED',
  DRAFT: 'DRAFT',
  PAUSE: 'PAUSE',
  DELETED: 'DELETED',
} as const;
export type MenuStatus = ValueOf<typeof MenuStatus>;

/** How a menu form was opened (spec §4). */
export const MenuEditMode = { CREATE: 'CREATE', UPDATE: 'UPDATE', CLONE: 'CLONE' } as const;
export type MenuEditMode = ValueOf<typeof MenuEditMode>;

/** Events written to a menu's history (spec §4). */
export const MenuHistoryEvent = {
  ITEM_ADDED: 'ITEM_ADDED',
  EDITED: 'EDITED',
  RESUMED: 'RESUMED',
  PAUSE: 'PAUSE',
  DELETE: 'DELETE',
} as const;
export type MenuHistoryEvent = ValueOf<typeof MenuHistoryEvent>;

/** One-time or recurring menu (spec §4). */
export const MenuType = { RECURRING: 'RECURRING', ONETIME: 'ONETIME' } as const;
export type MenuType = ValueOf<typeof MenuType>;

/** Unit a recurring menu repeats in (spec §4). */
export const RepeatUnit = { DAYS: 'days', WEEKS: 'weeks', MONTHS: 'months', ONETIME: 'onetime' } as const;
export type RepeatUnit = ValueOf<typeof RepeatUnit>;

/** How a recurring menu ends (spec §3 menu end rule). */
export const MenuEndsOn = { AFTER: 'After', ON: 'On' } as const;
export type MenuEndsOn = ValueOf<typeof MenuEndsOn>;

/** Weekdays a weekly menu repeats on. */
export const Weekday = { MO: 'MO', TU: 'TU', WE: 'WE', TH: 'TH', FR: 'FR', SA: 'SA', SU: 'SU' } as const;
export type Weekday = ValueOf<typeof Weekday>;

/** Unit of an order cut-off ("stop orders N hours/days before the slot starts"). */
export const StopOrdersType = { HOURS: 'Hours', DAYS: 'Days' } as const;
export type StopOrdersType = ValueOf<typeof StopOrdersType>;

/** What to delete of a menu: all of it or one date of a recurring menu. */
export const MenuDeleteType = { ALL: 'ALL', DATE: 'DATE' } as const;
export type MenuDeleteType = ValueOf<typeof MenuDeleteType>;

/** Whether an item is offered. */
export const ItemStatus = {
  ACTIVE: 'ACTIVE',
  HIDDEN: 'HIDDEN',
  SOLD_OUT: 'SOLD_OUT',
  DELETED: 'DELETED',
} as const;
export type ItemStatus = ValueOf<typeof ItemStatus>;

/** Life cycle of one order date selection (spec §4). PLACED is initial. */
export const OrderStatus = {
  PLACED: 'PLACED',
  CONFIRMED: 'CONFIRMED',
  SHOPPING_COMPLETED: 'SHOPPING_COMPLETED',
  IN_PREPARATION: 'IN_PREPARATION',
  PICKUP_READY: 'PICKUP_READY',
  IN_DELIVERY_TRANSIT: 'IN_DELIVERY_TRANSIT',
  SHIPPED: 'SHIPPED',
  DELIVERED: 'DELIVERED',
  CANCELLED: 'CANCELLED',
} as const;
export type OrderStatus = ValueOf<typeof OrderStatus>;

/** Payment state of an order date selection. */
export const PaymentStatus = { INITIATED: 'INITIATED', CREATED: 'CREATED', COMPLETED: 'COMPLETED' } as const;
export type PaymentStatus = ValueOf<typeof PaymentStatus>;

/** Numeric payment status codes of spec §4: 0 initiated, 1 created, 2 completed. */
export const PaymentStatusCode: Record<PaymentStatus, 0 | 1 | 2> = {
  INITIATED: 0,
  CREATED: 1,
  COMPLETED: 2,
};

/** Payout (to chef) or refund (to customer) state (spec §4). */
export const PayoutRefundStatus = {
  DEFAULT: 'DEFAULT',
  DRAFTED: 'DRAFTED',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
  REFUNDED: 'REFUNDED',
} as const;
export type PayoutRefundStatus = ValueOf<typeof PayoutRefundStatus>;

/** Enquiry state (spec §4). */
export const EnquiryStatus = { OPEN: 'OPEN', CLOSED: 'CLOSED' } as const;
export type EnquiryStatus = ValueOf<typeof EnquiryStatus>;

/** Record state for jobs, subscriptions and similar (spec §4 "another state"). */
export const RecordState = { ACTIVE: 'ACTIVE', ARCHIVED: 'ARCHIVED' } as const;
export type RecordState = ValueOf<typeof RecordState>;

/** How food reaches the customer (spec §9). */
export const DeliveryOption = { PICKUP: 'PICKUP', DELIVERY: 'DELIVERY' } as const;
export type DeliveryOption = ValueOf<typeof DeliveryOption>;

/** Payment methods (spec §9). */
export const PaymentMethod = {
  PAYTM: 'PAYTM',
  PAYPAL: 'PAYPAL',
  GOOGLE: 'GOOGLE',
  STRIPE_CARD: 'STRIPE_CARD',
  CASH_FREE: 'CASH_FREE',
  CASH_ON_PICKUP_DELIVERY: 'CASH_ON_PICKUP_DELIVERY',
} as const;
export type PaymentMethod = ValueOf<typeof PaymentMethod>;

/** Food types (spec §9). */
export const FoodType = {
  EGG: 'EGG',
  YOGURT: 'YOGURT',
  VEG: 'VEG',
  ORGANIC: 'ORGANIC',
  VEGAN: 'VEGAN',
  NON_VEG_MEAT: 'NON_VEG_MEAT',
} as const;
export type FoodType = ValueOf<typeof FoodType>;

/** Medical categories an item can be friendly to (spec §9). */
export const MedicalCategory = {
  PUREED: 'Pureed',
  LOW_SODIUM: 'Low Sodium',
  GLUTEN_FREE: 'Gluten Free',
  HEART_FRIENDLY: 'Heart Friendly',
  CANCER_SUPPORT: 'Cancer Support',
  RENAL_FRIENDLY: 'Renal Friendly',
  GASTRIC_FRIENDLY: 'Gastric Friendly',
  DIABETES_FRIENDLY: 'Diabetes Friendly',
  GENERAL_WELLNESS: 'General Wellness',
  NUT_FREE: 'Nut Free',
  DAIRY_FREE: 'Dairy Free',
  PEANUT_FREE: 'Peanut Free',
} as const;
export type MedicalCategory = ValueOf<typeof MedicalCategory>;

/** Address kinds (spec §3); empty string is allowed too. */
export const LocationType = {
  RESIDENTIAL: 'RESIDENTIAL',
  BUSINESS: 'BUSINESS',
  APARTMENT: 'APARTMENT',
} as const;
export type LocationType = ValueOf<typeof LocationType>;

/** Chef settings keys (spec §9). */
export const SettingsKey = {
  PAYPAL: 'PAYPAL',
  STRIPE: 'STRIPE',
  PAYTM: 'PAYTM',
  ZIPCODES: 'ZIPCODES',
  RADIUS: 'RADIUS',
  DELIVERY_FEES: 'DELIVERY_FEES',
  DELIVERY_MEASUREMENT: 'DELIVERY_MEASUREMENT',
  PRE_ORDER_NUMBER: 'PRE_ORDER_NUMBER',
  PRE_ORDER_DAYS_HOURS: 'PRE_ORDER_DAYS_HOURS',
  DEFAULT_FULFILLMENT: 'DEFAULT_FULFILLMENT',
  FOOD_HANDLER_PERMIT: 'FOOD_HANDLER_PERMIT',
  TIME_ZONE: 'TIME_ZONE',
  SECRET_CODE: 'SECRET_CODE',
  CASH_FREE: 'CASH_FREE',
  CASH_FREE_ACCOUNT_NUMBER: 'CASH_FREE_ACCOUNT_NUMBER',
  CASH_FREE_IFSC: 'CASH_FREE_IFSC',
  PAYMENT_PREFERENCES: 'PAYMENT_PREFERENCES',
  PICKUP_LOCATIONS: 'PICKUP_LOCATIONS',
  /** Largest order total (in the kitchen's currency) the chef accepts cash for; unset: no limit. */
  CASH_MAX_ORDER_VALUE: 'CASH_MAX_ORDER_VALUE',
} as const;
export type SettingsKey = ValueOf<typeof SettingsKey>;

/** Units a delivery radius is measured in. */
export const DistanceUnit = { MILES: 'miles', KM: 'km' } as const;
export type DistanceUnit = ValueOf<typeof DistanceUnit>;

/** Who a bulk message goes to (spec §6). */
export const BulkTargetGroup = {
  EXTERNAL: 'EXTERNAL',
  CUSTOMERS: 'CUSTOMERS',
  ALL_USERS: 'ALL_USERS',
  REGISTERED_CHEFS: 'REGISTERED_CHEFS',
  HALF_REGISTERED_CHEFS: 'HALF_REGISTERED_CHEFS',
  ALL_CHEFS: 'ALL_CHEFS',
  ONE_USER: 'ONE_USER',
  TEST_EMAIL: 'TEST_EMAIL',
} as const;
export type BulkTargetGroup = ValueOf<typeof BulkTargetGroup>;

/** Delivery state of one bulk-message recipient. */
export const DeliveryState = {
  PENDING: 'PENDING',
  SENT: 'SENT',
  FAILED: 'FAILED',
  SKIPPED: 'SKIPPED',
} as const;
export type DeliveryState = ValueOf<typeof DeliveryState>;

/** Progress of a bulk message as a whole (spec §3 Bulk message; ADR 021). */
export const BulkMessageStatus = {
  /** Stored, its fan-out not started yet. */
  QUEUED: 'QUEUED',
  SENDING: 'SENDING',
  /** Paused by an admin: no batch sends until resumed; the recipients already chosen stay. */
  PAUSED: 'PAUSED',
  COMPLETED: 'COMPLETED',
  /** Cancelled by an admin: recipients not yet sent to are SKIPPED. */
  CANCELLED: 'CANCELLED',
  FAILED: 'FAILED',
} as const;
export type BulkMessageStatus = ValueOf<typeof BulkMessageStatus>;

/** Who a bulk message is from: an admin's announcement, or a chef's news to their subscribers. */
export const BulkMessageKind = { ANNOUNCEMENT: 'ANNOUNCEMENT', CHEF_NEWS: 'CHEF_NEWS' } as const;
export type BulkMessageKind = ValueOf<typeof BulkMessageKind>;

/** How a bulk message's content is written. HTML is sanitised before it is stored and sent. */
export const ContentFormat = { MARKDOWN: 'MARKDOWN', HTML: 'HTML' } as const;
export type ContentFormat = ValueOf<typeof ContentFormat>;

/** State of a subscription to a chef's news or to a location check. PENDING: a guest who has not confirmed. */
export const SubscriptionStatus = {
  PENDING: 'PENDING',
  SUBSCRIBED: 'SUBSCRIBED',
  UNSUBSCRIBED: 'UNSUBSCRIBED',
} as const;
export type SubscriptionStatus = ValueOf<typeof SubscriptionStatus>;

/** Who wrote an order message (spec §3 Order message). */
export const OrderMessageAuthor = { CHEF: 'CHEF', CUSTOMER: 'CUSTOMER' } as const;
export type OrderMessageAuthor = ValueOf<typeof OrderMessageAuthor>;

/** Content types (spec §9). */
export const ContentType = { HEALTH_TIP: 'HEALTH_TIP', ITEM_DETAILS: 'ITEM_DETAILS' } as const;
export type ContentType = ValueOf<typeof ContentType>;

/** Enquiry types (spec §9). */
export const EnquiryType = {
  ENQUIRY_GENERAL: 'ENQUIRY_GENERAL',
  ENQUIRY_TO_CHEF: 'ENQUIRY_TO_CHEF',
  ENQUIRY_FOR_PRICING: 'ENQUIRY_FOR_PRICING',
} as const;
export type EnquiryType = ValueOf<typeof EnquiryType>;

/** Keys an admin can search users by (spec §9). */
export const SearchByKey = { ID: 'id', EMAIL: 'email', PHONE: 'phone', KITCHEN: 'kitchen' } as const;
export type SearchByKey = ValueOf<typeof SearchByKey>;

/** Kinds of on-screen notification (spec §8). */
export const NotificationKind = {
  POSITIVE: 'positive',
  NEGATIVE: 'negative',
  WARNING: 'warning',
  INFO: 'info',
} as const;
export type NotificationKind = ValueOf<typeof NotificationKind>;

/** Job application states, in the order an application moves through them (see JOB_APPLICATION_MOVES). */
export const JobApplicationStatus = {
  RECEIVED: 'RECEIVED',
  IN_REVIEW: 'IN_REVIEW',
  INTERVIEW: 'INTERVIEW',
  REJECTED: 'REJECTED',
  HIRED: 'HIRED',
} as const;
export type JobApplicationStatus = ValueOf<typeof JobApplicationStatus>;

/**
 * Where an application may move from each state: received → in review or interview (or rejected);
 * in review → interview (or rejected); interview → hired or rejected. Rejected and hired are final.
 */
export const JOB_APPLICATION_MOVES: Readonly<Record<JobApplicationStatus, readonly JobApplicationStatus[]>> =
  {
    RECEIVED: ['IN_REVIEW', 'INTERVIEW', 'REJECTED'],
    IN_REVIEW: ['INTERVIEW', 'REJECTED'],
    INTERVIEW: ['HIRED', 'REJECTED'],
    REJECTED: [],
    HIRED: [],
  };

/** Words for an application's state, as admins and e-mails show them. */
export const JOB_APPLICATION_STATUS_LABELS: Readonly<Record<JobApplicationStatus, string>> = {
  RECEIVED: 'Received',
  IN_REVIEW: 'In review',
  INTERVIEW: 'Interview',
  REJECTED: 'Rejected',
  HIRED: 'Hired',
};

/** Payment gateways whose callbacks the API receives. */
export const PaymentGateway = {
  STRIPE: 'stripe',
  PAYPAL: 'paypal',
  CASH_FREE: 'cash-free',
  CASH: 'cash',
} as const;
export type PaymentGateway = ValueOf<typeof PaymentGateway>;

/** Outbox state of an e-mail. */
/**
 * HELD: kept in the outbox unsent because no SMTP server is configured (S-19); never counted as sent.
 * AWAITING_PAYMENT: an order confirmation staged at an online checkout, sent (QUEUED) only once the payment
 * completes, dropped (FAILED) when it never does.
 */
export const EmailState = {
  QUEUED: 'QUEUED',
  SENT: 'SENT',
  FAILED: 'FAILED',
  HELD: 'HELD',
  AWAITING_PAYMENT: 'AWAITING_PAYMENT',
} as const;
export type EmailState = ValueOf<typeof EmailState>;

/** How a monthly menu repeats: on the same day of the month, or on the same weekday of the month (e.g. 2nd Tuesday). */
export const MonthRepeatsOn = { DAY_OF_MONTH: 'DAY_OF_MONTH', WEEKDAY_OF_MONTH: 'WEEKDAY_OF_MONTH' } as const;
export type MonthRepeatsOn = ValueOf<typeof MonthRepeatsOn>;

/** Everything a chef can do to a menu; a menu's `allowedActions` lists those its state allows now. */
export const MenuAction = {
  EDIT: 'edit',
  ITEMS: 'items',
  PUBLISH: 'publish',
  PAUSE: 'pause',
  RESUME: 'resume',
  DELETE: 'delete',
  DELETE_DATE: 'deleteDate',
  UPLOAD_RECEIPTS: 'uploadReceipts',
} as const;
export type MenuAction = ValueOf<typeof MenuAction>;

/** What a chef can do to an item in one click (`POST item/{id}/{action}`). */
export const ITEM_ACTIONS = ['hide', 'show', 'soldout', 'available'] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

/** The chef's order lists (`order/fulfillOrders`, `order/archived/…`, `order/cancelled/…`). */
export const FULFILMENT_LISTS = ['active', 'archived', 'cancelled'] as const;
export type FulfilmentList = (typeof FULFILMENT_LISTS)[number];

/** What the admin's clean (`admin/clean`) removes, one kind of expired data each (issue 18). */
export const CleanCategory = {
  /** Guests' carts not changed for GUEST_CART_LIFETIME_MS. */
  GUEST_CARTS: 'GUEST_CARTS',
  /** Login sessions past their idle expiry or their absolute lifetime. */
  LOGIN_SESSIONS: 'LOGIN_SESSIONS',
  /** Stored files that no row refers to, older than a grace period. */
  ORPHANED_UPLOADS: 'ORPHANED_UPLOADS',
  /** Delivered (SENT) e-mails of the outbox older than the retention period; never undelivered ones. */
  SENT_EMAILS: 'SENT_EMAILS',
  /** Guests' follow and location-check subscriptions never confirmed. */
  UNCONFIRMED_SUBSCRIPTIONS: 'UNCONFIRMED_SUBSCRIPTIONS',
} as const;
export type CleanCategory = ValueOf<typeof CleanCategory>;
