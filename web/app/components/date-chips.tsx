import { dayLabel } from '@hearth/shared';
import type { ItemDate } from '~/lib/catalog/catalog';
import { cutoffShortLabel, zoneName } from '~/lib/format/dates';

const chip = 'flex min-w-[7.5rem] rounded-2xl border px-2.5 py-1.5 text-left text-sm leading-snug transition';

/** "3 PM – 5 PM", as the kitchen's own clock says it. */
function slotText(slot: ItemDate['slots'][number]): string {
  return (
    slot.label || (slot.startLabel && slot.endLabel ? `${slot.startLabel} – ${slot.endLabel}` : slot.slot)
  );
}

/**
 * The dates a dish can be had on, as compact chips: each open date and slot is a checkbox styled as a
 * chip (ticked ones filled), with when its orders close in the kitchen's zone; closed and sold-out dates
 * stay as plain chips that say so. Works as a plain form field without JavaScript (`slot` =
 * `YYYY-MM-DD|SLOT`).
 */
export function DateChips({
  idPrefix,
  dates,
  zone,
  chosen,
  describedBy,
}: {
  /** Makes the inputs' ids unique when a page holds several forms. */
  idPrefix: string;
  dates: readonly ItemDate[];
  /** The zone the cut-offs are written in (the kitchen's). */
  zone: string;
  chosen: ReadonlySet<string>;
  describedBy?: string;
}) {
  const hintId = `${idPrefix}-dates-hint`;
  return (
    <fieldset aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}>
      <legend className="text-sm font-semibold text-cocoa-800">Dates</legend>
      <p id={hintId} className="mt-0.5 text-xs text-cocoa-600">
        Tick each date you want. Times are {zoneName(zone)}.
      </p>
      <ul className="mt-2 flex flex-wrap gap-2" data-testid="date-chips">
        {dates.flatMap((d) =>
          d.orderable
            ? d.slots.map((s) => {
                const value = `${d.date}|${s.slot}`;
                const id = `${idPrefix}-${d.date}-${s.slot}`;
                const by = cutoffShortLabel(d.cutoffAt, zone, d.date);
                return (
                  <li key={value}>
                    <label
                      htmlFor={id}
                      className={`${chip} cursor-pointer items-start gap-1.5 border-cocoa-700/20 bg-white text-cocoa-900 hover:border-ember-700 has-[:checked]:border-ember-700 has-[:checked]:bg-ember-700 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ember-700`}
                    >
                      <input
                        type="checkbox"
                        id={id}
                        name="slot"
                        value={value}
                        defaultChecked={chosen.has(value)}
                        className="mt-0.5 h-4 w-4 shrink-0 accent-ember-900 focus:outline-none"
                      />
                      <span className="flex flex-col">
                        <span className="font-semibold">{dayLabel(d.date)}</span>
                        <span className="text-xs">
                          <span className="sr-only">, </span>
                          {slotText(s)}
                        </span>
                        <span className="text-xs opacity-80">
                          <span className="sr-only">, </span>order by {by}
                          {d.remaining !== null && d.remaining <= 3 ? ` · ${d.remaining} left` : ''}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })
            : [
                <li key={d.date}>
                  <span
                    className={`${chip} flex-col border-dashed border-cocoa-700/20 bg-cream-100 text-cocoa-600`}
                  >
                    <span className="font-semibold line-through decoration-cocoa-600/50">
                      {dayLabel(d.date)}
                    </span>
                    <span className="text-xs">{(d.closedReason ?? 'Orders closed').toLowerCase()}</span>
                  </span>
                </li>,
              ],
        )}
      </ul>
    </fieldset>
  );
}
