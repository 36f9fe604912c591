import type { Schemas } from '../api/schemas';

/** The admin home's numbers (`GET admin`). */
export type AdminNumbers = Schemas['AdminHomeDto'];

/** The windows the admin home offers (days back, today included); the API takes 7–90. */
export const DAY_CHOICES = [7, 14, 30, 60, 90] as const;
export const DEFAULT_DAYS = 30;

/** `?days=` as one of {@link DAY_CHOICES}, else the default. */
export function daysParam(url: URL): number {
  const n = Number.parseInt(url.searchParams.get('days') ?? '', 10);
  return (DAY_CHOICES as readonly number[]).includes(n) ? n : DEFAULT_DAYS;
}
