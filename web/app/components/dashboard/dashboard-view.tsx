import { Form } from '@remix-run/react';
import { fromMinor, sumMinor, toMinor } from '@hearth/shared';
import { formatAmount } from '~/lib/format/money';
import { shortDay, WEEK_CHOICES, type Dashboard } from '~/lib/dashboard/dashboard';
import { buttonClass, labelClass } from '../ui';
import { BarList, ChartFigure, ColumnChart, DataTable, LineChart, percent, ShareBar } from './charts';

const weekLabel = (week: string) => `Week of ${shortDay(week)}`;

/** Money per currency: one sales chart for each (never added across currencies). */
function SalesFigures({ data }: { data: Dashboard }) {
  if (data.currencies.length === 0)
    return (
      <ChartFigure id="sales" caption="Sales per week" empty="No sales yet." chart={null} table={null} />
    );
  return (
    <>
      {data.currencies.map((currency) => {
        const rows = data.salesPerWeek.filter((r) => r.currencyCode === currency);
        const money = (amount: string | number) => formatAmount(amount, currency);
        const sum = (pick: (r: (typeof rows)[number]) => string) =>
          fromMinor(sumMinor(rows.map((r) => toMinor(pick(r), currency))), currency);
        const caption = data.currencies.length > 1 ? `Sales per week in ${currency}` : 'Sales per week';
        return (
          <ChartFigure
            key={currency}
            id={`sales-${currency}`}
            caption={caption}
            empty={
              rows.every((r) => toMinor(r.sales, currency) === 0 && toMinor(r.refunded, currency) === 0)
                ? 'No sales yet.'
                : null
            }
            chart={
              <>
                <ColumnChart
                  label={`Bar chart of sales per week in ${currency}, ${weekLabel(rows[0]?.week ?? data.from)} to ${weekLabel(rows.at(-1)?.week ?? data.to)}: ${rows
                    .map((r) => `${shortDay(r.week)} ${money(r.sales)}`)
                    .join(', ')}.`}
                  categories={rows.map((r) => shortDay(r.week))}
                  series={[
                    { name: 'Sales', values: rows.map((r) => Number(r.sales)), fill: 'fill-ember-600' },
                    { name: 'Refunded', values: rows.map((r) => Number(r.refunded)), fill: 'fill-cocoa-500' },
                  ]}
                  format={(v) => money(v)}
                />
                <Legend
                  items={[
                    { label: 'Sales', fill: 'bg-ember-600' },
                    { label: 'Refunded', fill: 'bg-cocoa-500' },
                  ]}
                />
              </>
            }
            table={
              <DataTable
                caption={caption}
                head={['Week', 'Sales', 'Refunded', 'Orders']}
                rows={[
                  ...rows.map((r) => [weekLabel(r.week), money(r.sales), money(r.refunded), r.orders]),
                  [
                    'Total',
                    money(sum((r) => r.sales)),
                    money(sum((r) => r.refunded)),
                    rows.reduce((n, r) => n + r.orders, 0),
                  ],
                ]}
              />
            }
          />
        );
      })}
    </>
  );
}

