import { ITEM_ACTIONS, type ItemAction } from '@hearth/shared';
import { apiFetch } from '../api/client.server';
import type { ChefItem } from './chef-types';
import { forwardFiles } from '../http/multipart.server';

const id = (itemId: string) => encodeURIComponent(itemId);

/** The chef's items (not deleted), at most 100: a kitchen's whole list on one page. */
export async function listItems(request: Request): Promise<ChefItem[]> {
  const { data } = await apiFetch<ChefItem[]>(request, 'item', { query: { page: 0, size: 100 } });
  return Array.isArray(data) ? data : [];
}

export async function getItem(request: Request, itemId: string): Promise<ChefItem> {
  return (await apiFetch<ChefItem>(request, `item/${id(itemId)}`)).data;
}

export async function createItem(request: Request, body: Record<string, unknown>): Promise<ChefItem> {
  return (await apiFetch<ChefItem>(request, 'item', { method: 'POST', json: body })).data;
}

export async function updateItem(
  request: Request,
  itemId: string,
  body: Record<string, unknown>,
): Promise<ChefItem> {
  return (await apiFetch<ChefItem>(request, `item/${id(itemId)}`, { method: 'PUT', json: body })).data;
}

export async function deleteItem(request: Request, itemId: string): Promise<void> {
  await apiFetch(request, `item/${id(itemId)}`, { method: 'DELETE' });
}

export async function cloneItem(request: Request, itemId: string): Promise<ChefItem> {
  return (await apiFetch<ChefItem>(request, 'item/clone-item', { method: 'POST', json: { itemId } })).data;
}

export function isItemAction(value: unknown): value is ItemAction {
  return typeof value === 'string' && (ITEM_ACTIONS as readonly string[]).includes(value);
}

export async function actOnItem(request: Request, itemId: string, action: ItemAction): Promise<ChefItem> {
  return (await apiFetch<ChefItem>(request, `item/${id(itemId)}/${action}`, { method: 'POST' })).data;
}

export async function addItemPictures(request: Request, itemId: string, files: File[]): Promise<ChefItem> {
  return (await forwardFiles<ChefItem>(request, `item/${id(itemId)}/pictures`, 'files', files)).data;
}

export async function removeItemPicture(
  request: Request,
  itemId: string,
  pictureId: string,
): Promise<ChefItem> {
  return (
    await apiFetch<ChefItem>(request, `item/${id(itemId)}/pictures/${encodeURIComponent(pictureId)}`, {
      method: 'DELETE',
    })
  ).data;
}
