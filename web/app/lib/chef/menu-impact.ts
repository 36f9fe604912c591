import type { Schemas } from '../api/schemas';
import { calendarDateLabel } from '../format/chef-format';
import { MANAGE_MENUS } from './chef-paths';

/** A change of a menu that asks for confirmation first. */
export type MenuChange = 'pause' | 'delete' | 'delete-date';

export function isMenuChange(value: unknown): value is MenuChange {
  return value === 'pause' || value === 'delete' || value === 'delete-date';
}

/** `/l/manage-menus/{id}/confirm?change=pause|delete|delete-date[&date=]`: where the chef's buttons lead. */
export function confirmPath(menuId: string, change: MenuChange, date?: string): string {
  const query = new URLSearchParams({ change, ...(date ? { date } : {}) });
  return `${MANAGE_MENUS}/${encodeURIComponent(menuId)}/confirm?${query}`;
}

/** Orders of one date (`menu/{id}/impact`). */
export type MenuImpactDate = Schemas['MenuImpactDateDto'];

/** What pausing or deleting would do now, as the API counts it (`GET menu/{id}/impact`). */
export type MenuImpact = Schemas['MenuImpactDto'];

/** The confirm step, said in words: what is asked, what will happen, and the buttons. */
export interface Consequences {
  title: string;
  /** What will happen, one sentence each, with the database's numbers. */
  lines: string[];
  /** Why it cannot be done now (nothing to confirm then), else null. */
  blocked: string | null;
  confirmLabel: string;
  keepLabel: string;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "Tue 1 Dec", "Tue 1 Dec and Thu 3 Dec", "Tue 1 Dec, Thu 3 Dec and 4 more dates". */
export function dateList(dates: readonly string[], shown = 3): string {
  const labels = dates.slice(0, shown).map((d) => calendarDateLabel(d));
  const rest = dates.length - labels.length;
  if (rest > 0) return `${labels.join(', ')} and ${plural(rest, 'more date')}`;
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** "3 customers have orders on Tue 1 Dec and Thu 3 Dec" (the orders of `impact`, which must have some). */
function whoOrdered(impact: MenuImpact): string {
  const dates = impact.ordersByDate.map((d) => d.date);
  return `${plural(impact.customers, 'customer')} ${impact.customers === 1 ? 'has' : 'have'} ${plural(impact.orders, 'order')} on ${dateList(dates)}`;
}

function cartsLine(impact: MenuImpact, which: string): string | null {
  if (impact.carts === 0) return null;
  const carts = plural(impact.carts, 'shopping cart');
  return `${carts} ${impact.carts === 1 ? 'holds' : 'hold'} a dish of it for ${which}: it leaves ${impact.carts === 1 ? 'that cart' : 'those carts'} the next time ${impact.carts === 1 ? 'it is' : 'they are'} opened.`;
}

/** Why there is nothing to confirm: orders, said in words (the lines give the numbers), else the API's sentence. */
function blockedBy(change: MenuChange, impact: MenuImpact): string | null {
  if (impact.allowed) return null;
  if (impact.refusalKey === 'error.menu.hasOrders') {
    return `${impact.menuName} cannot be deleted while customers have orders on its upcoming dates.`;
  }
  if (impact.refusalKey === 'error.menu.dateHasOrders' && change === 'delete-date') {
    return `${calendarDateLabel(impact.dates[0] ?? '')} cannot be taken off while customers have orders for it.`;
  }
  return impact.refusal ?? 'This cannot be done now.';
}

/**
 * The consequences of pausing a menu, deleting it or taking one date off, from the API's counts and with
 * what ADR 008 says happens: paused menus keep their orders and come back on resume; a menu or date with
 * orders cannot be deleted; a deleted menu or date does not come back.
 */
export function consequences(change: MenuChange, impact: MenuImpact): Consequences {
  const name = impact.menuName;
  const blocked = blockedBy(change, impact);
  if (change === 'pause') {
    const lines = [
      impact.dates.length === 0
        ? 'Customers stop seeing it at once.'
        : `Customers stop seeing it at once: its ${plural(impact.dates.length, 'upcoming date')} (${dateList(impact.dates)}) can no longer be ordered.`,
      impact.customers === 0
        ? 'No customer has ordered for these dates.'
        : `${whoOrdered(impact)}. Those orders stay: you still cook and hand over ${plural(impact.toFulfil, 'date')}, or cancel them from Kitchen orders (each customer is told why).`,
      cartsLine(impact, 'these dates'),
      'You can resume it any time: its upcoming dates come back.',
    ];
    return {
      title: `Pause ${name}?`,
      lines: lines.filter((l): l is string => l !== null),
      blocked,
      confirmLabel: 'Pause menu',
      keepLabel: 'Keep it published',
    };
  }
  if (change === 'delete-date') {
    const date = impact.dates[0] ?? '';
    const day = calendarDateLabel(date);
    const lines = [
      impact.customers === 0
        ? `No customer has ordered for ${day}.`
        : `${whoOrdered(impact)}: the date cannot be taken off until those orders are cancelled (from Kitchen orders; each customer is told why).`,
      `Customers can no longer order ${name} for ${day}; the other dates stay.`,
      cartsLine(impact, day),
      'A date taken off does not come back, even if you edit the menu later.',
    ];
    return {
      title: `Take ${day} off ${name}?`,
      lines: lines.filter((l): l is string => l !== null),
      blocked,
      confirmLabel: 'Take this date off',
      keepLabel: 'Keep the date',
    };
  }
  const lines = [
    impact.customers === 0
      ? impact.dates.length === 0
        ? 'It has no upcoming dates, so nobody has ordered from it.'
        : `No customer has ordered for its ${plural(impact.dates.length, 'upcoming date')} (${dateList(impact.dates)}).`
      : `${whoOrdered(impact)}: a menu with orders on upcoming dates cannot be deleted. Pause it so nobody else orders, and delete it once those orders are served.`,
    impact.dates.length > 0
      ? `Customers can no longer order from it: ${plural(impact.dates.length, 'upcoming date')} ${impact.dates.length === 1 ? 'goes' : 'go'}.`
      : null,
    cartsLine(impact, 'its dates'),
    'A deleted menu does not come back: to sell it again you would make a new one.',
  ];
  return {
    title: `Delete ${name}?`,
    lines: lines.filter((l): l is string => l !== null),
    blocked,
    confirmLabel: 'Delete menu',
    keepLabel: 'Keep the menu',
  };
}
