import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { gotoWithinWindow, newVisitorContext, useChromium, watchErrors } from './browser';
import { signIn, uniqueEmail } from './identity';
import { canReadMail, waitForMail } from './mail';

/*
 * Careers (issue 18): the admin opens a posting of their own (so the demo postings stay as they are), a
 * guest applies for it with a PDF résumé from the public page, the admin moves the application to
 * interview and downloads the résumé; the posting is archived again at the end. With JavaScript and without.
 */

const API = '/services/publisher/api';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);

const chromium = useChromium();

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('careers %s', (_label, javaScriptEnabled) => {
  let adminContext: BrowserContext;
  let guestContext: BrowserContext;
  let admin: Page;
  let guest: Page;
  let errors: string[][];

  beforeEach(async () => {
    adminContext = await newVisitorContext(chromium(), javaScriptEnabled);
    guestContext = await newVisitorContext(chromium(), javaScriptEnabled);
    admin = await adminContext.newPage();
    guest = await guestContext.newPage();
    errors = [watchErrors(admin), watchErrors(guest)];
  });

  afterEach(async () => {
    expect(errors.flat()).toEqual([]);
    await adminContext?.close();
    await guestContext?.close();
  });

  it('a guest applies with a PDF résumé; the admin moves the application to interview and downloads the résumé', async () => {
    const title = `Pastry Chef ${randomUUID().slice(0, 8)}`;
    const applicant = `Ada ${randomUUID().slice(0, 6)}`;
    const email = uniqueEmail();

    // The admin opens a posting from the admin home's Careers page.
    // Signed out, /l/admin sends the browser to the provider at once: sign in from the home page first.
    await signIn(admin, 'admin', '/');
    await admin.goto('/l/admin', { waitUntil: 'load' });
    await admin.locator('main a[href="/l/admin/careers"]').click();
    await admin.getByRole('heading', { name: 'New posting' }).waitFor();
    const create = admin.getByRole('form', { name: 'Create posting' });
    await create.getByLabel('Title').fill(title);
    await create.getByLabel('Type (optional)').fill('Full-time');
    await create.getByLabel('Location (optional)').fill('Brooklyn, NY');
    await create
      .getByLabel('Description')
      .fill('<p>Laminate <strong>croissant</strong> dough.</p><script>x()</script>');
    await create.getByRole('button', { name: 'Create posting' }).click();
    await admin.getByText(`The posting “${title}” is open.`).first().waitFor();
    await admin.getByRole('heading', { name: title }).waitFor();
    const postingPath = new URL(admin.url()).pathname;
    expect(postingPath).toMatch(/^\/l\/admin\/careers\/[0-9a-f-]{36}$/);
    const jobId = postingPath.split('/').pop()!;

    // The guest finds it on the careers page and applies; a renamed program is refused first, keeping what was typed.
    const posting = guest.getByRole('link', { name: new RegExp(title) });
    await gotoWithinWindow(guest, '/resources/careers', async () => (await posting.count()) > 0);
    await posting.click();
    await guest.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(await guest.locator('.prose-hearth strong').textContent()).toBe('croissant');
    const form = guest.getByRole('form', { name: `Apply for ${title}` });
    await form.getByLabel('Full name').fill(applicant);
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Phone (optional)').fill('+1 212 555 0100');
    await form
      .getByLabel('Résumé')
      .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: ELF });
    await form.getByRole('button', { name: 'Send application' }).click();
    await guest.getByText('The résumé must be a PDF or Word document (.pdf, .doc or .docx).').waitFor();
    expect(await form.getByLabel('Full name').inputValue()).toBe(applicant);
    expect(await form.getByLabel('E-mail').inputValue()).toBe(email);
    await form
      .getByLabel('Résumé')
      .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Send application' }).click();
    await guest
      .getByText('Thank you: we have your application and have e-mailed you a confirmation.')
      .waitFor();
    if (canReadMail) await waitForMail(email, `We received your application for ${title}`);

    // The admin sees it, downloads the résumé and moves it to interview.
    await admin.reload({ waitUntil: 'load' });
    const card = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: applicant }) });
    await card.waitFor();
    expect(await card.textContent()).toContain('Received');
    const resume = card.getByRole('link', { name: `Download ${applicant}’s résumé` });
    const href = await resume.getAttribute('href');
    expect(href).toMatch(new RegExp(`^${API}/jobs/${jobId}/applications/[0-9a-f-]{36}/resume$`));
    const download = await admin.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect(download.headers()['content-disposition']).toMatch(/^attachment/);
    expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);
    // Nobody else gets it.
    expect((await guest.request.get(href!)).status()).toBe(401);

    await card.getByRole('button', { name: 'Move to Interview' }).click();
    await admin.getByText(`${applicant}’s application is now “Interview”.`).first().waitFor();
    const moved = admin
      .getByRole('listitem')
      .filter({ has: admin.getByRole('heading', { name: applicant }) });
    await moved.getByRole('button', { name: 'Move to Hired' }).waitFor();
    if (canReadMail) await waitForMail(email, `Your application for ${title}: we would like to meet you`);

    // Filtered by state, it is the one in interview.
    await admin.getByLabel('State').selectOption('INTERVIEW');
    await admin.getByRole('button', { name: 'Show' }).click();
    await admin.waitForURL((url) => url.searchParams.get('status') === 'INTERVIEW');
    await admin.getByText('1 application', { exact: true }).waitFor();

    // Archived again: off the careers page, and it takes no more applications.
    await admin.getByRole('button', { name: 'Archive posting' }).click();
    await admin.getByText(`“${title}” is archived`, { exact: false }).first().waitFor();
    await admin.getByRole('button', { name: 'Reopen posting' }).waitFor();
    // A guest may be served the page's stored copy until the page cache's window has passed.
    const gone = await gotoWithinWindow(
      guest,
      `/resources/careers/${encodeURIComponent(title)}`,
      async (response) => response?.status() === 404,
    );
    expect(gone?.status()).toBe(404);
  }, 120_000);
});
