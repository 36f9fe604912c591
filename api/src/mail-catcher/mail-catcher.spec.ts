import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type CaughtMail, type MailCatcher } from './mail-catcher.js';

describe('the local mail catcher', () => {
  let catcher: MailCatcher;
  let oneClickTarget: Server;
  const oneClicks: Array<{ body: string; cookie?: string }> = [];

  beforeAll(async () => {
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
    oneClickTarget = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        oneClicks.push({ body, cookie: req.headers.cookie });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => oneClickTarget.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    await catcher?.close();
    await new Promise((r) => oneClickTarget?.close(r));
  });

  it('keeps what it receives and shows it as JSON, in the inbox and one by one', async () => {
    const port = (oneClickTarget.address() as AddressInfo).port;
    const unsubscribe = `http://127.0.0.1:${port}/unsubscribe?token=abc`;
    const transport = nodemailer.createTransport(catcher.smtpUrl);
    await transport.sendMail({
      from: 'Hearth <news@hearth.test>',
      to: 'Ana@Example.com',
      subject: 'Soup is back',
      text: `Hello\nUnsubscribe: ${unsubscribe}`,
      html: `<p>Hello <script>alert(1)</script><a href="${unsubscribe}&amp;x=1">Unsubscribe</a></p>`,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    transport.close();

    const res = await fetch(`${catcher.httpUrl}/api/messages?to=ana@example.com`);
    const mails = (await res.json()) as CaughtMail[];
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Soup is back', to: ['ana@example.com'] });
    expect(mails[0].headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mails[0].links).toEqual([`${unsubscribe}&x=1`, unsubscribe]);
    expect(await (await fetch(`${catcher.httpUrl}/api/messages?to=bob@example.com`)).json()).toEqual([]);

    const inbox = await (await fetch(`${catcher.httpUrl}/`)).text();
    expect(inbox).toContain(`/messages/${mails[0].id}`);
    const one = await fetch(`${catcher.httpUrl}/messages/${mails[0].id}`);
    expect(one.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await one.text();
    expect(html).toContain('sandbox=""');
    expect(html).not.toContain('<script>alert(1)</script>');

    // The one-click button POSTs as a mail provider would: only the form field, no cookie.
    const click = await fetch(`${catcher.httpUrl}/messages/${mails[0].id}/one-click`, { method: 'POST' });
    expect(await click.text()).toContain('HTTP 200');
    expect(oneClicks).toEqual([{ body: 'List-Unsubscribe=One-Click', cookie: undefined }]);
  });
});
