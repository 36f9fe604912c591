import type {
  BrandType,
  DeliveryOption,
  DistanceUnit,
  FoodType,
  ItemStatus,
  LocationType,
  MedicalCategory,
  MenuEndsOn,
  MenuStatus,
  MenuType,
  PaymentMethod,
  PublisherStatus,
  RepeatUnit,
  StopOrdersType,
  TimeSlot,
  Weekday,
  MenuAction,
  Nutrient,
} from '@hearth/shared';

/*
 * The API's response DTOs for the chef side (api/src/modules/{publisher,settings,admin,item,menu,kitchen}/dto),
 * as far as the pages read them.
 */

/** A stored file: its storage key and the same-origin path it is served at. */
export interface FileRef {
  key: string;
  url: string;
}

/** A kitchen address or pickup place (the primary one is the kitchen's own address). */
export interface PickupLocation {
  id: string;
  isPrimary: boolean;
  name: string;
  address: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  country: string;
  locality?: string | null;
  district?: string | null;
  zipcode: string | null;
  locationType?: LocationType | '';
  deliveryNote?: string | null;
  lat: number | null;
  lng: number | null;
  isUnderUse?: boolean;
}

export interface Rating {
  value: number;
  count: number;
}

/** `GET publisher`: the signed-in user's own kitchen in any status. */
export interface PublisherDetail {
  id: string;
  kitchenName: string;
  storefrontPath: string;
  brandDisplayName: string;
  brandType: BrandType;
  status: PublisherStatus;
  statusReviewComments: string | null;
  speciality: string | null;
  profileDescription: string | null;
  logo: string | null;
  profilePicLocation: string | null;
  kitchenPictures: FileRef[];
  identityPictures: FileRef[];
  licensesAndCertifications: FileRef[];
  phoneCountryCode: string | null;
  phoneNumber: string | null;
  fullPhoneNumber: string | null;
  whatsAppCountryCode: string | null;
  whatsAppNumber: string | null;
  fullWhatsAppNumber: string | null;
  acceptAgreement: boolean;
  rating: Rating;
  country: string | null;
  currencyCode: string;
  timeZone: { timeZoneId: string; timeZoneName: string; rawOffset: number; dstOffset: number } | null;
  location: PickupLocation | null;
  pickupLocations: PickupLocation[];
  createdAt: string;
  updatedAt: string;
}

/** A kitchen in the admin's review list (`publisher/findByStatus` as an admin). */
export interface PublisherReview {
  id: string;
  kitchenName: string;
  brandDisplayName: string;
  brandType: BrandType;
  status: PublisherStatus;
  speciality: string | null;
  logo: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  currencyCode: string;
  owner: { consumerId: string; name: string | null; email: string | null };
  createdAt: string;
  updatedAt: string;
  statusReviewComments: string | null;
  fullPhoneNumber: string | null;
  fullWhatsAppNumber: string | null;
  acceptAgreement: boolean;
  identityPictures: FileRef[];
  licensesAndCertifications: FileRef[];
}

/** A kitchen in the admin's list (`admin/kitchens`), with its platform fee. */
export interface AdminKitchen extends PublisherReview {
  fee: Pick<KitchenFee, 'percentage' | 'share' | 'isDefault'>;
}

/** `admin/fetch-percentage-by-kitchen-name`. */
export interface KitchenFee {
  publisherId: string;
  kitchenName: string;
  percentage: number;
  share: string;
  isDefault: boolean;
}

/** `settings/add-cashfree-beneficiary` answer and `CASH_FREE` of the settings. */
export interface Beneficiary {
  beneId: string;
  name: string;
  email: string | null;
  phone: string | null;
  bankAccount: string;
  ifsc: string;
  address1: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  registeredWithGateway: boolean;
  createdAt: string;
}

/** `GET settings`: current values or defaults of every key that needs no payment gateway. */
export interface ChefSettings {
  ZIPCODES: string[];
  RADIUS: number;
  DELIVERY_FEES: string;
  DELIVERY_MEASUREMENT: DistanceUnit;
  PRE_ORDER_NUMBER: number;
  PRE_ORDER_DAYS_HOURS: StopOrdersType;
  DEFAULT_FULFILLMENT: DeliveryOption;
  FOOD_HANDLER_PERMIT: FileRef | null;
  TIME_ZONE: { timeZoneId: string; timeZoneName: string } | null;
  SECRET_CODE: string | null;
  PICKUP_LOCATIONS: PickupLocation[];
  PAYMENT_PREFERENCES: PaymentMethod[];
  CASH_FREE_ACCOUNT_NUMBER: string | null;
  CASH_FREE_IFSC: string | null;
  CASH_FREE: Beneficiary | null;
}

export interface Picture {
  id: string;
  url: string;
  sizes: { width: number | null; url: string }[];
}

export interface PricingOption {
  id: string;
  measurement: string;
  quantity: number;
  chefPrice: string;
  serves: number;
  currencyCode: string;
  formattedPrice?: string;
}

