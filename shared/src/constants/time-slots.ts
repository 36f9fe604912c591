import type { ValueOf } from '../enums/index.js';

/** Delivery and pickup time slots (spec §9). */
export const TimeSlot = {
  AM_9_11: 'AM_9_11',
  AM_11_1PM: 'AM_11_1PM',
  PM_3_5: 'PM_3_5',
  PM_5_7: 'PM_5_7',
  BREAKFAST_8AM: 'BREAKFAST_8AM',
  LUNCH_12PM: 'LUNCH_12PM',
  SNACK_3PM: 'SNACK_3PM',
  DINNER_7PM: 'DINNER_7PM',
  DINNER_9PM: 'DINNER_9PM',
  AM_1_5AM: 'AM_1_5AM',
  AM_7_9: 'AM_7_9',
  PM_1_3: 'PM_1_3',
  PM_7_9: 'PM_7_9',
  PM_8_10: 'PM_8_10',
  PM_9_11: 'PM_9_11',
  PM_11_1AM: 'PM_11_1AM',
} as const;
export type TimeSlot = ValueOf<typeof TimeSlot>;

/** Start and end hour (0–23, in the chef's time zone) and a label of each slot. An end hour below the start hour falls on the next day. */
export const TIME_SLOTS: Readonly<Record<TimeSlot, { start: number; end: number; label: string }>> = {
  BREAKFAST_8AM: { start: 8, end: 9, label: 'Breakfast, 8 AM' },
  AM_1_5AM: { start: 1, end: 5, label: '1 AM – 5 AM' },
  AM_7_9: { start: 7, end: 9, label: '7 AM – 9 AM' },
  AM_9_11: { start: 9, end: 11, label: '9 AM – 11 AM' },
  AM_11_1PM: { start: 11, end: 13, label: '11 AM – 1 PM' },
  LUNCH_12PM: { start: 12, end: 13, label: 'Lunch, 12 PM' },
  PM_1_3: { start: 13, end: 15, label: '1 PM – 3 PM' },
  PM_3_5: { start: 15, end: 17, label: '3 PM – 5 PM' },
  SNACK_3PM: { start: 15, end: 16, label: 'Snack, 3 PM' },
  PM_5_7: { start: 17, end: 19, label: '5 PM – 7 PM' },
  DINNER_7PM: { start: 19, end: 20, label: 'Dinner, 7 PM' },
  PM_7_9: { start: 19, end: 21, label: '7 PM – 9 PM' },
  PM_8_10: { start: 20, end: 22, label: '8 PM – 10 PM' },
  DINNER_9PM: { start: 21, end: 22, label: 'Dinner, 9 PM' },
  PM_9_11: { start: 21, end: 23, label: '9 PM – 11 PM' },
  PM_11_1AM: { start: 23, end: 1, label: '11 PM – 1 AM' },
};

/** Start hour of a time slot in the chef's time zone. */
export function slotStartHour(slot: TimeSlot): number {
  return TIME_SLOTS[slot].start;
}

/**
 * Time slots ordered by start hour; slots starting at the same hour keep their order in {@link TIME_SLOTS}
 * (PM_3_5 before SNACK_3PM). Used to find a date's "first" slot (`firstTimeSlot`).
 */
export const TIME_SLOTS_BY_START: readonly TimeSlot[] = (Object.keys(TIME_SLOTS) as TimeSlot[]).sort(
  (a, b) => TIME_SLOTS[a].start - TIME_SLOTS[b].start,
);
