import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToast } from '~/lib/ui/toast.server';
import type { MenuImpact } from '~/lib/chef/menu-impact';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { API, ITEM_ID, MENU_ID, dataOf, item, menu, postForm, sendProblem } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let confirm: typeof import('./_default.l.manage-menus.$id.confirm');
let deleteItem: typeof import('./_default.l.manage-menus.items.$id_.delete');

const CONFIRM = `/l/manage-menus/${MENU_ID}/confirm`;
const IMPACT = `${API}/menu/${MENU_ID}/impact`;

const impact: MenuImpact = {
  menuId: MENU_ID,
  menuName: 'Friday soups',
  status: 'PUBLISHED',
  action: 'PAUSE',
  deleteType: null,
  dates: ['2030-01-04', '2030-01-11'],
  ordersByDate: [{ date: '2030-01-04', customers: 12, orders: 12, toFulfil: 12 }],
  customers: 12,
  orders: 12,
  toFulfil: 12,
  carts: 0,
  allowed: true,
  refusal: null,
  refusalKey: null,
};

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast;
}

const load = (query: string) =>
  confirm.loader({
    request: pageRequest(`${CONFIRM}?${query}`, 'chef'),
    params: { id: MENU_ID },
    context: {},
  });

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  confirm = await import('./_default.l.manage-menus.$id.confirm');
  deleteItem = await import('./_default.l.manage-menus.items.$id_.delete');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/manage-menus/{id}/confirm', () => {
  it('is for chefs only', async () => {
    const thrown = await thrownBy(
      confirm.loader({
        request: pageRequest(`${CONFIRM}?change=pause`, 'customer'),
        params: { id: MENU_ID },
        context: {},
      }),
    );
    expect(thrown.status).toBe(403);
  });

  it('asks the API what pausing would do and says it with its numbers, changing nothing', async () => {
    api.on(IMPACT, (_req, res) => json(res, 200, impact));
    const page = await load('change=pause');
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toContain(`GET ${IMPACT}?action=PAUSE`);
    expect(api.requests.every((r) => r.method === 'GET')).toBe(true);
    expect(page.said.title).toBe('Pause Friday soups?');
    expect(page.said.lines[1]).toMatch(/^12 customers have 12 orders on Fri 4 Jan\. Those orders stay/);
  });

  it('asks about one date, or the whole menu, with the delete parameters of the API', async () => {
    api.on(IMPACT, (_req, res) => json(res, 200, { ...impact, action: 'DELETE' }));
    await load('change=delete-date&date=2030-01-11');
    await load('change=delete');
    expect(api.requests.filter((r) => r.url.startsWith(IMPACT)).map((r) => r.url)).toEqual([
      `${IMPACT}?action=DELETE&deleteType=DATE&date=2030-01-11`,
      `${IMPACT}?action=DELETE&deleteType=ALL`,
    ]);
  });

  it.each(['', 'change=explode', 'change=delete-date', 'change=pause&date=2030-01-11'])(
    'answers 400 to a link that does not say which change (%s)',
    async (query) => {
      expect((await thrownBy(load(query))).status).toBe(400);
    },
  );

  it("shows another chef's menu as not found", async () => {
    api.on(IMPACT, (_req, res) => sendProblem(res, 404, `Menu ${MENU_ID} was not found.`));
    expect((await thrownBy(load('change=pause'))).status).toBe(404);
  });

  it('pauses only when confirmed, and says the menu is paused and hidden', async () => {
    api.on(`${API}/menu/${MENU_ID}/pause`, (_req, res) => json(res, 200, { ...menu, status: 'PAUSE' }));
    const response = (await postForm(confirm.action, `${CONFIRM}?change=pause`, {
      intent: 'pause',
    })) as Response;
    expect(api.requests.find((r) => r.url === `${API}/menu/${MENU_ID}/pause`)?.method).toBe('POST');
    expect(response.headers.get('Location')).toBe(`/l/manage-menus#menu-${MENU_ID}`);
    expect(await toastOf(response)).toMatchObject({
      kind: 'positive',
      text: 'Friday soups paused — customers no longer see it',
    });
  });

  it('deletes a date or the menu when confirmed, and says which', async () => {
    api.on(`${API}/menu/${MENU_ID}`, (_req, res) => json(res, 200, menu));
    const date = (await postForm(confirm.action, `${CONFIRM}?change=delete-date&date=2030-01-11`, {
      intent: 'delete-date',
    })) as Response;
    const all = (await postForm(confirm.action, `${CONFIRM}?change=delete`, {
      intent: 'delete',
    })) as Response;
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      `${API}/menu/${MENU_ID}?deleteType=DATE&date=2030-01-11`,
      `${API}/menu/${MENU_ID}?deleteType=ALL`,
    ]);
    expect(await toastOf(date)).toMatchObject({
      text: 'Took Fri 11 Jan off Friday soups — customers can no longer order it',
    });
    expect(all.headers.get('Location')).toBe('/l/manage-menus');
    expect(await toastOf(all)).toMatchObject({ text: 'Friday soups deleted' });
  });

  it('refuses a form that does not match the page, and stays on the page with the API’s refusal', async () => {
    const mismatched = await thrownBy(
      postForm(confirm.action, `${CONFIRM}?change=pause`, { intent: 'delete' }),
    );
    expect(mismatched.status).toBe(400);
    api.on(`${API}/menu/${MENU_ID}`, (_req, res) =>
      sendProblem(res, 409, 'The menu has orders for 2030-01-04: pause it …'),
    );
    const refused = dataOf<{ formErrors: string[] }>(
      await postForm(confirm.action, `${CONFIRM}?change=delete`, { intent: 'delete' }),
    );
    expect(refused.status).toBe(409);
    expect(refused.data.formErrors).toEqual(['The menu has orders for 2030-01-04: pause it …']);
  });
});