export type Nutrition = Record<Nutrient | `${Nutrient}_percent`, number>;

/** An item as its owner sees it (`GET item`, `GET item/{id}`). */
export interface ChefItem {
  id: string;
  publisherId: string;
  publishedBy: string;
  name: string;
  description: string | null;
  ingredients: string | null;
  organicIngredients: string | null;
  sideEffects: string | null;
  healthBenefits: string | null;
  searchTags: string[];
  medicalFriendly: MedicalCategory[];
  foodType: FoodType[];
  deliveryTimeSlots: TimeSlot[];
  deliveryOptions: DeliveryOption[];
  bestBefore: number;
  serves: number;
  maxAllowedOrders: number;
  deliveryFees: string;
  deliveryMinimumAmount: string;
  zipcodesServed: string[];
  pricingOptions: PricingOption[];
  nutrition: Partial<Nutrition>;
  itemPictures: Picture[];
  itemStatus: ItemStatus;
  soldOut: boolean;
  currencyCode: string;
  menuDates: string[];
}

export interface MenuDate {
  date: string;
  timeSlots: TimeSlot[];
  startsAt: string;
  cutoffAt: string;
  isDeleted: boolean;
  orderable: boolean;
}

/** A menu as its owner sees it (`GET menu`, `GET menu/{id}`). */
export interface ChefMenu {
  id: string;
  publisherId: string;
  name: string;
  description: string | null;
  status: MenuStatus;
  allowedActions: MenuAction[];
  menuType: MenuType;
  occurrence: RepeatUnit;
  repeatsEvery: number;
  repeatsOn: Weekday[];
  monthRepeatsOn: string | null;
  ends: { endsOnOrAfter: MenuEndsOn; endsAfterOccurrences: number; endsOnDate: string | null };
  autoExtend: boolean;
  timeZone: string | null;
  deliveryDate: string | null;
  deliveryTimeSlots: TimeSlot[];
  deliveryZipCodes: string[];
  deliveryRadius: number | null;
  deliveryFees: string | null;
  deliveryMeasurment: DistanceUnit;
  stopOrdersType: StopOrdersType;
  stopOrdersByDaysOrHours: number;
  cateringEnabled: boolean;
  stopOrdersTypeForCatering: StopOrdersType;
  stopOrdersByDaysOrHoursForCatering: number;
  eventDate: string | null;
  eventTime: string | null;
  associatedAddress: PickupLocation | null;
  delivery_order_minimum_amount: string;
  currencyCode: string;
  items: { id: string; name: string; itemStatus: ItemStatus; soldOut: boolean; picture: string | null }[];
  menuDates: MenuDate[];
}

/** `GET kitchen/{id}` (api/src/modules/kitchen/dto/kitchen-page.dto.ts). */
export interface KitchenSlot {
  slot: TimeSlot;
  label: string;
  startsAt: string;
  endsAt: string;
  startLabel: string;
  endLabel: string;
}

export interface KitchenItem {
  id: string;
  name: string;
  description: string | null;
  foodType: FoodType[];
  medicalFriendly: MedicalCategory[];
  serves: number;
  pictures: Picture[];
  pricingOptions: PricingOption[];
  /** Item-level delivery fee and minimum (decimal strings), as the cart prices them. */
  deliveryFees: string;
  deliveryMinimumAmount: string;
  fulfilmentOptions: DeliveryOption[];
  itemStatus: ItemStatus;
  soldOut: boolean;
  remaining: number | null;
  orderable: boolean;
}

export interface KitchenMenu {
  menuId: string;
  name: string;
  description: string | null;
  timeSlots: KitchenSlot[];
  cutoffAt: string;
  orderable: boolean;
  fulfilmentOptions: DeliveryOption[];
  pickupLocation: PickupLocation | null;
  deliveryFees: string | null;
  delivery_order_minimum_amount: string;
  deliveryZipCodes: string[];
  deliveryRadius: number | null;
  deliveryMeasurment: DistanceUnit | null;
  catering: { enabled: boolean; cutoffAt: string | null; eventDate: string | null; eventTime: string | null };
  items: KitchenItem[];
}

export interface KitchenDate {
  date: string;
  label: string;
  menus: KitchenMenu[];
}

/** About the chef (public pictures only). */
export interface KitchenAbout {
  profilePicture: string | null;
  kitchenPictures: string[];
  ordersServed: number;
  /** `YYYY-MM-DD` in the chef's zone. */
  memberSince: string;
}

export interface KitchenPage {
  id: string;
  kitchenName: string;
  brandDisplayName: string;
  brandType: BrandType;
  speciality: string | null;
  profileDescription: string | null;
  logo: string | null;
  rating: Rating;
  about: KitchenAbout;
  pickupLocations: PickupLocation[];
  currencyCode: string;
  timeZone: string;
  today: string;
  dates: KitchenDate[];
}
