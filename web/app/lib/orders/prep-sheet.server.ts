import { apiFetch } from '../api/client.server';
import type { Schemas } from '../api/schemas';

export type PrepSheet = Schemas['PrepSheetDto'];

/** The prep sheet of one cook date (and slot) of the signed-in chef's kitchen. */
export async function prepSheet(request: Request, date: string, timeSlot: string | null): Promise<PrepSheet> {
  const { data } = await apiFetch<PrepSheet>(request, 'order/prep-sheet', {
    query: { date, ...(timeSlot ? { timeSlot } : {}) },
  });
  return data;
}

/** Where the browser downloads the CSV (through the web server's API proxy, with the chef's cookie). */
export function prepSheetCsvHref(date: string, timeSlot: string | null): string {
  const q = new URLSearchParams({ date, ...(timeSlot ? { timeSlot } : {}) });
  return `/services/publisher/api/order/prep-sheet.csv?${q.toString()}`;
}
