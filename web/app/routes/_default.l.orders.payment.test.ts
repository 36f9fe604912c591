import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, readBody, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let route: typeof import('./_default.l.orders.payment');
let cancelRoute: typeof import('./_default.l.orders.payment_.cancel');
let getToast: typeof import('~/lib/ui/toast.server').getToast;

const API = '/services/publisher/api';
const N = 'HR-7K2F-9Q4M';
const HOLD = new Date(Date.now() + 20 * 60_000).toISOString();

function order(payment: Record<string, unknown>) {
  return {
    orderNumber: N,
    orderTotal: '40.96',
    currencyCode: 'USD',
    orderStatus: 'PLACED',
    cartItems: [],
    paymentDetails: {
      paymentMethod: 'STRIPE_CARD',
      gateway: 'stripe',
      isPaymentCompleted: false,
      checkoutUrl: 'http://127.0.0.1:8190/stripe/checkout/cs_1',
      failureReason: null,
      holdExpiresAt: HOLD,
      ...payment,
    },
  };
}

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast;
}

type Loaded = { data: { state: string; reason: string | null; orderNumber: string } };
const load = (path: string) =>
  route.loader({
    request: pageRequest(path, 'customer'),
    params: {},
    context: {},
  }) as unknown as Promise<Loaded>;

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  // Answer at once; the test of the wait sets its own.
  process.env.PAYMENT_CONFIRM_WAIT_MS = '0';
  route = await import('./_default.l.orders.payment');
  cancelRoute = await import('./_default.l.orders.payment_.cancel');
  ({ getToast } = await import('~/lib/ui/toast.server'));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/orders/payment (the gateways’ return page)', () => {
  it('waits, refreshing every 2 seconds, while the payment is being confirmed', async () => {
    api.on(`${API}/order/${N}`, (_req, res) => json(res, 200, order({})));
    const result = await load(`/l/orders/payment?orderNumber=${N}&session_id=cs_1`);
    expect(result.data).toMatchObject({ state: 'waiting', orderNumber: N });
    const tags = route.meta({ data: result.data } as never);
    expect(tags).toContainEqual({ httpEquiv: 'refresh', content: '2' });
  });

  it('waits on the server for a confirmation that lands within a few seconds, and goes on to the paid order', async () => {
    let reads = 0;
    api.on(`${API}/order/${N}`, (_req, res) => json(res, 200, order({ isPaymentCompleted: ++reads >= 3 })));
    process.env.PAYMENT_CONFIRM_WAIT_MS = '5000';
    try {
      const thrown = (await load(`/l/orders/payment?orderNumber=${N}&session_id=cs_1`).catch(
        (e: unknown) => e,
      )) as Response;
      expect(reads).toBe(3);
      expect(thrown.headers.get('Location')).toBe(`/l/orders/order-status?orderNumber=${N}`);
    } finally {
      process.env.PAYMENT_CONFIRM_WAIT_MS = '0';
    }
  });

  it('goes on to the status page with "Order HR-… paid" once the payment is completed', async () => {
    api.on(`${API}/order/${N}`, (_req, res) => json(res, 200, order({ isPaymentCompleted: true })));
    const thrown = (await load(`/l/orders/payment?orderNumber=${N}`).catch((e: unknown) => e)) as Response;
    expect(thrown.headers.get('Location')).toBe(`/l/orders/order-status?orderNumber=${N}`);
    expect(await toastOf(thrown)).toMatchObject({ kind: 'positive', text: `Order ${N} paid` });
  });

  it("shows a declined payment's reason with Try again, and no refresh", async () => {
    api.on(`${API}/order/${N}`, (_req, res) =>
      json(res, 200, order({ failureReason: 'Your card was declined.' })),
    );
    const result = await load(`/l/orders/payment?orderNumber=${N}`);
    expect(result.data).toMatchObject({ state: 'failed', reason: 'Your card was declined.' });
    expect(route.meta({ data: result.data } as never)).not.toContainEqual({
      httpEquiv: 'refresh',
      content: '2',
    });
  });

  it("back from Stripe's success_url, an earlier attempt's failure does not count: it waits", async () => {
    api.on(`${API}/order/${N}`, (_req, res) =>
      json(res, 200, order({ failureReason: 'Your card was declined.' })),
    );
    const result = await load(`/l/orders/payment?orderNumber=${N}&session_id=cs_1`);
    expect(result.data.state).toBe('waiting');
  });

  it('an order whose payment page could not be opened offers Try again', async () => {
    api.on(`${API}/order/${N}`, (_req, res) =>
      json(res, 200, order({ checkoutUrl: null, failureReason: 'Stripe did not answer.' })),
    );
    expect((await load(`/l/orders/payment?orderNumber=${N}`)).data).toMatchObject({
      state: 'failed',
      reason: 'Stripe did not answer.',
    });
  });

  it('says so when the order was released (not paid in time)', async () => {
    api.on(`${API}/order/${N}`, (_req, res) =>
      json(res, 200, order({ holdExpiresAt: null, checkoutUrl: null })),
    );
    expect((await load(`/l/orders/payment?orderNumber=${N}`)).data.state).toBe('released');
  });

  it("captures PayPal's approval (token, PayerID) through the API, then waits for the confirmation", async () => {
    let captured: unknown;
    api.on(`${API}/order/${N}/paypal/capture`, async (req, res) => {
      captured = JSON.parse((await readBody(req)).toString());
      json(res, 200, order({ gateway: 'paypal' }));
    });
    api.on(`${API}/order/${N}`, (_req, res) => json(res, 200, order({ gateway: 'paypal' })));
    const result = await load(`/l/orders/payment?orderNumber=${N}&token=PP-1&PayerID=PAYER`);
    expect(captured).toEqual({ token: 'PP-1' });
    expect(result.data.state).toBe('waiting');
  });

  it('Try again posts to the API and goes to the payment page with a 303', async () => {
    api.on(`${API}/order/${N}/pay`, (_req, res) =>
      json(res, 200, { paymentUrl: 'http://127.0.0.1:8190/stripe/checkout/cs_2', paymentError: null }),
    );
    const response = (await route.action({
      request: pageRequest(`/l/orders/payment?orderNumber=${N}`, 'customer', {
        method: 'POST',
        body: new URLSearchParams(),
      }),
      params: {},
      context: {},
    })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('http://127.0.0.1:8190/stripe/checkout/cs_2');
  });

  it('a cash order has nothing to pay online: says so, with its status page', async () => {
    api.on(`${API}/order/${N}`, (_req, res) =>
      json(
        res,
        200,
        order({ gateway: 'cash', paymentMethod: 'CASH_ON_PICKUP_DELIVERY', holdExpiresAt: null }),
      ),
    );
    expect((await load(`/l/orders/payment?orderNumber=${N}`)).data.state).toBe('cash');
  });
});

