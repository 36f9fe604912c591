import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertStackIsUp, launchChromium, newVisitorContext, WEB_URL } from './browser';

/*
 * The local gateway sandbox in the e2e stack (scripts/e2e.mjs starts it when no gateway keys are set): its
 * hosted Stripe Checkout and Connect onboarding pages render, say they are a test gateway, and their plain
 * forms post, with JavaScript off and on. Groundwork: the customer's card journey through the product's own
 * checkout builds on it. Sessions and accounts are made here with Stripe's REST API, as the API would.
 */
const SANDBOX = process.env.GATEWAY_SANDBOX_URL?.replace(/\/+$/, '');
const STRIPE_KEY = process.env.GATEWAY_SANDBOX_STRIPE_KEY ?? '';
const API_URL = (process.env.API_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');

/** A Stripe API call at the sandbox (form-encoded, as the SDK sends it). */
async function stripe<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  form: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${SANDBOX}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${STRIPE_KEY}`,
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(method === 'POST' ? { body: new URLSearchParams(form).toString() } : {}),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

interface Session {
  id: string;
  url: string;
  status: string;
  payment_status: string;
}

function newSession(tag: string): Promise<Session> {
  return stripe<Session>('POST', '/v1/checkout/sessions', {
    mode: 'payment',
    'line_items[0][quantity]': '2',
    'line_items[0][price_data][currency]': 'usd',
    'line_items[0][price_data][unit_amount]': '1249',
    'line_items[0][price_data][product_data][name]': 'Chicken Biryani',
    'line_items[1][quantity]': '1',
    'line_items[1][price_data][currency]': 'usd',
    'line_items[1][price_data][unit_amount]': '499',
    'line_items[1][price_data][product_data][name]': 'Delivery fee',
    success_url: `${WEB_URL}/?paid={CHECKOUT_SESSION_ID}`,
    cancel_url: `${WEB_URL}/?declined=${tag}`,
    'metadata[orderId]': `e2e-${tag}`,
  });
}

const deliveries = async () =>
  (
    (await (await fetch(`${SANDBOX}/_sandbox/deliveries`)).json()) as {
      data: Array<{ eventType: string; eventId: string; url: string; status: string }>;
    }
  ).data;

let browser: Browser;

beforeAll(async () => {
  if (!SANDBOX) return;
  await assertStackIsUp();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!SANDBOX)('the gateway sandbox of the e2e stack', () => {
  for (const javaScript of [false, true]) {
    describe(`JavaScript ${javaScript ? 'on' : 'off'}`, () => {
      let context: BrowserContext;
      let page: Page;

      beforeAll(async () => {
        context = await newVisitorContext(browser, javaScript);
        page = await context.newPage();
      });

      afterAll(async () => {
        await context?.close();
      });

      it('shows a hosted Stripe Checkout labelled as a test gateway; Decline returns to the shop, Pay pays and returns to the shop', async () => {
        const tag = `${javaScript ? 'js' : 'nojs'}-${Date.now()}`;
        const session = await newSession(tag);
        expect(session.url).toBe(`${SANDBOX}/stripe/checkout/${session.id}`);

        await page.goto(session.url);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/checkout/i);
        await expect(page.getByRole('note').textContent()).resolves.toContain('no money moves');
        const body = await page.locator('body').textContent();
        expect(body).toContain('Chicken Biryani');
        expect(body).toContain('Delivery fee');

        // Decline: back to the shop (the product's cancel page); the session stays open for another try.
        await Promise.all([
          page.waitForURL((url) => url.searchParams.get('declined') === tag),
          page.getByRole('button', { name: 'Decline' }).click(),
        ]);
        expect(await stripe<Session>('GET', `/v1/checkout/sessions/${session.id}`)).toMatchObject({
          status: 'open',
          payment_status: 'unpaid',
        });

        // Pay (the total is 2 × 12.49 + 4.99 = 29.97): back to the shop with the session id filled in.
        await page.goto(session.url);
        await Promise.all([
          page.waitForURL((url) => url.searchParams.get('paid') === session.id),
          page.getByRole('button', { name: /^Pay .*29\.97/ }).click(),
        ]);
        expect(page.url().startsWith(`${WEB_URL}/`)).toBe(true);
        expect(await stripe<Session>('GET', `/v1/checkout/sessions/${session.id}`)).toMatchObject({
          status: 'complete',
          payment_status: 'paid',
        });

        // The signed callbacks go to this stack's API, which accepts them (same keys on both sides).
        let sent: Awaited<ReturnType<typeof deliveries>> = [];
        for (let i = 0; i < 40; i++) {
          sent = (await deliveries()).filter((d) => d.eventType === 'checkout.session.completed');
          if (sent.length > 0 && sent.every((d) => d.status !== 'pending')) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        expect(sent.length).toBeGreaterThan(0);
        for (const d of sent) {
          expect(d).toMatchObject({
            url: `${API_URL}/services/publisher/api/order/stripe/callback`,
            status: 'delivered',
          });
        }
      });

      it('shows Stripe Connect onboarding; completing it enables charges and payouts and returns to the site', async () => {
        const account = await stripe<{ id: string; charges_enabled: boolean }>('POST', '/v1/accounts', {
          type: 'express',
          country: 'US',
          email: 'e2e-chef@kitchens.example',
        });
        expect(account.charges_enabled).toBe(false);
        const link = await stripe<{ url: string }>('POST', '/v1/account_links', {
          account: account.id,
          type: 'account_onboarding',
          return_url: `${WEB_URL}/?onboarded=${account.id}`,
          refresh_url: `${WEB_URL}/?refresh=${account.id}`,
        });

        await page.goto(link.url);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/onboarding/i);
        await expect(page.getByRole('note').textContent()).resolves.toContain('no money moves');
        expect(await page.locator('body').textContent()).toContain(account.id);
        await Promise.all([
          page.waitForURL((url) => url.searchParams.get('onboarded') === account.id),
          page.getByRole('button', { name: 'Complete onboarding' }).click(),
        ]);
        expect(await stripe('GET', `/v1/accounts/${account.id}`)).toMatchObject({
          charges_enabled: true,
          payouts_enabled: true,
          details_submitted: true,
        });
      });
    });
  }
});
