import { DateTime } from 'luxon';
import { RRule, type Options as RRuleOptions, type Weekday as RRuleWeekday } from 'rrule';
import {
  DEFAULTS,
  MenuEndsOn,
  MenuType,
  RepeatUnit,
  StopOrdersType,
  TIME_SLOTS,
  type TimeSlot,
  type Weekday,
  MonthRepeatsOn,
  todayIn,
} from '@hearth/shared';
import { parseDate, weekdayOf } from '../../common/clock/calendar.js';

/** The parts of a menu that decide when it can be ordered for. */
export interface MenuSchedule {
  menuType: MenuType;
  /** The chef's IANA time zone; dates and slot hours are wall-clock times there. */
  timeZone: string;
  /** First (or only) delivery date, `YYYY-MM-DD` in the chef's zone. */
  deliveryDate: string;
  occurrence?: RepeatUnit;
  repeatsEvery?: number;
  /** Weekdays of a weekly menu; defaults to the weekday of the first date. */
  repeatsOn?: Weekday[];
  monthRepeatsOn?: MonthRepeatsOn | null;
  endsOnOrAfter?: MenuEndsOn;
  endsAfterOccurrences?: number;
  /** Last possible date, `YYYY-MM-DD`, when the menu ends on a date. */
  endsOnDate?: string | null;
  timeSlots: TimeSlot[];
  stopOrdersType?: StopOrdersType | null;
  stopOrdersByDaysOrHours?: number | null;
}

/** One orderable slot of one date, as instants. */
export interface SlotWindow {
  slot: TimeSlot;
  startsAt: Date;
  endsAt: Date;
  /** Orders for this slot close at this instant. */
  cutoffAt: Date;
}

/** One date a menu is offered on. */
export interface MenuOccurrence {
  /** Calendar date in the chef's zone, `YYYY-MM-DD`. */
  date: string;
  /** Slots of the date, earliest first. */
  slots: SlotWindow[];
}

const RRULE_WEEKDAY: Record<Weekday, RRuleWeekday> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};

/** Recurring menus that end "never" (auto-extended) are expanded this far ahead at most. */
export const MAX_OCCURRENCES = 400;

/**
 * Expands a menu into its dates and slot instants. Recurrence runs on calendar dates (rrule in floating
 * UTC), and each slot's wall-clock hour is then placed in the chef's zone, so a daylight-saving change
 * never moves a 5 PM slot to 4 PM or 6 PM.
 */
export function expandMenuDates(schedule: MenuSchedule, limit = MAX_OCCURRENCES): MenuOccurrence[] {
  const dates = expandCalendarDates(schedule, limit);
  return dates.map((date) => ({ date, slots: slotWindows(schedule, date) }));
}

/** The calendar dates (`YYYY-MM-DD`) of a menu, in order. */
export function expandCalendarDates(schedule: MenuSchedule, limit = MAX_OCCURRENCES): string[] {
  if (isOneTime(schedule)) return [schedule.deliveryDate];
  const options = recurrenceOptions(schedule);
  if ((schedule.endsOnOrAfter ?? MenuEndsOn.AFTER) === MenuEndsOn.ON && schedule.endsOnDate) {
    const end = parseDate(schedule.endsOnDate);
    options.until = new Date(Date.UTC(end.year, end.month - 1, end.day, 23, 59, 59));
    options.count = limit;
  } else {
    options.count = Math.min(
      limit,
      Math.max(1, schedule.endsAfterOccurrences ?? DEFAULTS.endsAfterOccurrences),
    );
  }
  const rule = new RRule(options);
  // With both UNTIL and COUNT set rrule stops at whichever comes first, which bounds open-ended menus.
  return rule.all().map(isoDate);
}

/**
 * Dates of an auto-extended recurring menu: the rule without an end, from today (in the chef's zone) up
 * to and including the `ahead`-th date whose order cut-off is still after `now`. Dates before today are
 * left out; a date of today whose cut-off has passed is included but does not count. Run daily, this
 * keeps `ahead` orderable dates in front of customers. A one-time menu gives its one date.
 */