describe('/l/manage-menus/items/{id}/delete', () => {
  const PAGE = `/l/manage-menus/items/${ITEM_ID}/delete`;

  it('shows the menus and dates the item leaves before anything is deleted', async () => {
    api.on(`${API}/item/${ITEM_ID}`, (_req, res) => json(res, 200, { ...item, menuDates: ['2030-01-04'] }));
    api.on(`${API}/menu`, (_req, res) =>
      json(res, 200, [
        {
          ...menu,
          items: [{ id: ITEM_ID, name: item.name, itemStatus: 'ACTIVE', soldOut: false, picture: null }],
        },
        { ...menu, id: 'm-2', name: 'Sunday roast' },
      ]),
    );
    const page = await deleteItem.loader({
      request: pageRequest(PAGE, 'chef'),
      params: { id: ITEM_ID },
      context: {},
    });
    expect(page).toMatchObject({
      item: { name: 'Tomato soup', menuDates: ['2030-01-04'] },
      menus: ['Friday soups'],
    });
    expect(api.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('deletes when confirmed and says which item; shows a refusal (orders) on the page', async () => {
    let refuse = false;
    api.on(`${API}/item/${ITEM_ID}`, (req, res) => {
      if (req.method !== 'DELETE') return json(res, 200, item);
      if (refuse)
        return sendProblem(
          res,
          409,
          'Tomato soup has orders for Fri 4 Jan: mark it sold out or hide it instead.',
        );
      res.writeHead(204);
      res.end();
    });
    const response = (await postForm(deleteItem.action, PAGE, { intent: 'delete-item' })) as Response;
    expect(api.requests.some((r) => r.method === 'DELETE' && r.url === `${API}/item/${ITEM_ID}`)).toBe(true);
    expect(await toastOf(response)).toMatchObject({
      text: 'Tomato soup deleted — customers can no longer order it',
    });
    refuse = true;
    const refused = dataOf<{ formErrors: string[] }>(
      await postForm(deleteItem.action, PAGE, { intent: 'delete-item' }),
    );
    expect(refused.status).toBe(409);
    expect(refused.data.formErrors[0]).toMatch(/^Tomato soup has orders/);
  });
});
