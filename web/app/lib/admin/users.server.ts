import type { Schemas } from '../api/schemas';
import { apiFetch, totalCount } from '../api/client.server';
import type { UserSearchKey } from './users';

/** A person as the admin's search lists them (AdminUserHitDto). */
export type AdminUserHit = Schemas['AdminUserHitDto'];
/** A person's profile as an admin sees it (AdminUserDto). */
export type AdminUser = Schemas['AdminUserDto'];
/** A dish as the admin moderates its pictures (ItemDto, privileged: the pictures even when hidden). */
export type AdminItem = Schemas['ItemDto'];

/** `admin/users?searchBy=&query=`: one page of people, newest first, and the total. */
export async function searchUsers(
  request: Request,
  searchBy: UserSearchKey,
  query: string,
  page: number,
  size: number,
): Promise<{ items: AdminUserHit[]; total: number }> {
  const { data, headers } = await apiFetch<AdminUserHit[]>(request, 'admin/users', {
    query: { searchBy, query, page, size },
  });
  const items = Array.isArray(data) ? data : [];
  return { items, total: totalCount(headers) ?? items.length };
}

export async function getAdminUser(request: Request, id: string): Promise<AdminUser> {
  return (await apiFetch<AdminUser>(request, `admin/users/${encodeURIComponent(id)}`)).data;
}

export async function disableUser(request: Request, id: string, reason: string): Promise<void> {
  await apiFetch(request, `admin/users/${encodeURIComponent(id)}/disable`, {
    method: 'POST',
    json: { reason },
  });
}

export async function enableUser(request: Request, id: string): Promise<void> {
  await apiFetch(request, `admin/users/${encodeURIComponent(id)}/enable`, { method: 'POST' });
}

export async function getAdminItem(request: Request, id: string): Promise<AdminItem> {
  return (await apiFetch<AdminItem>(request, `item/${encodeURIComponent(id)}`)).data;
}

export async function hideItemPictures(request: Request, id: string, reason: string): Promise<void> {
  await apiFetch(request, `admin/items/${encodeURIComponent(id)}/block-image`, {
    method: 'POST',
    json: { reason },
  });
}

export async function showItemPictures(request: Request, id: string): Promise<void> {
  await apiFetch(request, `admin/items/${encodeURIComponent(id)}/unblock-image`, { method: 'POST' });
}

export async function hideKitchenPicture(
  request: Request,
  publisherId: string,
  key: string,
  reason: string,
): Promise<void> {
  await apiFetch(request, `admin/kitchens/${encodeURIComponent(publisherId)}/block-picture`, {
    method: 'POST',
    json: { key, reason },
  });
}

export async function showKitchenPicture(request: Request, publisherId: string, key: string): Promise<void> {
  await apiFetch(request, `admin/kitchens/${encodeURIComponent(publisherId)}/unblock-picture`, {
    method: 'POST',
    json: { key },
  });
}
