import { Form } from '@remix-run/react';
import { TIME_SLOTS, TimeSlot } from '@hearth/shared';
import { focusRing } from '~/components/ui';

const SLOTS = Object.values(TimeSlot);
const field = `mt-1 rounded-xl border border-cocoa-300 px-3 py-2 font-normal ${focusRing}`;

/**
 * The GET form of the kitchen's date sheets (prep sheet, delivery round): a date, a time slot or all slots, and
 * the submit button; works without JavaScript.
 */
export function CookDateForm({
  dateLabel,
  date,
  slotName,
  slot,
  submitLabel,
}: {
  /** "Cook date", "Delivery date". */
  dateLabel: string;
  date: string;
  /** The query parameter of the slot (`timeSlot` on the prep sheet, `slot` on the round). */
  slotName: string;
  slot: string | null;
  submitLabel: string;
}) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-4 rounded-3xl bg-white p-4 shadow-card">
      <label className="flex flex-col text-sm font-semibold text-cocoa-900">
        {dateLabel}
        <input type="date" name="date" required defaultValue={date} className={field} />
      </label>
      <label className="flex flex-col text-sm font-semibold text-cocoa-900">
        Time slot
        <select name={slotName} defaultValue={slot ?? ''} className={field}>
          <option value="">All slots</option>
          {SLOTS.map((s) => (
            <option key={s} value={s}>
              {TIME_SLOTS[s].label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className={`rounded-full bg-ember-700 px-5 py-2 font-semibold text-white ${focusRing}`}
      >
        {submitLabel}
      </button>
    </Form>
  );
}