function Legend({ items }: { items: Array<{ label: string; fill: string }> }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-4 text-sm text-cocoa-800" aria-label="Legend">
      {items.map((i) => (
        <li key={i.label} className="flex items-center gap-2">
          <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${i.fill}`} />
          {i.label}
        </li>
      ))}
    </ul>
  );
}

/** The dashboard's figures for one kitchen or the platform (the loader fetched `data`). */
export function DashboardView({ data, weeks }: { data: Dashboard; weeks: number }) {
  const dates = data.ordersPerDate;
  const rated = data.ratingPerWeek;
  const { pickup, delivery, deliveryShare } = data.fulfilment;
  const cancels = data.cancellationsPerWeek;
  const anyDates = cancels.some((c) => c.dates > 0);
  return (
    <div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="dashboard-weeks" className={labelClass}>
            Weeks shown
          </label>
          <select
            id="dashboard-weeks"
            name="weeks"
            defaultValue={String(weeks)}
            className="rounded-xl border border-cocoa-700/25 bg-white px-3 py-2"
          >
            {WEEK_CHOICES.map((w) => (
              <option key={w} value={w}>{`Last ${w} weeks`}</option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass.secondary}>
          Show
        </button>
      </Form>
      <p className="mt-3 text-sm text-cocoa-700">
        {`${weekLabel(data.from)} to ${shortDay(data.to)}, weeks Monday to Sunday in ${data.timeZone}. Orders per cook date: ${shortDay(data.datesFrom)} to ${shortDay(data.datesTo)}. Cancelled dates are left out of sales, orders and portions.`}
      </p>

      <SalesFigures data={data} />

      <ChartFigure
        id="orders-per-date"
        caption="Orders and portions per cook date"
        empty={dates.length === 0 ? 'No orders on these dates.' : null}
        chart={
          <>
            <ColumnChart
              label={`Bar chart of orders and portions per cook date: ${dates
                .map((d) => `${shortDay(d.date)} ${d.orders} orders, ${d.portions} portions`)
                .join('; ')}.`}
              categories={dates.map((d) => shortDay(d.date))}
              series={[
                { name: 'Orders', values: dates.map((d) => d.orders), fill: 'fill-sage-500' },
                { name: 'Portions', values: dates.map((d) => d.portions), fill: 'fill-ember-600' },
              ]}
            />
            <Legend
              items={[
                { label: 'Orders', fill: 'bg-sage-500' },
                { label: 'Portions', fill: 'bg-ember-600' },
              ]}
            />
          </>
        }
        table={
          <DataTable
            caption="Orders and portions per cook date"
            head={['Cook date', 'Orders', 'Portions']}
            rows={dates.map((d) => [d.date, d.orders, d.portions])}
          />
        }
      />

      <ChartFigure
        id="rating"
        caption={
          data.ratingMean === null
            ? 'Rating per week'
            : `Rating per week (mean ${data.ratingMean.toFixed(2)} stars from ${data.ratingCount} reviews)`
        }
        empty={data.ratingCount === 0 ? 'No reviews yet.' : null}
        chart={
          <LineChart
            label={`Line chart of the mean stars per week, 1 to 5: ${rated
              .filter((r) => r.mean !== null)
              .map((r) => `${shortDay(r.week)} ${r.mean} from ${r.count}`)
              .join(', ')}; weeks without reviews have no point.`}
            categories={rated.map((r) => shortDay(r.week))}
            values={rated.map((r) => r.mean)}
            min={1}
            max={5}
          />
        }
        table={
          <DataTable
            caption="Rating per week"
            head={['Week', 'Mean stars', 'Reviews']}
            rows={rated.map((r) => [weekLabel(r.week), r.mean === null ? '–' : r.mean.toFixed(2), r.count])}
          />
        }
      />

      <ChartFigure
        id="top-items"
        caption="Top items by portions"
        empty={data.topItems.length === 0 ? 'No items sold yet.' : null}
        chart={
          <BarList
            label={`Bar chart of the top items by portions: ${data.topItems
              .map((t) => `${t.itemName} ${t.portions}`)
              .join(', ')}.`}
            bars={data.topItems.map((t) => ({
              label: data.scope === 'PLATFORM' ? `${t.itemName} (${t.kitchen})` : t.itemName,
              value: t.portions,
              text: `${t.portions} · ${formatAmount(t.sales, t.currencyCode)}`,
            }))}
          />
        }
        table={
          <DataTable
            caption="Top items"
            head={['Item', ...(data.scope === 'PLATFORM' ? ['Kitchen'] : []), 'Portions', 'Sales (items)']}
            rows={data.topItems.map((t) => [
              t.itemName,
              ...(data.scope === 'PLATFORM' ? [t.kitchen] : []),
              t.portions,
              formatAmount(t.sales, t.currencyCode),
            ])}
          />
        }
      />

      <ChartFigure
        id="pickup-delivery"
        caption="Pickup and delivery"
        empty={pickup + delivery === 0 ? 'No orders to hand over yet.' : null}
        chart={
          <ShareBar
            label={`Share bar: pickup ${pickup} (${percent(1 - deliveryShare)}), delivery ${delivery} (${percent(deliveryShare)}).`}
            parts={[
              { label: 'Pickup', value: pickup, fill: 'fill-sage-500' },
              { label: 'Delivery', value: delivery, fill: 'fill-ember-600' },
            ]}
          />
        }
        table={
          <DataTable
            caption="Pickup and delivery"
            head={['Handover', 'Ordered dates', 'Share']}
            rows={[
              ['Pickup', pickup, percent(1 - deliveryShare)],
              ['Delivery', delivery, percent(deliveryShare)],
            ]}
          />
        }
      />

      <ChartFigure
        id="cancellations"
        caption="Cancellations per week"
        empty={!anyDates ? 'No orders yet.' : null}
        chart={
          <>
            <ColumnChart
              label={`Stacked bar chart of cancelled dates per week by who cancelled: ${cancels
                .map(
                  (c) =>
                    `${shortDay(c.week)} ${c.cancelled} of ${c.dates} (${percent(c.share)}): customer ${c.byCustomer}, kitchen ${c.byKitchen}, other ${c.byOther}`,
                )
                .join('; ')}.`}
              categories={cancels.map((c) => shortDay(c.week))}
              stacked
              series={[
                { name: 'Customer', values: cancels.map((c) => c.byCustomer), fill: 'fill-ember-600' },
                { name: 'Kitchen', values: cancels.map((c) => c.byKitchen), fill: 'fill-cocoa-700' },
                { name: 'Other', values: cancels.map((c) => c.byOther), fill: 'fill-cocoa-500' },
              ]}
            />
            <Legend
              items={[
                { label: 'By the customer', fill: 'bg-ember-600' },
                { label: 'By the kitchen', fill: 'bg-cocoa-700' },
                { label: 'Other (admin, unpaid hold)', fill: 'bg-cocoa-500' },
              ]}
            />
          </>
        }
        table={
          <DataTable
            caption="Cancellations per week"
            head={['Week', 'Ordered dates', 'Cancelled', 'Share', 'By customer', 'By kitchen', 'Other']}
            rows={cancels.map((c) => [
              weekLabel(c.week),
              c.dates,
              c.cancelled,
              percent(c.share),
              c.byCustomer,
              c.byKitchen,
              c.byOther,
            ])}
          />
        }
      />
    </div>
  );
}
