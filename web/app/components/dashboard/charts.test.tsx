// @vitest-environment jsdom
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '~/lib/dashboard/dashboard';
import {
  BarList,
  ChartFigure,
  ColumnChart,
  DataTable,
  LineChart,
  linearScale,
  niceMax,
  ShareBar,
} from './charts';
import { DashboardView } from './dashboard-view';

afterEach(cleanup);

const heights = (svg: Element, series?: string) =>
  [...svg.querySelectorAll(series ? `rect[data-series="${series}"]` : 'rect')].map((r) =>
    Number(r.getAttribute('height')),
  );

describe('scales', () => {
  it('maps 0…max linearly and draws nothing for an all-zero chart', () => {
    expect(linearScale(10, 200)(5)).toBe(100);
    expect(linearScale(10, 200)(-3)).toBe(0);
    expect(linearScale(0, 200)(0)).toBe(0);
    expect([niceMax(7), niceMax(61.49), niceMax(1050), niceMax(0), niceMax(5)]).toEqual([8, 80, 1200, 0, 5]);
  });
});

describe('ColumnChart', () => {
  it('draws bars in proportion to their values, a zero bar for an empty week, with labels and an aria summary', () => {
    render(
      <ColumnChart
        label="Sales per week: 2 Mar $40, 9 Mar $0, 16 Mar $20"
        categories={['2 Mar', '9 Mar', '16 Mar']}
        series={[{ name: 'Sales', values: [40, 0, 20], fill: 'fill-ember-600' }]}
        height={200}
      />,
    );
    const svg = screen.getByRole('img', { name: 'Sales per week: 2 Mar $40, 9 Mar $0, 16 Mar $20' });
    const [a, b, c] = heights(svg);
    expect(b).toBe(0);
    expect(a).toBeGreaterThan(0);
    expect(a).toBeCloseTo((c as number) * 2, 1);
    // niceMax(40) = 40: the tallest bar fills the plot (200 − top 12 − foot 22)
    expect(a).toBe(166);
    expect(svg.getAttribute('viewBox')).toBe('0 0 400 200');
    expect(svg.getAttribute('width')).toBe('100%');
    expect([...svg.querySelectorAll('text')].map((t) => t.textContent)).toEqual([
      '40',
      '0',
      '2 Mar',
      '9 Mar',
      '16 Mar',
    ]);
  });

  it('stacks series on top of each other', () => {
    render(
      <ColumnChart
        label="Cancellations"
        stacked
        categories={['W1']}
        series={[
          { name: 'Customer', values: [1], fill: 'a' },
          { name: 'Kitchen', values: [3], fill: 'b' },
        ]}
      />,
    );
    const svg = screen.getByRole('img', { name: 'Cancellations' });
    const [customer] = [...svg.querySelectorAll('rect[data-series="Customer"]')];
    const [kitchen] = [...svg.querySelectorAll('rect[data-series="Kitchen"]')];
    const bottom = Number(customer?.getAttribute('y')) + Number(customer?.getAttribute('height'));
    expect(Number(kitchen?.getAttribute('y')) + Number(kitchen?.getAttribute('height'))).toBeCloseTo(
      Number(customer?.getAttribute('y')),
      1,
    );
    expect(Number(kitchen?.getAttribute('height'))).toBeCloseTo(
      3 * Number(customer?.getAttribute('height')),
      1,
    );
    expect(bottom).toBe(178); // the baseline: 12 + (200 − 12 − 22)
  });
});

describe('LineChart, BarList and ShareBar', () => {
  it('leaves a gap for a week without reviews instead of drawing a zero', () => {
    render(<LineChart label="Rating" categories={['a', 'b', 'c']} values={[4.5, null, 3]} min={1} max={5} />);
    const svg = screen.getByRole('img', { name: 'Rating' });
    expect([...svg.querySelectorAll('circle')].map((c) => c.getAttribute('data-value'))).toEqual([
      '4.5',
      '3',
    ]);
    expect(svg.querySelectorAll('path')).toHaveLength(2);
  });

  it('draws horizontal bars as long as their values with the label and value text', () => {
    render(
      <BarList
        label="Top items"
        bars={[
          { label: 'Butter Chicken', value: 10, text: '10 · $120.00' },
          { label: 'Dal', value: 5, text: '5 · $42.50' },
        ]}
      />,
    );
    const svg = screen.getByRole('img', { name: 'Top items' });
    const [long, short] = [...svg.querySelectorAll('rect')].map((r) => Number(r.getAttribute('width')));
    expect(long).toBe(290);
    expect(short).toBe(145);
    expect(svg.textContent).toContain('Butter Chicken');
    expect(svg.textContent).toContain('5 · $42.50');
  });

  it('splits the share bar in proportion and names each part with its per cent', () => {
    render(
      <ShareBar
        label="Pickup 2, delivery 1"
        parts={[
          { label: 'Pickup', value: 2, fill: 'a' },
          { label: 'Delivery', value: 1, fill: 'b' },
        ]}
      />,
    );
    const svg = screen.getByRole('img', { name: 'Pickup 2, delivery 1' });
    expect([...svg.querySelectorAll('rect')].map((r) => Number(r.getAttribute('width')))).toEqual([
      266.7, 133.3,
    ]);
    expect(svg.textContent).toContain('Pickup 67%');
    expect(svg.textContent).toContain('Delivery 33%');
  });
});

