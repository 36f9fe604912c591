import { isIsoDate } from '@hearth/shared';
import { apiFetch } from '../api/client.server';
import type { Schemas } from '../api/schemas';

export type Receipt = Schemas['ReceiptDto'];
export type MenuReceipts = Schemas['MenuReceiptsDto'];
export type MenuHistoryEntry = Schemas['MenuHistoryDto'];

const id = (value: string) => encodeURIComponent(value);

/** A menu's receipts and the dates a receipt may be for. */
export async function menuReceipts(request: Request, menuId: string): Promise<MenuReceipts> {
  return (await apiFetch<MenuReceipts>(request, `menu/${id(menuId)}/receipts`)).data;
}

/** Sends receipts on to the API for one of the menu's dates ('' or null: the whole menu). */
export async function uploadReceipts(
  request: Request,
  menuId: string,
  files: File[],
  date: string | null,
): Promise<void> {
  const body = new FormData();
  if (date) body.append('date', date);
  for (const file of files) body.append('files', file, file.name);
  await apiFetch(request, `menu/${id(menuId)}/upload_receipts`, { method: 'POST', body, timeoutMs: 60_000 });
}

/** Takes a receipt off a menu (and out of storage). */
export async function deleteReceipt(request: Request, menuId: string, receiptId: string): Promise<void> {
  await apiFetch(request, `menu/${id(menuId)}/receipts/${id(receiptId)}`, { method: 'DELETE' });
}

/** The menu's history, newest first (the API answers oldest first). */
export async function menuHistory(request: Request, menuId: string): Promise<MenuHistoryEntry[]> {
  const { data } = await apiFetch<MenuHistoryEntry[]>(request, `menu/${id(menuId)}/history`);
  return Array.isArray(data) ? [...data].reverse() : [];
}

/**
 * The signed-in chef's receipts of all their menus for each of `dates` (cook dates, YYYY-MM-DD), for the
 * fulfilment board: every date asked for is a key (an empty list when it has none). Dates that are not
 * dates are left out; a date whose receipts could not be read counts as none rather than failing the board.
 */
export async function receiptsForDates(
  request: Request,
  dates: readonly string[],
): Promise<Record<string, Receipt[]>> {
  const wanted = [...new Set(dates.filter((d) => isIsoDate(d)))];
  const lists = await Promise.all(
    wanted.map((date) =>
      apiFetch<Receipt[]>(request, 'order/receipts', { query: { date } })
        .then(({ data }) => (Array.isArray(data) ? data : []))
        .catch(() => [] as Receipt[]),
    ),
  );
  return Object.fromEntries(wanted.map((date, i) => [date, lists[i]]));
}
