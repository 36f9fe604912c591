import type { Schemas } from '../api/schemas';

/** A subscription to a kitchen's news (`subscriptions/*`). */
export type Subscription = Schemas['SubscriptionDto'];
/** One of a chef's subscribers (addresses masked). */
export type Subscriber = Schemas['SubscriberDto'];
/** What a confirmation link confirms. */
export type Confirmation = Schemas['ConfirmationDto'];
/** What an unsubscribe link unsubscribes from, and the state now. */
export type UnsubscribeInfo = Schemas['UnsubscribeInfoDto'];
/** Which of the admin's lists: every subscription, the subscribed ones or the unsubscribed ones. */
export type AdminSubscriptionList = 'all' | 'subscribed' | 'unsubscribed';

/** Rows per page of the chef's and the admin's lists. */
export const SUBSCRIPTIONS_PAGE_SIZE = 20;
