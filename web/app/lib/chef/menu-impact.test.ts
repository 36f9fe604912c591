import { describe, expect, it } from 'vitest';
import { confirmPath, consequences, dateList } from './menu-impact';
import type { MenuImpact } from './menu-impact';

const base: MenuImpact = {
  menuId: 'm1',
  menuName: 'Weeknight Thali',
  status: 'PUBLISHED',
  action: 'PAUSE',
  deleteType: null,
  dates: ['2030-01-01', '2030-01-03', '2030-01-08', '2030-01-10'],
  ordersByDate: [
    { date: '2030-01-01', customers: 12, orders: 13, toFulfil: 13 },
    { date: '2030-01-03', customers: 2, orders: 2, toFulfil: 1 },
  ],
  customers: 12,
  orders: 15,
  toFulfil: 14,
  carts: 3,
  allowed: true,
  refusal: null,
  refusalKey: null,
};

describe('menu change consequences', () => {
  it('lists dates shortly', () => {
    expect(dateList([])).toBe('');
    expect(dateList(['2030-01-01'])).toBe('Tue 1 Jan');
    expect(dateList(['2030-01-01', '2030-01-03'])).toBe('Tue 1 Jan and Thu 3 Jan');
    expect(dateList(base.dates)).toBe('Tue 1 Jan, Thu 3 Jan, Tue 8 Jan and 1 more date');
  });

  it('pausing: the dates that stop, who has orders (which stay), the carts, and that it can be resumed', () => {
    expect(consequences('pause', base)).toEqual({
      title: 'Pause Weeknight Thali?',
      lines: [
        'Customers stop seeing it at once: its 4 upcoming dates (Tue 1 Jan, Thu 3 Jan, Tue 8 Jan and 1 more date) can no longer be ordered.',
        '12 customers have 15 orders on Tue 1 Jan and Thu 3 Jan. Those orders stay: you still cook and hand over 14 dates, or cancel them from Kitchen orders (each customer is told why).',
        '3 shopping carts hold a dish of it for these dates: it leaves those carts the next time they are opened.',
        'You can resume it any time: its upcoming dates come back.',
      ],
      blocked: null,
      confirmLabel: 'Pause menu',
      keepLabel: 'Keep it published',
    });
  });

  it('deleting a menu with orders: nothing to confirm, and why', () => {
    const said = consequences('delete', {
      ...base,
      action: 'DELETE',
      deleteType: 'ALL',
      allowed: false,
      refusal: 'The menu has orders for 2030-01-01, 2030-01-03: pause it …',
      refusalKey: 'error.menu.hasOrders',
    });
    expect(said.blocked).toBe(
      'Weeknight Thali cannot be deleted while customers have orders on its upcoming dates.',
    );
    expect(said.lines[0]).toBe(
      '12 customers have 15 orders on Tue 1 Jan and Thu 3 Jan: a menu with orders on upcoming dates cannot be deleted. Pause it so nobody else orders, and delete it once those orders are served.',
    );
  });

  it('deleting a menu nobody ordered from, and a date of it', () => {
    const none = {
      ...base,
      ordersByDate: [],
      customers: 0,
      orders: 0,
      toFulfil: 0,
      carts: 1,
      action: 'DELETE' as const,
    };
    expect(consequences('delete', { ...none, deleteType: 'ALL' }).lines).toEqual([
      'No customer has ordered for its 4 upcoming dates (Tue 1 Jan, Thu 3 Jan, Tue 8 Jan and 1 more date).',
      'Customers can no longer order from it: 4 upcoming dates go.',
      '1 shopping cart holds a dish of it for its dates: it leaves that cart the next time it is opened.',
      'A deleted menu does not come back: to sell it again you would make a new one.',
    ]);
    const date = consequences('delete-date', {
      ...none,
      deleteType: 'DATE',
      dates: ['2030-01-08'],
      carts: 0,
    });
    expect(date).toMatchObject({
      title: 'Take Tue 8 Jan off Weeknight Thali?',
      blocked: null,
      confirmLabel: 'Take this date off',
    });
    expect(date.lines).toEqual([
      'No customer has ordered for Tue 8 Jan.',
      'Customers can no longer order Weeknight Thali for Tue 8 Jan; the other dates stay.',
      'A date taken off does not come back, even if you edit the menu later.',
    ]);
  });

  it("says the API's own reason when a change is refused for another reason than orders", () => {
    const said = consequences('delete-date', {
      ...base,
      dates: ['2020-01-01'],
      customers: 0,
      ordersByDate: [],
      allowed: false,
      refusal: '2020-01-01 has passed; only upcoming dates can be deleted.',
      refusalKey: 'error.menu.datePassed',
    });
    expect(said.blocked).toBe('2020-01-01 has passed; only upcoming dates can be deleted.');
  });

  it('links to the confirm page of each change', () => {
    expect(confirmPath('m 1', 'delete-date', '2030-01-08')).toBe(
      '/l/manage-menus/m%201/confirm?change=delete-date&date=2030-01-08',
    );
    expect(confirmPath('m1', 'pause')).toBe('/l/manage-menus/m1/confirm?change=pause');
  });
});
