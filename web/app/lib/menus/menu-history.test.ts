import { describe, expect, it } from 'vitest';
import { fieldLabel, historyActor, historyText } from './menu-history';

describe('menu history wording', () => {
  it('names each event and what it changed', () => {
    expect(historyText({ event: 'EDITED', details: { mode: 'CREATE' } })).toEqual({
      title: 'Created',
      detail: '',
    });
    expect(
      historyText({
        event: 'EDITED',
        details: {
          mode: 'UPDATE',
          fields: ['deliveryZipCodes', 'name'],
          dates: { added: ['2030-01-11'], removed: [] },
        },
      }),
    ).toEqual({ title: 'Edited', detail: 'Changed: delivery zip codes, name; dates added: 2030-01-11' });
    expect(
      historyText({
        event: 'ITEM_ADDED',
        details: { added: ['a', 'b'], removed: ['c'], items: ['a', 'b', 'd'] },
      }),
    ).toEqual({ title: 'Items changed', detail: '2 items added, 1 item taken off; 3 items on the menu' });
    expect(historyText({ event: 'PAUSE', details: {} }).title).toBe('Paused');
    expect(historyText({ event: 'RESUMED', details: { dates: { added: ['2030-01-04'] } } })).toEqual({
      title: 'Resumed',
      detail: 'dates added: 2030-01-04',
    });
    expect(historyText({ event: 'DELETE', details: { deleteType: 'DATE', date: '2030-01-04' } })).toEqual({
      title: 'Date deleted',
      detail: '2030-01-04 taken off the menu.',
    });
    expect(historyText({ event: 'DELETE', details: { deleteType: 'ALL' } }).title).toBe('Menu deleted');
  });

  it('tells receipts uploaded for a date from those for the whole menu, and deleted ones', () => {
    expect(
      historyText({
        event: 'EDITED',
        details: { action: 'UPLOAD_RECEIPTS', receipts: ['x', 'y'], date: '2030-01-04' },
      }).detail,
    ).toBe('2 receipts for 2030-01-04.');
    expect(
      historyText({ event: 'EDITED', details: { action: 'UPLOAD_RECEIPTS', receipts: ['x'], date: null } })
        .detail,
    ).toBe('1 receipt for the whole menu.');
    expect(
      historyText({ event: 'EDITED', details: { action: 'DELETE_RECEIPT', name: 'a.pdf', date: null } }),
    ).toEqual({
      title: 'Receipt deleted',
      detail: 'a.pdf.',
    });
  });

  it('says who: you, an administrator, or Hearth itself', () => {
    expect(historyActor('me', 'me')).toBe('You');
    expect(historyActor('someone', 'me')).toBe('A Hearth administrator');
    expect(historyActor(null, 'me')).toBe('Hearth (automatic)');
    expect(fieldLabel('stopOrdersByDaysOrHours')).toBe('stop orders by days or hours');
  });
});
