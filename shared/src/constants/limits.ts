/** Most portions of one dish a cart line may hold (the add-to-cart form's maximum; the API refuses more). */
export const MAX_ORDER_QUANTITY = 100;

/** Most pictures one review may carry. */
export const MAX_REVIEW_IMAGES = 3;

/** Largest file accepted for upload, in bytes (5 MB): the web refuses it before sending, the API on receipt. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Largest résumé a job applicant may upload (PDF, DOC or DOCX, judged by its bytes): the upload cap. */
export const MAX_RESUME_BYTES = MAX_UPLOAD_BYTES;

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
/** The session cookie over plain HTTP (development, tests). */
export const SESSION_COOKIE = 'hearth_session';
/**
 * The session cookie whenever cookies are Secure (production, or an https web origin): the `__Host-`
 * prefix makes the browser refuse it unless it is Secure, has Path=/ and no Domain (S-16).
 */
export const SECURE_SESSION_COOKIE = '__Host-hearth_session';
/** Every name the session cookie can have, for code that only asks whether one is there. */
export const SESSION_COOKIES = [SESSION_COOKIE, SECURE_SESSION_COOKIE] as const;

/** A payout-account change needs a sign-in at most this old (step-up, S-09); older ones sign in again. */
export const STEP_UP_MAX_AGE_MS = 10 * 60 * 1000;
/** The problem `message` of a refused step-up: the web then signs the user in again and comes back. */
export const STEP_UP_MESSAGE = 'error.auth.stepUp';
