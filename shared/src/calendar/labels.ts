import { isIsoDate } from './dates.js';

const DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date `YYYY-MM-DD` (a kitchen's day, never shifted by a zone) as pages, e-mails and the API's
 * sentences write it: "Tue, Nov 24". Anything that is not a calendar date is returned as given.
 */
export function dayLabel(date: string): string {
  if (!isIsoDate(date)) return date;
  const [year, month, day] = date.split('-').map(Number);
  return DAY.format(new Date(Date.UTC(year, month - 1, day)));
}