describe('ChartFigure and DataTable', () => {
  it('puts the chart and a real table with the same numbers in a figure with a caption', () => {
    render(
      <ChartFigure
        id="x"
        caption="Orders per date"
        chart={<svg role="img" aria-label="chart" />}
        table={<DataTable caption="Orders per date" head={['Date', 'Orders']} rows={[['2026-11-26', 3]]} />}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Orders per date' });
    const table = within(figure).getByRole('table', { name: 'Orders per date' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DateOrders', '2026-11-263']);
    expect(within(table).getByRole('rowheader', { name: '2026-11-26' })).toBeTruthy();
  });

  it('shows the empty sentence and no chart when there is nothing', () => {
    render(
      <ChartFigure id="x" caption="Sales per week" empty="No sales yet." chart={<svg />} table={null} />,
    );
    const figure = screen.getByRole('figure', { name: 'Sales per week' });
    expect(figure.textContent).toContain('No sales yet.');
    expect(figure.querySelector('svg')).toBeNull();
  });
});

const week = (w: string) => ({
  week: w,
  dates: 0,
  cancelled: 0,
  byCustomer: 0,
  byKitchen: 0,
  byOther: 0,
  share: 0,
});
const DATA: Dashboard = {
  scope: 'PLATFORM',
  kitchen: null,
  timeZone: 'UTC',
  today: '2033-03-16',
  from: '2033-03-07',
  to: '2033-03-20',
  datesFrom: '2033-03-02',
  datesTo: '2033-03-30',
  currencies: ['INR', 'USD'],
  salesPerWeek: [
    { week: '2033-03-07', currencyCode: 'INR', sales: '1050.00', refunded: '0.00', orders: 1 },
    { week: '2033-03-14', currencyCode: 'INR', sales: '0.00', refunded: '0.00', orders: 0 },
    { week: '2033-03-07', currencyCode: 'USD', sales: '0.00', refunded: '0.00', orders: 0 },
    { week: '2033-03-14', currencyCode: 'USD', sales: '12.00', refunded: '36.00', orders: 1 },
  ],
  ordersPerDate: [],
  ratingPerWeek: [
    { week: '2033-03-07', count: 0, mean: null },
    { week: '2033-03-14', count: 0, mean: null },
  ],
  ratingCount: 0,
  ratingMean: null,
  topItems: [],
  fulfilment: { pickup: 0, delivery: 0, deliveryShare: 0 },
  cancellationsPerWeek: [week('2033-03-07'), week('2033-03-14')],
};

describe('DashboardView', () => {
  it('gives each currency its own sales chart and table, money formatted, and empty states elsewhere', async () => {
    const Stub = createRemixStub([{ path: '/', Component: () => <DashboardView data={DATA} weeks={12} /> }]);
    render(<Stub initialEntries={['/']} />);
    const inr = await screen.findByRole('figure', { name: 'Sales per week in INR' });
    expect(within(inr).getByRole('img').getAttribute('aria-label')).toContain('1,050.00');
    const usd = screen.getByRole('figure', { name: 'Sales per week in USD' });
    const rows = within(within(usd).getByRole('table'))
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'WeekSalesRefundedOrders',
      'Week of 7 Mar$0.00$0.000',
      'Week of 14 Mar$12.00$36.001',
      'Total$12.00$36.001',
    ]);
    expect(screen.getByRole('figure', { name: 'Orders and portions per cook date' }).textContent).toContain(
      'No orders on these dates.',
    );
    expect(screen.getByRole('figure', { name: 'Rating per week' }).textContent).toContain('No reviews yet.');
    expect(screen.getByRole('figure', { name: 'Top items by portions' }).textContent).toContain(
      'No items sold yet.',
    );
    expect(screen.getByRole('combobox', { name: 'Weeks shown' })).toBeTruthy();
  });
});