export function expandAhead(
  schedule: MenuSchedule,
  now: Date,
  ahead: number,
  maxSteps = 4000,
): MenuOccurrence[] {
  if (isOneTime(schedule)) return expandMenuDates(schedule);
  const today = todayIn(schedule.timeZone, now);
  const wanted = Math.max(1, Math.min(ahead, MAX_OCCURRENCES));
  const found: MenuOccurrence[] = [];
  let open = 0;
  new RRule(recurrenceOptions(schedule)).all((date, i) => {
    const day = isoDate(date);
    if (day >= today) {
      const occurrence = { date: day, slots: slotWindows(schedule, day) };
      found.push(occurrence);
      if (occurrence.slots.some((s) => s.cutoffAt.getTime() > now.getTime())) open += 1;
    }
    return open < wanted && i < maxSteps;
  });
  return found;
}

function isOneTime(schedule: MenuSchedule): boolean {
  return schedule.menuType === MenuType.ONETIME || schedule.occurrence === RepeatUnit.ONETIME;
}

const isoDate = (d: Date): string => d.toISOString().slice(0, 10);

/** rrule options of a recurring menu (frequency, interval, weekdays), in floating UTC, without an end. */
function recurrenceOptions(schedule: MenuSchedule): Partial<RRuleOptions> {
  const first = parseDate(schedule.deliveryDate);
  const options: Partial<RRuleOptions> = {
    dtstart: new Date(Date.UTC(first.year, first.month - 1, first.day)),
    interval: Math.max(1, schedule.repeatsEvery ?? DEFAULTS.repeatsEvery),
  };
  switch (schedule.occurrence ?? RepeatUnit.DAYS) {
    case RepeatUnit.DAYS:
      options.freq = RRule.DAILY;
      break;
    case RepeatUnit.WEEKS: {
      options.freq = RRule.WEEKLY;
      const days = schedule.repeatsOn?.length ? schedule.repeatsOn : [weekdayOf(schedule.deliveryDate)];
      options.byweekday = [...new Set(days)].map((d) => RRULE_WEEKDAY[d]);
      options.wkst = RRule.MO;
      break;
    }
    case RepeatUnit.MONTHS: {
      options.freq = RRule.MONTHLY;
      if (schedule.monthRepeatsOn === MonthRepeatsOn.WEEKDAY_OF_MONTH) {
        const nth = Math.ceil(first.day / 7);
        // The 5th weekday does not exist in every month: use "last" so the menu lands in every month.
        const n = nth >= 5 ? -1 : nth;
        options.byweekday = [RRULE_WEEKDAY[weekdayOf(schedule.deliveryDate)].nth(n)];
      } else {
        options.bymonthday = [first.day];
      }
      break;
    }
  }
  return options;
}

/** Start, end and cut-off instants of each slot of a date, earliest first. */
export function slotWindows(
  schedule: Pick<MenuSchedule, 'timeZone' | 'timeSlots' | 'stopOrdersType' | 'stopOrdersByDaysOrHours'>,
  date: string,
): SlotWindow[] {
  const { year, month, day } = parseDate(date);
  const slots = [...new Set(schedule.timeSlots)].sort((a, b) => TIME_SLOTS[a].start - TIME_SLOTS[b].start);
  return slots.map((slot) => {
    const { start, end } = TIME_SLOTS[slot];
    const startLocal = DateTime.fromObject({ year, month, day, hour: start }, { zone: schedule.timeZone });
    if (!startLocal.isValid) throw new Error(`Invalid time zone or date: ${schedule.timeZone} ${date}`);
    const endLocal =
      end > start ? startLocal.set({ hour: end }) : startLocal.plus({ days: 1 }).set({ hour: end });
    return {
      slot,
      startsAt: startLocal.toJSDate(),
      endsAt: endLocal.toJSDate(),
      cutoffAt: cutoff(startLocal, schedule.stopOrdersType, schedule.stopOrdersByDaysOrHours).toJSDate(),
    };
  });
}

/**
 * Orders stop N hours or N days before the slot starts. Days are calendar days in the chef's zone (a
 * "2 days before 5 PM" cut-off is 5 PM two days earlier, even across a daylight-saving change).
 */
function cutoff(
  start: DateTime,
  type: StopOrdersType | null | undefined,
  amount: number | null | undefined,
): DateTime {
  const n = Math.max(0, amount ?? 0);
  if (n === 0) return start;
  return type === StopOrdersType.DAYS ? start.minus({ days: n }) : start.minus({ hours: n });
}

/** True when orders for this slot window are still accepted at `now`. */
export function isOpenForOrders(window: SlotWindow, now: Date = new Date()): boolean {
  return now.getTime() < window.cutoffAt.getTime();
}
