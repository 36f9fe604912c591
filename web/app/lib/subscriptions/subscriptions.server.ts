import { apiFetch, isApiError, totalCount } from '../api/client.server';

import { SUBSCRIPTIONS_PAGE_SIZE } from './subscriptions';
import type {
  AdminSubscriptionList,
  Confirmation,
  Subscriber,
  Subscription,
  UnsubscribeInfo,
} from './subscriptions';

export type { AdminSubscriptionList, Confirmation, Subscriber, Subscription, UnsubscribeInfo };

/** The kitchens the signed-in customer follows; none for a guest or when the API cannot say. */
export async function followedKitchens(request: Request, signedIn: boolean): Promise<Subscription[]> {
  if (!signedIn) return [];
  try {
    const { data } = await apiFetch<Subscription[]>(request, 'subscriptions/subscribed/consumer/list');
    return Array.isArray(data) ? data : [];
  } catch (error) {
    if (!isApiError(error)) throw error;
    return [];
  }
}

export async function follow(request: Request, kitchenId: string): Promise<void> {
  await apiFetch(request, `subscriptions/subscribe/consumer/${encodeURIComponent(kitchenId)}`, {
    method: 'POST',
  });
}

export async function unfollow(request: Request, kitchenId: string): Promise<void> {
  await apiFetch(request, `subscriptions/unsubscribe/consumer/${encodeURIComponent(kitchenId)}`, {
    method: 'POST',
  });
}

/** A guest asks for a kitchen's news; the API answers the same whether the address was known or not. */
export async function subscribeGuest(request: Request, email: string, publisherId: string): Promise<string> {
  const { data } = await apiFetch<{ message: string }>(request, 'subscriptions/subscribe/guest', {
    method: 'POST',
    json: { email, publisherId },
  });
  return data.message;
}

/** "Tell me when chefs deliver here" (spec Location check). */
export async function checkLocation(
  request: Request,
  check: { email: string; zipcode: string; country: string },
): Promise<string> {
  const { data } = await apiFetch<{ message: string }>(request, 'subscriptions/location', {
    method: 'POST',
    json: check,
  });
  return data.message;
}

export async function previewConfirmation(request: Request, token: string): Promise<Confirmation> {
  return (await apiFetch<Confirmation>(request, 'subscriptions/confirm', { query: { token } })).data;
}

export async function confirmSubscription(request: Request, token: string): Promise<Confirmation> {
  return (
    await apiFetch<Confirmation>(request, 'subscriptions/confirm', { method: 'POST', query: { token } })
  ).data;
}

export async function unsubscribeInfo(request: Request, token: string): Promise<UnsubscribeInfo> {
  return (await apiFetch<UnsubscribeInfo>(request, 'unsubscribe', { query: { token } })).data;
}

export async function unsubscribe(request: Request, token: string): Promise<UnsubscribeInfo> {
  return (await apiFetch<UnsubscribeInfo>(request, 'unsubscribe', { method: 'POST', query: { token } })).data;
}

export async function resubscribe(request: Request, token: string): Promise<UnsubscribeInfo> {
  return (
    await apiFetch<UnsubscribeInfo>(request, 'unsubscribe/resubscribe', { method: 'POST', query: { token } })
  ).data;
}

/** One page of the chef's own subscribers, and how many there are. */
export async function mySubscribers(
  request: Request,
  page: number,
): Promise<{ subscribers: Subscriber[]; total: number }> {
  const { data, headers } = await apiFetch<Subscriber[]>(request, 'subscriptions/subscribed/publisher/list', {
    query: { page, size: SUBSCRIPTIONS_PAGE_SIZE },
  });
  const subscribers = Array.isArray(data) ? data : [];
  return { subscribers, total: totalCount(headers) ?? subscribers.length };
}

export async function adminSubscriptions(
  request: Request,
  search: { list: AdminSubscriptionList; email: string; page: number },
): Promise<{ subscriptions: Subscription[]; total: number }> {
  const path = search.list === 'all' ? 'subscriptions/admin/all' : `subscriptions/admin/${search.list}/all`;
  const { data, headers } = await apiFetch<Subscription[]>(request, path, {
    query: { email: search.email || undefined, page: search.page, size: SUBSCRIPTIONS_PAGE_SIZE },
  });
  const subscriptions = Array.isArray(data) ? data : [];
  return { subscriptions, total: totalCount(headers) ?? subscriptions.length };
}
