import { Form, Link } from '@remix-run/react';
import { FormAlert } from '~/components/form-feedback';
import { buttonClass, labelClass, linkClass } from '~/components/ui';
import { DAY_CHOICES, type AdminNumbers } from '~/lib/admin/home';
import { shortDay } from '~/lib/dashboard/dashboard';
import { formatAmount } from '~/lib/format/money';
import { ChartFigure, ColumnChart, DataTable } from '../dashboard/charts';

/** One number with its label and, when there is somewhere to act on it, a link. */
function Card({ label, value, to }: { label: string; value: string | number; to?: string }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-card">
      <dt className="text-sm text-cocoa-700">
        {to ? (
          <Link to={to} className={linkClass}>
            {label}
          </Link>
        ) : (
          label
        )}
      </dt>
      <dd className="mt-1 font-display text-2xl font-semibold text-cocoa-900">{value}</dd>
    </div>
  );
}

function CardGroup({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-5">
      <h3 id={id} className="font-display text-lg font-semibold text-cocoa-900">
        {title}
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">{children}</dl>
    </section>
  );
}

/** `?days=` chooser: a plain GET form that keeps the kitchen search of the page as it was. */
function WindowForm({ days, keep }: { days: number; keep: Record<string, string> }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Window of the numbers">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>
        <label htmlFor="admin-home-days" className={labelClass}>
          Days shown
        </label>
        <select
          id="admin-home-days"
          name="days"
          defaultValue={String(days)}
          className="rounded-xl border border-cocoa-700/25 bg-white px-3 py-2"
        >
          {DAY_CHOICES.map((d) => (
            <option key={d} value={d}>{`Last ${d} days`}</option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass.secondary}>
        Show
      </button>
    </Form>
  );
}

/** Orders per day over every currency (an order has one currency, so counts add up). */
function OrdersFigure({ data }: { data: AdminNumbers }) {
  const dates = [...new Set(data.perDay.map((d) => d.date))];
  const orders = dates.map((date) =>
    data.perDay.filter((d) => d.date === date).reduce((n, d) => n + d.orders, 0),
  );
  return (
    <ChartFigure
      id="home-orders"
      caption="Orders per day"
      empty={orders.every((n) => n === 0) ? 'No orders in these days.' : null}
      chart={
        <ColumnChart
          label={`Bar chart of orders per day, ${shortDay(data.from)} to ${shortDay(data.today)}: ${dates
            .map((d, i) => `${shortDay(d)} ${orders[i]}`)
            .join(', ')}.`}
          categories={dates.map(shortDay)}
          series={[{ name: 'Orders', values: orders, fill: 'fill-sage-500' }]}
        />
      }
      table={
        <DataTable
          caption="Orders per day"
          head={['Day', 'Orders']}
          rows={dates.map((d, i) => [d, orders[i] ?? 0])}
        />
      }
    />
  );
}

/** Sales per day, one figure per currency (never added across currencies). */
function SalesFigures({ data }: { data: AdminNumbers }) {
  return (
    <>
      {data.currencies.map((currency) => {
        const rows = data.perDay.filter((d) => d.currencyCode === currency);
        const money = (amount: string | number) => formatAmount(amount, currency);
        const caption = `Sales per day in ${currency}`;
        return (
          <ChartFigure
            key={currency}
            id={`home-sales-${currency}`}
            caption={caption}
            chart={
              <ColumnChart
                label={`Bar chart of sales per day in ${currency}: ${rows
                  .map((r) => `${shortDay(r.date)} ${money(r.sales)}`)
                  .join(', ')}.`}
                categories={rows.map((r) => shortDay(r.date))}
                series={[{ name: 'Sales', values: rows.map((r) => Number(r.sales)), fill: 'fill-ember-600' }]}
                format={(v) => money(v)}
              />
            }
            table={
              <DataTable
                caption={caption}
                head={['Day', 'Orders', 'Sales']}
                rows={rows.map((r) => [r.date, r.orders, money(r.sales)])}
              />
            }
          />
        );
      })}
    </>
  );
}

/**
 * The top of the admin home: the platform's numbers as cards, orders and sales per day as plots with their
 * tables, and the window chooser. `keep` are the page's other query parameters (the kitchen search).
 */
export function PlatformNumbers({
  data,
  days,
  error,
  keep,
}: {
  data: AdminNumbers | null;
  days: number;
  error: string | null;
  keep: Record<string, string>;
}) {
  return (
    <section aria-labelledby="platform-heading" className="mb-8">
      <h2 id="platform-heading" className="font-display text-2xl font-semibold text-cocoa-900">
        The platform
      </h2>
      <div className="mt-3">
        <WindowForm days={days} keep={keep} />
      </div>
      {error ? (
        <div className="mt-4">
          <FormAlert messages={[error]} />
        </div>
      ) : null}
      {data ? (
        <>
          <p className="mt-3 text-sm text-cocoa-700">
            {`${shortDay(data.from)} to ${shortDay(data.today)} (${data.days} days, UTC), by the day an order was placed. Cancelled lines are left out of orders and sales; money is per currency.`}
          </p>
          <CardGroup id="platform-kitchens" title="Kitchens">
            <Card label="Waiting for review" value={data.kitchens.pending} to="/l/admin?status=PENDING" />
            <Card label="Approved" value={data.kitchens.approved} />
            <Card label="Blocked" value={data.kitchens.blocked} />
          </CardGroup>
          <CardGroup id="platform-customers" title="Customers">
            <Card label="Accounts" value={data.customers.total} />
            <Card label={`New in ${data.days} days`} value={data.customers.newInWindow} />
            <Card label="Disabled" value={data.customers.disabled} />
          </CardGroup>
          {data.totals.length === 0 ? (
            <p className="mt-5 text-cocoa-700">No orders in these days.</p>
          ) : (
            data.totals.map((t) => (
              <CardGroup
                key={t.currencyCode}
                id={`platform-money-${t.currencyCode}`}
                title={`Money in ${t.currencyCode}`}
              >
                <Card label="Orders" value={t.orders} />
                <Card label="Sales" value={formatAmount(t.sales, t.currencyCode)} />
                <Card label="Platform fees" value={formatAmount(t.platformFees, t.currencyCode)} />
                <Card label="Refunds" value={formatAmount(t.refunds, t.currencyCode)} />
              </CardGroup>
            ))
          )}
          <CardGroup id="platform-work" title="Open back-office work">
            <Card label="Open enquiries" value={data.work.openEnquiries} />
            <Card label="Unanswered contact messages" value={data.work.unansweredContactMessages} />
            <Card
              label="Failed refunds and payouts"
              value={data.work.failedSettlements}
              to="/l/admin/settlements"
            />
            <Card label="Failed payment events" value={data.work.failedPaymentEvents} />
          </CardGroup>
          <OrdersFigure data={data} />
          <SalesFigures data={data} />
        </>
      ) : null}
    </section>
  );
}
