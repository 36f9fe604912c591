/**
 * Pure helpers of the dashboard (issue 17 item 7): the windows it reads and the zero-filled series it
 * answers. The numbers themselves are summed in SQL (dashboard.service.ts); these only place them on the
 * calendar, so a week with nothing still shows (as a zero bar).
 */

/** `YYYY-MM-DD` plus `days` (negative to go back), on the calendar (no time zone involved). */
export function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday of the ISO week `date` is in (PostgreSQL's `date_trunc('week', …)` agrees). */
export function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return plusDays(date, -((day + 6) % 7));
}

export interface DashboardWindow {
  /** The kitchen's today (platform: UTC). */
  today: string;
  /** Mondays of the weeks shown, oldest first; the last is this week. */
  weeks: string[];
  /** First and last day of the weekly window (a Monday and a Sunday). */
  from: string;
  to: string;
  /** The cook dates shown one by one: `days` back and `days` ahead of today. */
  datesFrom: string;
  datesTo: string;
}

/** The last `weeks` weeks up to and including this one, and today ± `days` for the per-date plot. */
export function dashboardWindow(today: string, weeks: number, days: number): DashboardWindow {
  const thisWeek = mondayOf(today);
  const mondays = Array.from({ length: weeks }, (_, i) => plusDays(thisWeek, -7 * (weeks - 1 - i)));
  return {
    today,
    weeks: mondays,
    from: mondays[0] ?? thisWeek,
    to: plusDays(thisWeek, 6),
    datesFrom: plusDays(today, -days),
    datesTo: plusDays(today, days),
  };
}

/** One row per week of `weeks`, taken from `rows` (keyed by their Monday) or made by `empty`. */
export function fillWeeks<T extends { week: string }>(
  weeks: readonly string[],
  rows: readonly T[],
  empty: (week: string) => T,
): T[] {
  const byWeek = new Map(rows.map((r) => [r.week, r]));
  return weeks.map((week) => byWeek.get(week) ?? empty(week));
}

/** `part / whole` rounded to 4 decimals (0.3333), or 0 when the whole is 0. */
export function share(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0;
}
