import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MenuStatus } from '@hearth/shared';
import type { MenuDto } from '../../src/modules/menu/dto/menu-response.dto.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { API, chefIn, fixClock, newItem, newMenu, type Chef } from './catalog-kit.js';

/** Every action over HTTP, as a chef would send it. */
const ACTIONS = {
  edit: (h: Harness, c: Chef, id: string) =>
    request(h.http).put(`${API}/menu/${id}`).set(c.auth).send({ description: 'Changed' }),
  items: (h: Harness, c: Chef, id: string, itemId: string) =>
    request(h.http)
      .post(`${API}/menu/${id}/items`)
      .set(c.auth)
      .send({ items: [itemId] }),
  publish: (h: Harness, c: Chef, id: string) => request(h.http).post(`${API}/menu/${id}/publish`).set(c.auth),
  pause: (h: Harness, c: Chef, id: string) => request(h.http).post(`${API}/menu/${id}/pause`).set(c.auth),
  resume: (h: Harness, c: Chef, id: string) => request(h.http).post(`${API}/menu/${id}/resume`).set(c.auth),
  delete: (h: Harness, c: Chef, id: string) => request(h.http).delete(`${API}/menu/${id}`).set(c.auth),
  deleteDate: (h: Harness, c: Chef, id: string) =>
    request(h.http).delete(`${API}/menu/${id}?deleteType=DATE&date=2026-10-26`).set(c.auth),
  uploadReceipts: (h: Harness, c: Chef, id: string) =>
    request(h.http)
      .post(`${API}/menu/${id}/upload_receipts`)
      .set(c.auth)
      .attach('files', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'receipt.pdf'),
} as const;
type Action = keyof typeof ACTIONS;

/** Where each action leads from each state; a missing entry must be refused with 409. */
const ALLOWED: Record<MenuStatus, Partial<Record<Action, MenuStatus>>> = {
  DRAFT: { edit: 'DRAFT', items: 'DRAFT', uploadReceipts: 'DRAFT', publish: 'PUBLISHED', delete: 'DELETED' },
  PUBLISHED: {
    edit: 'PUBLISHED',
    items: 'PUBLISHED',
    uploadReceipts: 'PUBLISHED',
    pause: 'PAUSE',
    delete: 'DELETED',
    deleteDate: 'PUBLISHED',
  },
  PAUSE: {
    edit: 'PAUSE',
    items: 'PAUSE',
    uploadReceipts: 'PAUSE',
    resume: 'PUBLISHED',
    delete: 'DELETED',
    deleteDate: 'PAUSE',
  },
  DELETED: {},
};

describe('menu state machine over HTTP', () => {
  let h: Harness;
  let chef: Chef;
  beforeAll(async () => {
    h = await startHarness();
    chef = await chefIn(h);
  });
  beforeEach(() => {
    vi.restoreAllMocks();
    fixClock(h, '2026-10-20T12:00:00Z');
  });
  afterAll(() => h?.close());

  /** A daily menu (25, 26, 27 Oct) with one item, brought into `status` through the API. */
  async function menuIn(status: MenuStatus): Promise<{ menu: MenuDto; itemId: string }> {
    const item = await newItem(h, chef);
    const menu = await newMenu(h, chef, {
      items: [item.id],
      menuType: 'RECURRING',
      occurrence: 'days',
      deliveryDate: '2026-10-25',
    });
    if (status !== 'DRAFT') await ACTIONS.publish(h, chef, menu.id).expect(200);
    if (status === 'PAUSE') await ACTIONS.pause(h, chef, menu.id).expect(200);
    if (status === 'DELETED') await ACTIONS.delete(h, chef, menu.id).expect(200);
    return { menu, itemId: item.id };
  }

  for (const from of Object.values(MenuStatus)) {
    for (const action of Object.keys(ACTIONS) as Action[]) {
      const to = ALLOWED[from][action];
      if (to) {
        it(`${from} --${action}--> ${to}`, async () => {
          const { menu, itemId } = await menuIn(from);
          const res = await ACTIONS[action](h, chef, menu.id, itemId);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(res.body.status).toBe(to);
          const read = await request(h.http).get(`${API}/menu/${menu.id}`).set(chef.auth).expect(200);
          expect(read.body.status).toBe(to);
        });
      } else {
        it(`${from} refuses ${action} (409 naming ${from})`, async () => {
          const { menu, itemId } = await menuIn(from);
          const res = await ACTIONS[action](h, chef, menu.id, itemId);
          expect(res.status, JSON.stringify(res.body)).toBe(409);
          expect(res.body).toMatchObject({ message: 'error.menu.state', params: { status: from, action } });
          expect(res.body.detail).toContain(`a ${from} menu`);
          expect(
            (await request(h.http).get(`${API}/menu/${menu.id}`).set(chef.auth).expect(200)).body.status,
          ).toBe(from);
        });
      }
    }
  }

  it('says what to do instead', async () => {
    const { menu } = await menuIn('DRAFT');
    expect((await ACTIONS.pause(h, chef, menu.id).expect(409)).body.detail).toBe(
      'Cannot pause a DRAFT menu. Only a published menu can be paused; publish it first.',
    );
    await ACTIONS.publish(h, chef, menu.id).expect(200);
    await ACTIONS.pause(h, chef, menu.id).expect(200);
    expect((await ACTIONS.publish(h, chef, menu.id).expect(409)).body.detail).toBe(
      'Cannot publish a PAUSE menu. Resume it instead.',
    );
    await ACTIONS.delete(h, chef, menu.id).expect(200);
    expect((await ACTIONS.resume(h, chef, menu.id).expect(409)).body.detail).toBe(
      'Cannot resume a DELETED menu. A deleted menu cannot change; clone it to start again.',
    );
  });

  it('lists the allowed actions with the menu', async () => {
    const { menu } = await menuIn('PAUSE');
    const read = await request(h.http).get(`${API}/menu/${menu.id}`).set(chef.auth).expect(200);
    expect([...read.body.allowedActions].sort()).toEqual([
      'delete',
      'deleteDate',
      'edit',
      'items',
      'resume',
      'uploadReceipts',
    ]);
  });
});
