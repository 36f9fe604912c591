import type { Schemas } from '../api/schemas';

type Entry = Schemas['MenuHistoryDto'];

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A `fields` name of an edit as the chef reads it ("deliveryZipCodes" → "delivery zip codes"). */
export function fieldLabel(field: string): string {
  return field
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

/** What one history entry says: a short title and a sentence of detail ('' when there is none). */
export function historyText(entry: Pick<Entry, 'event' | 'details'>): { title: string; detail: string } {
  const d = (entry.details ?? {}) as Record<string, unknown>;
  const dates = (d.dates ?? {}) as Record<string, unknown>;
  const added = strings(dates.added);
  const removed = strings(dates.removed);
  const dateNote = [
    added.length ? `dates added: ${added.join(', ')}` : '',
    removed.length ? `dates removed: ${removed.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  switch (entry.event) {
    case 'ITEM_ADDED': {
      const plus = strings(d.added).length;
      const minus = strings(d.removed).length;
      const parts = [
        plus ? `${count(plus, 'item')} added` : '',
        minus ? `${count(minus, 'item')} taken off` : '',
      ];
      const items = strings(d.items).length;
      return {
        title: 'Items changed',
        detail: [parts.filter(Boolean).join(', '), `${count(items, 'item')} on the menu`]
          .filter(Boolean)
          .join('; '),
      };
    }
    case 'RESUMED':
      return { title: 'Resumed', detail: dateNote };
    case 'PAUSE':
      return { title: 'Paused', detail: 'Customers stopped seeing the menu.' };
    case 'DELETE':
      return d.deleteType === 'DATE'
        ? { title: 'Date deleted', detail: text(d.date) ? `${text(d.date)} taken off the menu.` : '' }
        : { title: 'Menu deleted', detail: '' };
    case 'EDITED': {
      switch (d.action) {
        case 'PUBLISH':
          return { title: 'Published', detail: dateNote };
        case 'AUTO_EXTEND':
          return {
            title: 'Dates extended automatically',
            detail: dateNote || `dates added: ${strings(d.added).join(', ')}`,
          };
        case 'UPLOAD_RECEIPTS': {
          const n = strings(d.receipts).length;
          return {
            title: 'Receipts uploaded',
            detail: `${count(n, 'receipt')} ${text(d.date) ? `for ${text(d.date)}` : 'for the whole menu'}.`,
          };
        }
        case 'DELETE_RECEIPT':
          return {
            title: 'Receipt deleted',
            detail: `${text(d.name) ?? 'A receipt'}${text(d.date) ? ` (${text(d.date)})` : ''}.`,
          };
      }
      if (d.mode === 'CREATE') return { title: 'Created', detail: '' };
      if (d.mode === 'CLONE') return { title: 'Created as a copy', detail: '' };
      const fields = strings(d.fields).map(fieldLabel);
      return {
        title: 'Edited',
        detail: [fields.length ? `Changed: ${fields.join(', ')}` : '', dateNote].filter(Boolean).join('; '),
      };
    }
    default:
      return { title: entry.event, detail: '' };
  }
}

/** Who did it, as the signed-in chef reads it. */
export function historyActor(actorId: string | null | undefined, me: string | null | undefined): string {
  if (!actorId) return 'Hearth (automatic)';
  if (me && actorId === me) return 'You';
  return 'A Hearth administrator';
}
