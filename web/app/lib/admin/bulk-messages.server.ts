import { apiFetch, totalCount } from '../api/client.server';
import { listOf, optionalText, textOf } from '../forms/form-values';
import type { FormValues } from '../forms/form-values';
import type {
  BulkMessage,
  BulkPreview,
  BulkRecipient,
  BulkUserMatch,
  BulkItemMatch,
  KitchenMatch,
  RecipientState,
} from './bulk-message-types';
import { HISTORY_PAGE_SIZE, RECIPIENTS_PAGE_SIZE } from './bulk-message-types';

/** The compose form's inputs, as the API names its fields where they are the same. */
export const COMPOSE_FIELDS = [
  'target_group',
  'to',
  'target_chef',
  'template_type',
  'content_format',
  'subject',
  'content',
  'item_ids',
  'user_query',
  'kitchen_query',
  'item_query',
] as const;

/**
 * The API's body from the compose form. TEST_EMAIL without an address goes to the admin's own; ONE_USER's
 * `to` is the picked user's id; EXTERNAL's `to` is the textarea as typed (the API splits it and says which
 * address is not one). Fields that do not apply to the chosen group are left out.
 */
export function composeBody(values: FormValues, adminEmail: string | null): Record<string, unknown> {
  const group = textOf(values, 'target_group');
  const template = optionalText(textOf(values, 'template_type'));
  const body: Record<string, unknown> = {
    target_group: group,
    subject: textOf(values, 'subject'),
    content: textOf(values, 'content'),
    content_format: optionalText(textOf(values, 'content_format')) ?? 'MARKDOWN',
  };
  if (template) body.template_type = template;
  if (template === 'ITEM_DETAILS') body.item_ids = listOf(values, 'item_ids');
  if (group === 'EXTERNAL') body.to = textOf(values, 'to');
  if (group === 'TEST_EMAIL') body.to = optionalText(textOf(values, 'to')) ?? adminEmail ?? undefined;
  if (group === 'ONE_USER') body.to = optionalText(textOf(values, 'one_user'));
  if (group === 'CUSTOMERS') {
    const chef = optionalText(textOf(values, 'target_chef'));
    if (chef) body.target_chef = chef;
  }
  return body;
}

export async function previewBulkMessage(
  request: Request,
  body: Record<string, unknown>,
): Promise<BulkPreview> {
  return (await apiFetch<BulkPreview>(request, 'admin/bulk-messages/preview', { method: 'POST', json: body }))
    .data;
}

export async function sendBulkMessage(request: Request, body: Record<string, unknown>): Promise<BulkMessage> {
  return (await apiFetch<BulkMessage>(request, 'admin', { method: 'POST', json: body })).data;
}

/** One page (from 0) of past sends, newest first, and how many there are. */
export async function listBulkMessages(
  request: Request,
  page: number,
): Promise<{ messages: BulkMessage[]; total: number }> {
  const { data, headers } = await apiFetch<BulkMessage[]>(request, 'admin/bulk-messages', {
    query: { page, size: HISTORY_PAGE_SIZE },
  });
  const messages = Array.isArray(data) ? data : [];
  return { messages, total: totalCount(headers) ?? messages.length };
}

export async function getBulkMessage(request: Request, id: string): Promise<BulkMessage> {
  return (await apiFetch<BulkMessage>(request, `admin/bulk-messages/${encodeURIComponent(id)}`)).data;
}

export async function listRecipients(
  request: Request,
  id: string,
  filter: { state: RecipientState | null; page: number },
): Promise<{ recipients: BulkRecipient[]; total: number }> {
  const { data, headers } = await apiFetch<BulkRecipient[]>(
    request,
    `admin/bulk-messages/${encodeURIComponent(id)}/recipients`,
    { query: { state: filter.state ?? undefined, page: filter.page, size: RECIPIENTS_PAGE_SIZE } },
  );
  const recipients = Array.isArray(data) ? data : [];
  return { recipients, total: totalCount(headers) ?? recipients.length };
}

export type BulkControl = 'pause' | 'resume' | 'cancel';

export async function controlBulkMessage(
  request: Request,
  id: string,
  control: BulkControl,
): Promise<BulkMessage> {
  return (
    await apiFetch<BulkMessage>(request, `admin/bulk-messages/${encodeURIComponent(id)}/${control}`, {
      method: 'POST',
    })
  ).data;
}

/** People found by e-mail, name or id, for ONE_USER. */
export async function findUsers(request: Request, query: string): Promise<BulkUserMatch[]> {
  const { data } = await apiFetch<BulkUserMatch[]>(request, 'admin/bulk-messages/users', {
    query: { query },
  });
  return Array.isArray(data) ? data : [];
}

/** Dishes found by name, for ITEM_DETAILS. */
export async function findItems(request: Request, query: string): Promise<BulkItemMatch[]> {
  const { data } = await apiFetch<BulkItemMatch[]>(request, 'admin/bulk-messages/items', {
    query: { query },
  });
  return Array.isArray(data) ? data : [];
}

/** Kitchens found by name or owner (the admin's kitchen list), for CUSTOMERS' target chef. */
export async function findKitchens(request: Request, query: string): Promise<KitchenMatch[]> {
  const { data } = await apiFetch<KitchenMatch[]>(request, 'admin/kitchens', {
    query: { query, page: 0, size: 10 },
  });
  return (Array.isArray(data) ? data : []).map((k) => ({
    id: k.id,
    kitchenName: k.kitchenName,
    brandDisplayName: k.brandDisplayName,
  }));
}
