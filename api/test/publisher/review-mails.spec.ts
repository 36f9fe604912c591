import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailStack, until, type MailStack } from '../mail/mail-worker.js';
import type { Harness, TestActor } from '../setup/harness.js';
import { API, register } from './kitchens.js';

describe('kitchen review e-mails: the chef hears when their kitchen is approved or blocked', () => {
  let stack: MailStack;
  let h: Harness;
  let admin: TestActor;

  beforeAll(async () => {
    stack = await startMailStack();
    ({ h } = stack);
    admin = await h.admin();
  });
  afterAll(() => stack?.close());

  /** The kitchen's name in the e-mails: its brand name (every registration here is "Priya's Kitchen"). */
  const SHOWN = "Priya's Kitchen";
  const review = (action: 'approve' | 'block', publisherId: string, statusReviewComments?: string) =>
    request(h.http)
      .post(`${API}/publisher/${action}`)
      .set(admin.auth)
      .send({ publisherId, statusReviewComments });
  /** A registered (pending) kitchen whose owner has an address of their own. */
  async function pending() {
    const email = `chef-${randomUUID()}@example.test`;
    const owner = await h.customer({ userEmail: email, name: 'Priya Raman' });
    const kitchen = await register(h, owner);
    const [row] = await h.db.query(
      `SELECT coalesce(p.user_email, c.user_email) AS email FROM publisher p JOIN consumer c ON c.id = p.consumer_id WHERE p.id = $1`,
      [kitchen.id],
    );
    return { kitchen, to: row.email as string };
  }
  const outboxTo = async (to: string) =>
    (await h.db.query(
      `SELECT subject, text, html FROM email_outbox WHERE to_address = $1 ORDER BY created_at`,
      [to],
    )) as Array<{ subject: string; text: string; html: string }>;
  const delivered = (to: string, subject: string) =>
    until(`mail to ${to}: ${subject}`, () =>
      stack.smtp.received.find((m) => m.to.includes(to) && m.subject === subject),
    );
  const plain = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/\r\n/g, '\n');

  it('approval: what to do next, with links to the kitchen settings and menus, and the reviewer’s note', async () => {
    const { kitchen, to } = await pending();
    await review('approve', kitchen.id, 'Welcome aboard.').expect(200);

    const subject = `Your kitchen ${SHOWN} is approved`;
    const [row] = await outboxTo(to);
    expect(row?.subject).toBe(subject);
    expect(row?.text).toContain('Hello Priya Raman,');
    expect(row?.text).toContain("The reviewer's note: Welcome aboard.");
    expect(row?.text).toContain(`${h.origin}/l/settings`);
    expect(row?.text).toContain(`${h.origin}/l/manage-menus`);
    expect(row?.html).toContain(`href="${h.origin}/l/manage-menus"`);
    const mail = await delivered(to, subject);
    expect(plain(mail.raw)).toContain(`Good news: your kitchen ${SHOWN} is approved on Hearth.`);
  }, 60_000);

  it("block: the admin's review comment and how to reach support; approving again sends the approval", async () => {
    const { kitchen, to } = await pending();
    await review('approve', kitchen.id).expect(200);
    await review('block', kitchen.id, 'Your food handler permit has expired <please renew>.').expect(200);

    const subject = `Your kitchen ${SHOWN} is blocked`;
    const rows = await outboxTo(to);
    expect(rows.map((r) => r.subject)).toEqual([`Your kitchen ${SHOWN} is approved`, subject]);
    const blocked = rows[1]!;
    expect(blocked.text).toContain(
      "The reviewer's comment: Your food handler permit has expired <please renew>.",
    );
    expect(blocked.text).toContain(`contact support: ${h.origin}/resources/contact-us`);
    expect(blocked.html).toContain('Your food handler permit has expired &lt;please renew&gt;.');
    expect(blocked.html).not.toContain('<please renew>');
    const mail = await delivered(to, subject);
    expect(plain(mail.raw)).toContain('customers no longer see it or its dishes');

    await review('approve', kitchen.id, 'Permit renewed.').expect(200);
    expect((await outboxTo(to)).map((r) => r.subject)).toEqual([
      `Your kitchen ${SHOWN} is approved`,
      subject,
      `Your kitchen ${SHOWN} is approved`,
    ]);
  }, 60_000);

  it('a refused review (blocking a blocked kitchen, an unknown kitchen) sends nothing', async () => {
    const { kitchen, to } = await pending();
    await review('block', kitchen.id, 'Incomplete registration.').expect(200);
    const count = async () => Number((await h.db.query(`SELECT count(*) AS n FROM email_outbox`))[0].n);
    const before = await count();
    await review('block', kitchen.id, 'Again.').expect(409);
    await review('approve', randomUUID()).expect(404);
    expect(await count()).toBe(before);
    expect((await outboxTo(to)).map((r) => r.subject)).toEqual([`Your kitchen ${SHOWN} is blocked`]);
  });
});
