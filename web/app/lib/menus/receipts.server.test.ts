import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { API, sendProblem } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let lib: typeof import('./receipts.server');

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  lib = await import('./receipts.server');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('receiptsForDates', () => {
  it("asks once per date and keys every date asked for, with the chef's cookie", async () => {
    api.on(`${API}/order/receipts`, (req, res) => {
      const date = new URL(req.url ?? '', 'http://x').searchParams.get('date');
      if (date === '2030-01-05') return sendProblem(res, 503, 'Down');
      json(res, 200, date === '2030-01-04' ? [{ id: 'r1', name: 'market.pdf' }] : []);
    });
    const byDate = await lib.receiptsForDates(pageRequest('/l/orders/kitchen', 'chef'), [
      '2030-01-04',
      '2030-01-06',
      '2030-01-04',
      '2030-01-05',
      'not-a-date',
    ]);
    expect(byDate).toEqual({
      '2030-01-04': [{ id: 'r1', name: 'market.pdf' }],
      '2030-01-06': [],
      '2030-01-05': [],
    });
    const calls = api.requests.filter((r) => r.url.startsWith(`${API}/order/receipts`));
    expect(calls.map((r) => r.url).sort()).toEqual([
      `${API}/order/receipts?date=2030-01-04`,
      `${API}/order/receipts?date=2030-01-05`,
      `${API}/order/receipts?date=2030-01-06`,
    ]);
    expect(calls.every((r) => String(r.headers.cookie).includes('hearth_session=chef'))).toBe(true);
  });

  it('asks nothing for no dates', async () => {
    expect(await lib.receiptsForDates(pageRequest('/l/orders/kitchen', 'chef'), [])).toEqual({});
    expect(api.requests.some((r) => r.url.startsWith(`${API}/order/receipts`))).toBe(false);
  });
});
