import type { Schemas } from '../api/schemas';

export type Dashboard = Schemas['DashboardDto'];

/** The windows the page offers (weeks back, this week included); the API takes 1–52. */
export const WEEK_CHOICES = [4, 8, 12, 26, 52] as const;
export const DEFAULT_WEEKS = 12;

/** `?weeks=` as one of {@link WEEK_CHOICES}, else the default. */
export function weeksParam(url: URL): number {
  const n = Number.parseInt(url.searchParams.get('weeks') ?? '', 10);
  return (WEEK_CHOICES as readonly number[]).includes(n) ? n : DEFAULT_WEEKS;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-23` → `23 Nov` (the same on the server and in the browser: no locale involved). */
export function shortDay(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${day ?? ''} ${MONTHS[(month ?? 1) - 1] ?? ''}`;
}
