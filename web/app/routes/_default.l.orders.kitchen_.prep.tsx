import type { ReactNode } from 'react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Role, TimeSlot, dayLabel, isIsoDate } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { CookDateForm } from '~/components/orders/cook-date-form';
import { FormAlert, Notice } from '~/components/form-feedback';
import { focusRing } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import { timeSlotLabel } from '~/lib/format/chef-format';
import { prepSheet, prepSheetCsvHref, type PrepSheet } from '~/lib/orders/prep-sheet.server';
import { roundPath } from '~/lib/orders/round';
import { requireRole } from '~/lib/session/guards.server';
import { failureText } from '~/lib/ui/notifications';

export const meta: MetaFunction = () => [{ title: 'Prep sheet — Hearth' }];

const SLOTS = Object.values(TimeSlot);

/** /l/orders/kitchen/prep?date=&timeSlot= (chefs): what to cook, buy, hand over and deliver on one cook date. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, Role.CHEF);
  const url = new URL(request.url);
  const rawDate = (url.searchParams.get('date') ?? '').trim();
  const rawSlot = (url.searchParams.get('timeSlot') ?? '').trim();
  const timeSlot = SLOTS.includes(rawSlot as TimeSlot) ? rawSlot : null;
  const base = { user: { name: user.name, email: user.email }, date: rawDate, timeSlot };
  if (!rawDate) return { ...base, sheet: null, error: null, csvHref: null };
  if (!isIsoDate(rawDate))
    return { ...base, sheet: null, error: 'Choose a date such as 2026-11-27.', csvHref: null };
  try {
    const sheet: PrepSheet = await prepSheet(request, rawDate, timeSlot);
    return { ...base, sheet, error: null, csvHref: prepSheetCsvHref(rawDate, timeSlot) };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ...base, sheet: null, error: failureText(error.problem), csvHref: null };
  }
}

// Print styles live in tailwind.css (`.prep-sheet`, `.prep-no-print`): the CSP forbids inline <style>.

const th = 'border-b border-cocoa-200 px-2 py-1 text-left font-semibold';
const td = 'border-b border-cocoa-100 px-2 py-1 align-top';

function Table({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: Array<Array<string | number>>;
}) {
  if (rows.length === 0) return <p className="text-cocoa-700">{`${caption}: none.`}</p>;
  return (
    <table className="w-full border-collapse bg-white text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col" className={th}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) => (
              <td key={j} className={td}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-2 font-display text-2xl font-semibold text-cocoa-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function PrepSheetRoute() {
  const { user, date, timeSlot, sheet, error, csvHref } = useLoaderData<typeof loader>();
  const portionRows = (rows: PrepSheet['portions']) =>
    rows.map((r) => [r.itemName, r.option, r.units, r.servings, r.orders]);
  const handoverRows = (rows: PrepSheet['pickup'], withAddress: boolean) =>
    rows.map((r) => [
      r.orderNumber,
      r.customer,
      r.phone,
      ...(withAddress ? [r.address ?? ''] : []),
      r.items,
      r.note,
    ]);
  return (
    <AccountPage title="Prep sheet" user={user}>
      <div className="prep-no-print">
        <p className="mb-4">
          <Link to="/l/orders/kitchen" className={`font-semibold text-ember-700 underline ${focusRing}`}>
            Back to kitchen orders
          </Link>{' '}
          ·{' '}
          <Link
            to={date && isIsoDate(date) ? roundPath(date, timeSlot) : '/l/orders/kitchen/round'}
            className={`font-semibold text-ember-700 underline ${focusRing}`}
          >
            Delivery round
          </Link>
        </p>
        <CookDateForm
          dateLabel="Cook date"
          date={date}
          slotName="timeSlot"
          slot={timeSlot}
          submitLabel="Show prep sheet"
        />
      </div>
      {error ? <FormAlert messages={[error]} /> : null}
      {sheet ? (
        <div className="prep-sheet">
          <p className="mt-6 text-lg font-semibold text-cocoa-900">
            {dayLabel(sheet.date)}
            {sheet.timeSlot ? `, ${timeSlotLabel(sheet.timeSlot)}` : ', all slots'}
          </p>
          {csvHref ? (
            <p className="prep-no-print mt-2 flex flex-wrap gap-4">
              <a href={csvHref} download className={`font-semibold text-ember-700 underline ${focusRing}`}>
                Download CSV
              </a>
              <Link
                to={roundPath(sheet.date, sheet.timeSlot)}
                className={`font-semibold text-ember-700 underline ${focusRing}`}
              >
                Plan the delivery round
              </Link>
            </p>
          ) : null}
          {sheet.portions.length + sheet.catering.length === 0 ? (
            <div className="mt-6">
              <Notice>
                <p>No live orders for this date{sheet.timeSlot ? ' and slot' : ''}: nothing to prepare.</p>
              </Notice>
            </div>
          ) : null}
          <Section id="prep-portions" title="Portions to make">
            <Table
              caption="Portions to make"
              head={['Item', 'Option', 'Units', 'Servings', 'Orders']}
              rows={portionRows(sheet.portions)}
            />
          </Section>
          <Section id="prep-catering" title="Catering">
            <Table
              caption="Catering"
              head={['Item', 'Option', 'Units', 'Servings', 'Orders']}
              rows={portionRows(sheet.catering)}
            />
          </Section>
          <Section id="prep-shopping" title="Shopping list">
            <Table
              caption="Shopping list"
              head={['Ingredient', 'Quantity', 'Unit', 'For']}
              rows={[
                ...sheet.shopping.map((r) => [r.ingredient, r.quantity, r.unit, r.dishes.join(', ')]),
                ...sheet.unquantified.map((r) => [r.ingredient, '', '', r.dishes.join(', ')]),
              ]}
            />
          </Section>
          <Section id="prep-pickup" title="Pickups">
            <Table
              caption="Pickups"
              head={['Order', 'Customer', 'Phone', 'Items', 'Note']}
              rows={handoverRows(sheet.pickup, false)}
            />
          </Section>
          <Section id="prep-delivery" title="Deliveries">
            <Table
              caption="Deliveries"
              head={['Order', 'Customer', 'Phone', 'Address', 'Items', 'Note']}
              rows={handoverRows(sheet.delivery, true)}
            />
          </Section>
        </div>
      ) : !error ? (
        <p className="mt-6 text-cocoa-700">Choose a cook date to see what to make, buy and hand over.</p>
      ) : null}
    </AccountPage>
  );
}