describe('/l/orders/payment/cancel (the gateways’ cancel page)', () => {
  it('releases the hold and lands on the cart: "Payment cancelled — your cart is as you left it"', async () => {
    let method = '';
    api.on(`${API}/order/${N}/payment/cancel`, (req, res) => {
      method = req.method ?? '';
      json(res, 200, { released: true });
    });
    const response = (await cancelRoute.loader({
      request: pageRequest(`/l/orders/payment/cancel?orderNumber=${N}`, 'customer'),
      params: {},
      context: {},
    })) as Response;
    expect(method).toBe('POST');
    expect(response.headers.get('Location')).toBe('/l/cart');
    expect(await toastOf(response)).toMatchObject({
      kind: 'info',
      text: 'Payment cancelled — your cart is as you left it',
    });
  });

  it('"Back to cart" on the payment page posts the same release', async () => {
    let calls = 0;
    api.on(`${API}/order/${N}/payment/cancel`, (_req, res) => {
      calls++;
      json(res, 200, { released: true });
    });
    const response = (await cancelRoute.action({
      request: pageRequest(`/l/orders/payment/cancel?orderNumber=${N}`, 'customer', {
        method: 'POST',
        body: new URLSearchParams(),
      }),
      params: {},
      context: {},
    })) as Response;
    expect(calls).toBe(1);
    expect(response.headers.get('Location')).toBe('/l/cart');
  });

  it('an order paid or released already goes to its payment page', async () => {
    api.on(`${API}/order/${N}/payment/cancel`, (_req, res) => json(res, 200, { released: false }));
    const response = (await cancelRoute.loader({
      request: pageRequest(`/l/orders/payment/cancel?orderNumber=${N}`, 'customer'),
      params: {},
      context: {},
    })) as Response;
    expect(response.headers.get('Location')).toBe(`/l/orders/payment?orderNumber=${N}`);
  });
});
