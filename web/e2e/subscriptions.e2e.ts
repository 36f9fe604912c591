import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors, WEB_URL } from './browser';
import { signIn, uniqueEmail } from './identity';
import { canReadMail, waitForMail } from './mail';

const chromium = useChromium();

const KITCHEN = '/priyas-kitchen';
const NAME = "Priya's Kitchen";

/** The first link of an e-mail that goes to `path`, as a path with its query on the site under test. */
function linkTo(links: string[], path: string): string {
  const link = links.find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`No ${path} link in ${links.join(', ')}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('subscriptions %s', (_label, javaScriptEnabled) => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    context = await newVisitorContext(chromium(), javaScriptEnabled);
    page = await context.newPage();
    errors = watchErrors(page);
  });

  afterEach(async () => {
    expect(errors).toEqual([]);
    await context?.close();
  });

  it('a customer follows a chef from the kitchen page, sees it under favourites and unfollows it', async () => {
    await signIn(page, 'customer', KITCHEN);
    const follow = page.getByRole('button', { name: `Follow: ${NAME}` });
    // An earlier run may have left it followed.
    if ((await follow.getAttribute('aria-pressed')) === 'true') {
      await follow.click();
      await expect.poll(() => follow.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('false');
    }
    await follow.click();
    await page.getByText(`You follow ${NAME}: its new menus come to your inbox`).first().waitFor();
    await expect.poll(() => follow.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(new URL(page.url()).pathname).toBe(KITCHEN);

    await page.goto('/l/favs', { waitUntil: 'load' });
    const followed = page.getByTestId('followed-kitchens').getByRole('listitem').filter({ hasText: NAME });
    await followed.waitFor();
    await followed.getByRole('button', { name: `Follow: ${NAME}` }).click();
    // Unfollowed: the kitchen leaves the list (in place with JavaScript, after the redirect without).
    await page
      .getByTestId('followed-kitchens')
      .getByRole('listitem')
      .filter({ hasText: NAME })
      .waitFor({ state: 'detached' });
    await page.goto('/l/favs', { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Kitchens you follow' }).waitFor();
    expect(await page.getByTestId('followed-kitchens').getByText(NAME).count()).toBe(0);
  }, 90_000);

  it('a guest asks for a kitchen’s news and is asked to confirm by e-mail', async () => {
    const email = uniqueEmail();
    await page.goto(KITCHEN, { waitUntil: 'load' });
    const form = page.getByRole('form', { name: `Get ${NAME}'s news by e-mail` });
    await form.getByLabel("Get this kitchen's news").fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Check your inbox to confirm.').first().waitFor();
    if (!canReadMail) return;
    const mail = await waitForMail(email, 'Confirm your subscription to Hearth');
    await page.goto(linkTo(mail.links, '/l/subscriptions/confirm'), { waitUntil: 'load' });
    await page.getByText(`Send ${NAME}'s news to ${email}?`).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'You are subscribed' }).waitFor();
    await page.getByText(`${email} gets ${NAME}'s news.`, { exact: false }).waitFor();
  }, 90_000);

  it('"Tell me when chefs deliver here", then unsubscribing from the e-mail’s link and resubscribing', async () => {
    const email = uniqueEmail();
    // Nobody cooks near Anchorage: the empty search offers the form.
    await page.goto('/l/find-chefs?zip=99501&country=US', { waitUntil: 'load' });
    const form = page.getByRole('form', { name: 'Tell me when chefs deliver here' });
    await form.getByLabel('E-mail').fill(email);
    // A zip a demo kitchen already delivers to, so the news comes at once after confirming.
    await form.getByLabel('Zip code').fill('07302');
    await form.getByRole('button', { name: 'Tell me' }).click();
    await page.getByText('Check your inbox to confirm.').first().waitFor();
    if (!canReadMail) return;
    const confirm = await waitForMail(email, 'Confirm your subscription to Hearth');
    await page.goto(linkTo(confirm.links, '/l/subscriptions/confirm'), { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'You are subscribed' }).waitFor();

    const news = await waitForMail(email, 'Chefs deliver to 07302 now');
    expect(news.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(news.headers['list-unsubscribe']).toContain('/services/publisher/api/unsubscribe?token=');
    const unsubscribe = linkTo(news.links, '/l/unsubscribe');
    await page.goto(unsubscribe, { waitUntil: 'load' });
    // Opening the link changes nothing (mail scanners open links).
    await page.getByText(`Stop sending news of chefs delivering to 07302 to ${email}?`).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await page.getByText(`${email} is unsubscribed from news of chefs delivering to 07302.`).waitFor();
    await page.getByRole('button', { name: 'Resubscribe' }).click();
    await page.getByText(`${email} gets news of chefs delivering to 07302 again.`).waitFor();

    // The same link's token, posted one-click by a mail provider from its own site without cookies.
    const token = new URL(unsubscribe, WEB_URL).searchParams.get('token') ?? '';
    const oneClick = await fetch(
      `${WEB_URL}/services/publisher/api/unsubscribe?token=${encodeURIComponent(token)}`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: 'https://mail.provider.example',
        },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(oneClick.status).toBe(200);
    await page.goto(unsubscribe, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
  }, 90_000);

  it('a forged unsubscribe link shows a clear error and changes nothing', async () => {
    await page.goto('/l/unsubscribe?token=forged.link', { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await page
      .getByText('This unsubscribe link is not valid. Open the link from your e-mail exactly as it was sent.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('a mail provider’s POST from another site, without cookies, is refused only for a forged token', async () => {
    const response = await fetch(`${WEB_URL}/services/publisher/api/unsubscribe?token=forged.link`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://mail.provider.example',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    // Through the web origin's proxy (not refused as cross-site): the API checks the token.
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toBe(
      'This unsubscribe link is not valid. Open the link from your e-mail exactly as it was sent.',
    );
  });
});
