import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newVisitorContext, useChromium, watchErrors } from './browser';
import { signIn, uniqueEmail } from './identity';
import { canReadMail, waitForMail } from './mail';

const chromium = useChromium();

const KITCHEN = "Priya's Kitchen";
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/**
 * The support inbox (issue 18 part 1), end to end: a guest asks the demo chef a question from the kitchen
 * page (with a PDF), is acknowledged by e-mail, and the chef answers it from "Questions" (the answer reaches
 * the guest) and closes it; a visitor sends a contact message and an admin finds it in the support inbox,
 * answers it (the e-mail reaches the sender) and closes it. Every enquiry and message is new (fresh
 * addresses), so the demo data stays as it was.
 */
describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('support inbox %s', (_label, javaScriptEnabled) => {
  let contexts: BrowserContext[];
  let errors: string[][];

  beforeEach(() => {
    contexts = [];
    errors = [];
    return async () => {
      for (const e of errors) expect(e).toEqual([]);
      for (const c of contexts) await c.close();
    };
  });

  async function visitor(): Promise<Page> {
    const context = await newVisitorContext(chromium(), javaScriptEnabled);
    contexts.push(context);
    const page = await context.newPage();
    errors.push(watchErrors(page));
    return page;
  }

  it('a guest asks the chef from the kitchen page; the chef answers (the guest gets it by e-mail) and closes it', async () => {
    const guest = await visitor();
    const email = uniqueEmail();
    const firstName = `Gina${Date.now().toString(36)}`;
    await guest.goto('/priyas-kitchen', { waitUntil: 'load' });
    const ask = guest.getByRole('region', { name: `Ask ${KITCHEN} a question` });
    // A refused question comes back with what was typed and the reason beside the field.
    await ask.getByLabel('First name').fill(firstName);
    await ask.getByLabel('Email address').fill(email);
    await ask.getByLabel('Your message').fill('Too short');
    await ask.getByRole('button', { name: 'Send question' }).click();
    await guest.getByText('message must be between 10 and 5000 characters').waitFor();
    expect(await guest.getByLabel('First name').inputValue()).toBe(firstName);

    const form = guest.getByRole('region', { name: `Ask ${KITCHEN} a question` });
    await form.getByLabel('Your message').fill('Can you cook the thali without peanuts for eight people?');
    await form
      .getByLabel(/^Attachments/)
      .setInputFiles({ name: 'menu.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Send question' }).click();
    await guest
      .getByText(`Your question was sent to ${KITCHEN}. You will get the answer by e-mail.`)
      .waitFor();
    if (canReadMail) await waitForMail(email, `We received your question to ${KITCHEN}`);

    const chef = await visitor();
    await signIn(chef, 'chef', '/');
    await chef.goto('/l/orders/kitchen/enquiries', { waitUntil: 'load' });
    await chef
      .getByRole('navigation', { name: 'Your kitchen' })
      .getByRole('link', { name: /^Questions/ })
      .waitFor();
    await chef.getByRole('link', { name: `${firstName}` }).click();
    await chef.getByRole('heading', { name: `Question from ${firstName}` }).waitFor();
    await chef.getByText('Can you cook the thali without peanuts for eight people?').waitFor();
    await chef.getByRole('link', { name: 'Attachment 1 (PDF)' }).waitFor();
    const answer = `Yes, no peanuts at all (${Date.now().toString(36)}).`;
    await chef.getByLabel('Your answer').fill(answer);
    await chef.getByRole('button', { name: 'Send answer' }).click();
    await chef.getByText('Answer sent.').waitFor();
    await chef.getByText(`Answered by ${KITCHEN}`).waitFor();
    await chef.getByRole('button', { name: 'Close', exact: true }).click();
    await chef.getByText('This is closed.').waitFor();
    await chef.getByText(`Closed by ${KITCHEN}`).waitFor();

    if (canReadMail) {
      const mail = await waitForMail(email, `Re: your question to ${KITCHEN}`);
      expect(mail.text).toContain(answer);
      expect(mail.text).toContain('> Can you cook the thali without peanuts for eight people?');
    }
  }, 120_000);

  it('a visitor sends a contact message; an admin finds it in the inbox, answers it and closes it', async () => {
    const sender = await visitor();
    const email = uniqueEmail();
    const word = `zq${Date.now().toString(36)}`;
    await sender.goto('/resources/contact-us', { waitUntil: 'load' });
    const contact = sender.getByRole('region', { name: 'Send us a message' });
    await contact.getByLabel('Your full name').fill('Sam Sender');
    await contact.getByLabel('Email address').fill(email);
    await contact.getByLabel('How can we help?').fill(`Do you deliver ${word} meals to Hoboken on Sundays?`);
    await contact.getByRole('button', { name: 'Send message' }).click();
    await sender.getByText('Operation Success!').first().waitFor();

    const admin = await visitor();
    await signIn(admin, 'admin', '/');
    await admin.goto('/l/admin', { waitUntil: 'load' });
    await admin.getByRole('link', { name: 'Support inbox' }).click();
    await admin.waitForURL((url) => url.pathname === '/l/admin/inbox');
    const filters = admin.getByRole('search', { name: 'Filter the inbox' });
    await filters.getByLabel('Words (name, e-mail, message)').fill(word);
    await filters.getByLabel('Type').selectOption('CONTACT');
    await filters.getByLabel('Status').selectOption('OPEN');
    await filters.getByRole('button', { name: 'Show' }).click();
    await admin.waitForURL((url) => url.searchParams.get('query') === word);
    await admin.getByRole('status').getByText('1 item').waitFor();
    await admin.getByRole('link', { name: 'Sam Sender' }).click();
    await admin.getByRole('heading', { name: 'Message from Sam Sender' }).waitFor();

    const answer = `Yes, several kitchens deliver there on Sundays (${word}).`;
    await admin.getByLabel('Your answer').fill(answer);
    await admin.getByRole('button', { name: 'Send answer' }).click();
    await admin.getByText('Answer sent.').waitFor();
    await admin.getByText(answer).first().waitFor();
    await admin.getByRole('button', { name: 'Close', exact: true }).click();
    await admin.getByText('This is closed.').waitFor();
    await admin.getByRole('button', { name: 'Reopen' }).waitFor();

    await admin.getByRole('link', { name: 'Support inbox' }).click();
    await admin.waitForURL((url) => url.pathname === '/l/admin/inbox' && url.search === '');
    await admin.goto(`/l/admin/inbox?query=${word}&status=CLOSED`, { waitUntil: 'load' });
    await admin.getByRole('link', { name: 'Sam Sender' }).waitFor();

    if (canReadMail) {
      const mail = await waitForMail(email, 'Re: your message to Hearth');
      expect(mail.text).toContain(answer);
    }
  }, 120_000);
});
