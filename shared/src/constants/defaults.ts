/** Business constants and defaults of spec §3 and §9. */
export const DEFAULTS = {
  /** Search distance (miles in the US, km elsewhere). */
  searchDistance: 15,
  maxAllowedOrders: 10,
  /** Price of a pricing option, in the chef's currency. */
  chefPrice: '8.99',
  serves: 3,
  bestBefore: 3,
  measurement: 'Kgs',
  quantity: 1,
  orderQuantity: 1,
  deliveryMinimumAmount: '0',
  medicalFriendly: 'General Wellness',
  foodTypes: ['VEG', 'ORGANIC'],
  deliveryTimeSlots: ['PM_5_7'],
  deliveryOptions: ['PICKUP', 'DELIVERY'],
  addressName: 'Home',
  country: 'United States',
  ratingValue: 5,
  ratingCount: 1,
  reviewRating: 5,
  menuStatus: 'DRAFT',
  menuType: 'ONETIME',
  repeatsEvery: 1,
  occurrence: 'days',
  endsOnOrAfter: 'After',
  endsAfterOccurrences: 3,
  autoExtend: false,
  cateringEnabled: false,
  stopOrdersTypeForCatering: 'Days',
  stopOrdersByDaysOrHoursForCatering: 2,
  orderStatus: 'PLACED',
  paymentStatus: 'INITIATED',
  deliveryOption: 'DELIVERY',
  payoutRefundStatus: 'DEFAULT',
  /** Platform fee share of the chef's net amount. */
  vsFees: '0.2',
  pageSize: 3,
  page: 0,
} as const;

/** How long a notification stays on screen (spec §9), in milliseconds. */
export const NOTIFICATION_DURATION_MS = 3500;
/** Login state lifetime (spec §9): 1 hour. Sessions end after this long idle. */
export const SESSION_IDLE_MS = 60 * 60 * 1000;
/** Absolute session lifetime (S-16): a session ends this long after sign-in, however often it is used. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Interval of the single-sign-on session check (spec §9). */
export const SESSION_CHECK_INTERVAL_MS = 60_000;
/** How often the service worker looks for an update (spec §9). */
export const SERVICE_WORKER_UPDATE_INTERVAL_MS = 3600 * 1000;
/** How long the page-reload marker after a chunk error or new build lasts (spec §9). */
export const RELOAD_MARKER_MS = 10_000;
/** How often the web client fetches the build metadata file to detect a new build. */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60 * 1000;
/**
 * How long a guest's cart (one without a signed-in customer) is kept after its last change: its cookie
 * lives this long, and a scheduled job deletes the carts left alone longer. Customers' carts are kept.
 */
export const GUEST_CART_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/** Screen breakpoints in pixels (spec §9). */
export const BREAKPOINTS = { sm: 600, md: 1024, lg: 1440, xl: 1920 } as const;

/** Scroll animation defaults (spec §9). */
export const SCROLL_ANIMATION = { offset: 120, duration: 400, easing: 'ease', delay: 0 } as const;

/** The brand tagline (spec §1). */
export const TAGLINE = 'Hearth empowers home chefs to sell online and launch a kitchen brand';

/** Request header carrying the user's IANA time zone. */
export const TIME_ZONE_HEADER = 'X-Time-Zone';

/** Path prefix of every API endpoint. */
export const API_PREFIX = '/services/publisher/api';

/** Fragments that make a `/{id}` page id invalid (spec §2, §5). */
export const FORBIDDEN_ID_FRAGMENTS = [
  '.html',
  '.txt',
  '.js.map',
  'logo-min.png',
  'highlight-client-worker',
  'image-bitmap-data-url-worker',
  '#state=',
] as const;

/** True when a `/{id}` page id contains a forbidden fragment. */
export function isForbiddenPageId(id: string): boolean {
  return FORBIDDEN_ID_FRAGMENTS.some((f) => id.includes(f));
}
