import { PaymentMethod } from '../enums/index.js';

/** Most portions of one dish a cart line may hold (the add-to-cart form's maximum; the API refuses more). */
export const MAX_ORDER_QUANTITY = 100;

/** Most pictures one review may carry. */
export const MAX_REVIEW_IMAGES = 3;

/** Largest file accepted for upload, in bytes (5 MB): the web refuses it before sending, the API on receipt. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Payment methods a chef can accept today; the others arrive with online payments. */
export const ENABLED_PAYMENT_METHODS: readonly PaymentMethod[] = [PaymentMethod.CASH_ON_PICKUP_DELIVERY];

/**
 * Cookie marking a browser session whose silent single sign-on check has run: the web sets it before
 * sending the browser to `auth/check-sso`, and the API answers a check without it with `?_sso=0`.
 */
export const SSO_COOKIE = 'hearth_sso';

/**
 * Most orders one customer may have open (a date neither delivered nor cancelled) at a time: cash orders take
 * capacity at once without payment, so one account must not hold a kitchen's dates (security review S-08).
 */
export const MAX_OPEN_ORDERS_PER_CUSTOMER = 20;

/**
 * Most portions one customer may order from one kitchen for one date, over all their orders not cancelled
 * (spec §9's default capacity of an item's date is 10 portions).
 */
export const MAX_PORTIONS_PER_KITCHEN_DATE = 10;
