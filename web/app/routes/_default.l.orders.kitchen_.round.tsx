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
import { refusalText } from '~/lib/forms/form-errors';
import {
  distanceLabel,
  roundExportHref,
  wholeRoundMapsUrl,
  MAX_STOPS_PER_MAPS_LINK,
  type DeliveryRound,
  type RoundStop,
} from '~/lib/orders/round';
import { deliveryRound } from '~/lib/orders/round.server';
import { requireRole } from '~/lib/session/guards.server';

export const meta: MetaFunction = () => [{ title: 'Delivery round — Hearth' }];

const SLOTS = Object.values(TimeSlot);
const link = `font-semibold text-ember-700 underline ${focusRing}`;

/**
 * /l/orders/kitchen/round?date=&slot= (chefs): the delivery round of a date (and slot) from the kitchen's
 * primary pickup location, in driving order with leg and total distances, a maps link per stop and for the
 * whole round, the packing order, and GPX/CSV downloads. A GET form; prints as the round alone.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, Role.CHEF);
  const url = new URL(request.url);
  const rawDate = (url.searchParams.get('date') ?? '').trim();
  const rawSlot = (url.searchParams.get('slot') ?? url.searchParams.get('timeSlot') ?? '').trim();
  const slot = SLOTS.includes(rawSlot as TimeSlot) ? rawSlot : null;
  const base = { user: { name: user.name, email: user.email }, date: rawDate, slot };
  const none = { round: null, error: null, gpxHref: null, csvHref: null, mapsUrl: null };
  if (!rawDate) return { ...base, ...none };
  if (!isIsoDate(rawDate)) return { ...base, ...none, error: 'Choose a date such as 2026-11-27.' };
  try {
    const round: DeliveryRound = await deliveryRound(request, rawDate, slot);
    return {
      ...base,
      round,
      error: null,
      gpxHref: roundExportHref(rawDate, slot, 'gpx'),
      csvHref: roundExportHref(rawDate, slot, 'csv'),
      mapsUrl: wholeRoundMapsUrl(round),
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    // The API's own sentence for a refusal (no pickup location on the map, say), the generic text otherwise.
    return { ...base, ...none, error: refusalText(error.status, error.problem) };
  }
}

const th = 'border-b border-cocoa-200 px-2 py-1 text-left font-semibold';
const td = 'border-b border-cocoa-100 px-2 py-1 align-top';

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

function Orders({ stop }: { stop: RoundStop }) {
  return (
    <ul className="space-y-1">
      {stop.orders.map((o) => (
        <li key={o.orderNumber}>
          <span className="font-semibold">{o.orderNumber}</span>: {o.items.join(', ')}
          {o.note ? <span className="block text-cocoa-700">Note: {o.note}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function StopsTable({ round }: { round: DeliveryRound }) {
  return (
    <table className="w-full border-collapse bg-white text-sm">
      <caption className="sr-only">Stops in driving order</caption>
      <thead>
        <tr>
          {['Stop', 'Customer', 'Address', 'Orders and items', 'Leg', 'So far', 'Maps'].map((h) => (
            <th key={h} scope="col" className={th}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {round.stops.map((s) => (
          <tr key={`${s.position}-${s.address}`} data-testid="round-stop">
            <td className={td}>{s.position}</td>
            <td className={td}>
              {s.customerName}
              {s.phone ? (
                <span className="block">
                  <a href={`tel:${s.phone.replace(/[^+\d]/g, '')}`} className={link}>
                    {s.phone}
                  </a>
                </span>
              ) : null}
            </td>
            <td className={td}>
              {s.address}
              {s.deliveryNote ? <span className="block text-cocoa-700">Driver: {s.deliveryNote}</span> : null}
            </td>
            <td className={td}>
              <Orders stop={s} />
            </td>
            <td className={td}>{distanceLabel(s.legDistance, round.unit)}</td>
            <td className={td}>{distanceLabel(s.cumulativeDistance, round.unit)}</td>
            <td className={td}>
              {s.mapsUrl ? (
                <a href={s.mapsUrl} className={link} target="_blank" rel="noreferrer">
                  Open in maps
                  <span className="sr-only">
                    {' '}
                    (stop {s.position}, {s.customerName})
                  </span>
                </a>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function DeliveryRoundRoute() {
  const { user, date, slot, round, error, gpxHref, csvHref, mapsUrl } = useLoaderData<typeof loader>();
  const empty = round !== null && round.stops.length === 0 && round.notPlaced.length === 0;
  return (
    <AccountPage title="Delivery round" user={user}>
      <div className="round-no-print">
        <p className="mb-4 flex flex-wrap gap-4">
          <Link to="/l/orders/kitchen" className={link}>
            Back to kitchen orders
          </Link>
          {date && isIsoDate(date) ? (
            <Link
              to={`/l/orders/kitchen/prep?${new URLSearchParams({ date, ...(slot ? { timeSlot: slot } : {}) }).toString()}`}
              className={link}
            >
              Prep sheet for this date
            </Link>
          ) : null}
        </p>
        <CookDateForm
          dateLabel="Delivery date"
          date={date}
          slotName="slot"
          slot={slot}
          submitLabel="Plan the round"
        />
      </div>
      {error ? <FormAlert messages={[error]} /> : null}
      {round ? (
        <div className="round-sheet">
          <p className="mt-6 text-lg font-semibold text-cocoa-900">
            {dayLabel(round.date)}
            {round.timeSlot ? `, ${timeSlotLabel(round.timeSlot)}` : ', all slots'}
          </p>
          {empty ? (
            <div className="mt-6">
              <Notice>
                <p>
                  No deliveries on this date{round.timeSlot ? ' and slot' : ''}: there is no round to drive.
                </p>
              </Notice>
            </div>
          ) : (
            <>
              <p className="mt-2 text-cocoa-800" data-testid="round-summary">
                {round.stops.length} {round.stops.length === 1 ? 'stop' : 'stops'},{' '}
                {distanceLabel(round.totalDistance, round.unit)} in all
                {round.start ? (
                  <>
                    {' '}
                    from {round.start.name} ({round.start.address})
                  </>
                ) : null}
                . The round ends at the last stop; the drive back is not counted.
              </p>
              <p className="round-no-print mt-2 flex flex-wrap gap-4">
                {mapsUrl ? (
                  <a href={mapsUrl} className={link} target="_blank" rel="noreferrer">
                    Open the whole round in maps
                  </a>
                ) : round.stops.length > MAX_STOPS_PER_MAPS_LINK ? (
                  <span className="text-cocoa-700">
                    More than {MAX_STOPS_PER_MAPS_LINK} stops: open them one by one, or load the GPX file.
                  </span>
                ) : null}
                {gpxHref ? (
                  <a href={gpxHref} download className={link}>
                    Download GPX
                  </a>
                ) : null}
                {csvHref ? (
                  <a href={csvHref} download className={link}>
                    Download CSV
                  </a>
                ) : null}
              </p>
              <Section id="round-stops" title="Stops in driving order">
                {round.stops.length > 0 ? (
                  <StopsTable round={round} />
                ) : (
                  <p className="text-cocoa-700">No stop could be placed on the map.</p>
                )}
              </Section>
              {round.notPlaced.length > 0 ? (
                <Section id="round-not-placed" title="Not placed (no map position)">
                  <ul className="space-y-2 text-sm">
                    {round.notPlaced.map((s, i) => (
                      <li key={`${i}-${s.address}`}>
                        <span className="font-semibold">{s.customerName}</span>
                        {s.phone ? `, ${s.phone}` : ''}, {s.address}
                        <Orders stop={s} />
                      </li>
                    ))}
                  </ul>
                </Section>
              ) : null}
              <Section id="round-packing" title="Packing order">
                <p className="mb-2 text-sm text-cocoa-700">
                  Pack the last stop first, so the first stop&rsquo;s bags are on top.
                </p>
                <ol className="list-decimal space-y-1 pl-6 text-sm" data-testid="packing-order">
                  {round.packingOrder.map((p) => (
                    <li key={p.position}>
                      Stop {p.position}, {p.customerName}: {p.orderNumbers.join(', ')}
                    </li>
                  ))}
                </ol>
              </Section>
            </>
          )}
        </div>
      ) : !error ? (
        <p className="mt-6 text-cocoa-700">Choose a delivery date to plan the round.</p>
      ) : null}
    </AccountPage>
  );
}
