import { Form } from '@remix-run/react';
import { buttonClass, inputClass, labelClass } from '~/components/ui';

/** A GET form choosing open, closed or every enquiry (works without JavaScript). */
export function StatusFilter({ status, label = 'Show' }: { status: string | null; label?: string }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter">
      <div>
        <label htmlFor="status-filter" className={labelClass}>
          {label}
        </label>
        <select id="status-filter" name="status" defaultValue={status ?? ''} className={inputClass}>
          <option value="">Open and closed</option>
          <option value="OPEN">Open</option>
          <option value="CLOSED">Closed</option>
        </select>
      </div>
      <button type="submit" className={buttonClass.secondary}>
        Apply
      </button>
    </Form>
  );
}
