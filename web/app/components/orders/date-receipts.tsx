import { calendarDateLabel } from '~/lib/format/chef-format';
import { linkClass } from '~/components/ui';
import type { Schemas } from '~/lib/api/schemas';

type Receipt = Schemas['ReceiptDto'];

/** "12 KB", "1.4 MB"; '' when the size is not known. */
export function receiptSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "PDF", "JPEG", … from a content type. */
export function receiptKind(contentType: string): string {
  const sub = contentType.split('/')[1] ?? contentType;
  return sub === 'octet-stream' ? 'file' : sub.toUpperCase();
}

/**
 * The receipts of one cook date as a compact list of download links (menu, file name, kind and size), for
 * the fulfilment board's date groups. Renders nothing when there are none unless `empty` is given.
 */
export function DateReceipts({
  receipts,
  date,
  empty,
}: {
  receipts: readonly Receipt[];
  /** The cook date, named in the list's label. */
  date?: string;
  /** Text shown when there is no receipt (default: nothing at all). */
  empty?: string;
}) {
  if (receipts.length === 0) return empty ? <p className="text-sm text-cocoa-600">{empty}</p> : null;
  const label = date ? `Receipts for ${calendarDateLabel(date)}` : 'Receipts';
  return (
    <ul aria-label={label} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {receipts.map((r) => {
        const facts = [receiptKind(r.contentType), receiptSize(r.size)].filter(Boolean).join(', ');
        return (
          <li key={r.id}>
            <a href={r.url} className={linkClass} target="_blank" rel="noreferrer">
              {r.name}
            </a>{' '}
            <span className="text-cocoa-600">
              ({r.menuName}
              {facts ? `; ${facts}` : ''})
            </span>
          </li>
        );
      })}
    </ul>
  );
}
