// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Schemas } from '~/lib/api/schemas';
import { DateReceipts, receiptSize } from './date-receipts';

afterEach(cleanup);

const receipt = (
  id: string,
  name: string,
  size: number | null,
  contentType: Schemas['ReceiptDto']['contentType'] = 'application/pdf',
): Schemas['ReceiptDto'] => ({
  id,
  url: `/services/publisher/api/menu/m1/receipts/${id}`,
  menuId: 'm1',
  menuName: 'Friday soups',
  date: '2030-01-04',
  name,
  contentType,
  size,
  uploadedAt: '2030-01-03T15:00:00.000Z',
});

describe('DateReceipts', () => {
  it("lists a date's receipts as download links with their menu, kind and size", () => {
    render(
      <DateReceipts
        date="2030-01-04"
        receipts={[receipt('r1', 'market.pdf', 2048), receipt('r2', 'till.jpg', null, 'image/jpeg')]}
      />,
    );
    const list = screen.getByRole('list', { name: /Receipts for .*4 Jan/ });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['market.pdf', '/services/publisher/api/menu/m1/receipts/r1'],
      ['till.jpg', '/services/publisher/api/menu/m1/receipts/r2'],
    ]);
    expect(list.textContent).toContain('(Friday soups; PDF, 2 KB)');
    expect(list.textContent).toContain('(Friday soups; JPEG)');
  });

  it('renders nothing for no receipts, or the given sentence', () => {
    const { container } = render(<DateReceipts receipts={[]} />);
    expect(container.textContent).toBe('');
    render(<DateReceipts receipts={[]} empty="No receipts for this date." />);
    expect(screen.getByText('No receipts for this date.')).toBeTruthy();
  });

  it('writes sizes in B, KB and MB', () => {
    expect(receiptSize(512)).toBe('512 B');
    expect(receiptSize(1536)).toBe('2 KB');
    expect(receiptSize(3 * 1024 * 1024 + 200_000)).toBe('3.2 MB');
    expect(receiptSize(null)).toBe('');
  });
});
