import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailStack, until, type MailStack } from '../mail/mail-worker.js';
import type { Harness, TestActor } from '../setup/harness.js';
import { PDF, pngBytes } from '../security/fixtures.js';

const API = '/services/publisher/api';

describe('support inbox: enquiries in, answers out, the chef’s and the admin’s inbox', () => {
  let stack: MailStack;
  let h: Harness;
  let admin: TestActor;
  let customer: TestActor;
  let chefA: TestActor & { publisher: { id: string } };
  let chefB: TestActor & { publisher: { id: string } };

  beforeAll(async () => {
    stack = await startMailStack();
    ({ h } = stack);
    [admin, customer, chefA, chefB] = await Promise.all([h.admin(), h.customer(), h.chef(), h.chef()]);
  }, 120_000);
  afterAll(() => stack?.close());

  const auditRows = async (targetId: string) =>
    (await h.db.query(
      `SELECT action, before, after, request_id FROM audit_log WHERE target_id = $1 ORDER BY created_at, id`,
      [targetId],
    )) as Array<{ action: string; before: unknown; after: unknown; request_id: string | null }>;
  const delivered = (to: string, subject: string) =>
    until(`mail to ${to}: ${subject}`, () =>
      stack.smtp.received.find((m) => m.to.includes(to) && m.subject === subject),
    );
  const plain = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/\r\n/g, '\n');

  async function contactMessage(
    words = 'Do you deliver to Hoboken on Sundays?',
    email = `sam-${randomUUID()}@example.test`,
  ) {
    const res = await request(h.http)
      .post(`${API}/contactus`)
      .send({ legalName: 'Sam Lee', email, message: words })
      .expect(201);
    return { id: res.body.id as string, email };
  }

  async function enquiryToChefA(extra: Record<string, string> = {}) {
    const email = `guest-${randomUUID()}@example.test`;
    const res = await request(h.http)
      .post(`${API}/enquiries`)
      .field('enquiryType', 'ENQUIRY_TO_CHEF')
      .field('publisherId', chefA.publisher.id)
      .field('firstName', 'Gina')
      .field('lastName', 'Guest')
      .field('email', email)
      .field('message', extra.message ?? 'Can you cook without peanuts for a party of eight?')
      .attach('files', PDF, 'menu.pdf')
      .attach('files', await pngBytes(), 'kitchen.png')
      .expect(201);
    return { id: res.body.id as string, email };
  }

  describe('who may call what', () => {
    it('anonymous callers get 401 and customers and chefs 403 on every admin endpoint', async () => {
      const { id } = await contactMessage();
      const calls = [
        () => request(h.http).get(`${API}/contactus`),
        () => request(h.http).get(`${API}/contactus/${id}`),
        () => request(h.http).post(`${API}/contactus/response`).send({ id, response: 'Hello there' }),
        () => request(h.http).post(`${API}/contactus/${id}/close`),
        () => request(h.http).post(`${API}/contactus/${id}/reopen`),
        () => request(h.http).get(`${API}/_search/contactus`).query({ query: 'hoboken' }),
        () => request(h.http).get(`${API}/admin/inbox`),
      ];
      for (const call of calls) {
        expect((await call()).status).toBe(401);
        expect((await call().set(customer.auth)).status).toBe(403);
        expect((await call().set(chefA.auth)).status).toBe(403);
      }
      const [row] = await h.db.query(`SELECT status, response FROM contact_message WHERE id = $1`, [id]);
      expect(row).toEqual({ status: 'OPEN', response: null });
      expect(await auditRows(id)).toEqual([]);
    });

    it('an enquiry to a chef is that chef’s: another chef gets 404, a customer 403, the admin sees it', async () => {
      const { id } = await enquiryToChefA();
      const mine = await request(h.http).get(`${API}/enquiries/${id}`).set(chefA.auth).expect(200);
      expect(mine.body).toMatchObject({ enquiryType: 'ENQUIRY_TO_CHEF', status: 'OPEN', isResolved: false });
      expect(mine.body.files.map((f: { kind: string }) => f.kind)).toEqual(['attachment', 'picture']);

      await request(h.http).get(`${API}/enquiries/${id}`).set(chefB.auth).expect(404);
      await request(h.http)
        .post(`${API}/enquiries/${id}/response`)
        .set(chefB.auth)
        .send({ response: 'Mine now' })
        .expect(404);
      await request(h.http).post(`${API}/enquiries/${id}/close`).set(chefB.auth).expect(404);
      await request(h.http)
        .get(`${API}/enquiries/${id}/files/${mine.body.files[0].name}`)
        .set(chefB.auth)
        .expect(404);
      await request(h.http).get(`${API}/enquiries/${id}`).set(customer.auth).expect(403);
      await request(h.http).get(`${API}/enquiries/${id}`).expect(401);
      const others = await request(h.http).get(`${API}/enquiries`).set(chefB.auth).expect(200);
      expect(others.body.map((e: { id: string }) => e.id)).not.toContain(id);
      const list = await request(h.http).get(`${API}/enquiries`).set(chefA.auth).expect(200);
      expect(list.body.map((e: { id: string }) => e.id)).toContain(id);
      await request(h.http).get(`${API}/enquiries/${id}`).set(admin.auth).expect(200);

      const file = await request(h.http)
        .get(`${API}/enquiries/${id}/files/${mine.body.files[0].name}`)
        .set(chefA.auth)
        .expect(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe('attachment');
      const [row] = await h.db.query(`SELECT status, action_history FROM enquiry WHERE id = $1`, [id]);
      expect(row.status).toBe('OPEN');
      expect(row.action_history.map((a: { action: string }) => a.action)).toEqual(['RECEIVED']);
    });
  });

  describe('enquiries in', () => {
    it('a guest’s enquiry to a chef: stored privately, the sender is acknowledged and the chef told', async () => {
      const { id, email } = await enquiryToChefA();
      const [row] = await h.db.query(`SELECT attachments, pictures, consumer_id FROM enquiry WHERE id = $1`, [
        id,
      ]);
      expect(row.consumer_id).toBeNull();
      expect(row.attachments[0]).toMatch(/^private\/enquiries\/.+\.pdf$/);
      expect(row.pictures[0]).toMatch(/^private\/enquiries\/.+\.png$/);
      const kitchen = (
        await h.db.query(
          `SELECT coalesce(nullif(brand_display_name, ''), kitchen_name) AS name FROM publisher WHERE id = $1`,
          [chefA.publisher.id],
        )
      )[0].name as string;
      const ack = await delivered(email, `We received your question to ${kitchen}`);
      expect(plain(ack.raw)).toContain('Can you cook without peanuts for a party of eight?');
      const [chefMail] = await h.db.query(
        `SELECT subject, text FROM email_outbox WHERE related_id = $1 AND to_address <> $2`,
        [id, email],
      );
      expect(chefMail.subject).toBe(`A new question for ${kitchen}`);
      expect(chefMail.text).toContain(`/l/orders/kitchen/enquiries/${id}`);
    }, 60_000);

    it('a signed-in customer’s pricing enquiry keeps the event date, head count and exact budget', async () => {
      const res = await request(h.http)
        .post(`${API}/enquiries`)
        .set(customer.auth)
        .send({
          enquiryType: 'ENQUIRY_FOR_PRICING',
          firstName: 'Casey',
          email: 'casey@example.test',
          message: 'Catering for a wedding, vegetarian buffet.',
          eventDate: '2027-06-12',
          headcount: '120',
          budget: '2500.10',
        })
        .expect(201);
      const [row] = await h.db.query(
        `SELECT enquiry_type, event_date::text AS event_date, headcount, budget_minor, consumer_id FROM enquiry WHERE id = $1`,
        [res.body.id],
      );
      expect(row).toEqual({
        enquiry_type: 'ENQUIRY_FOR_PRICING',
        event_date: '2027-06-12',
        headcount: 120,
        budget_minor: 250010,
        consumer_id: customer.consumer.id,
      });
      const seen = await request(h.http).get(`${API}/enquiries/${res.body.id}`).set(admin.auth).expect(200);
      expect(seen.body.budget).toBe('2500.10');
    });

    it('refuses bad input with field errors: a pricing enquiry without its event, a kitchen that is not taking questions', async () => {
      const noEvent = await request(h.http)
        .post(`${API}/enquiries`)
        .send({
          enquiryType: 'ENQUIRY_FOR_PRICING',
          firstName: 'Casey',
          email: 'casey@example.test',
          message: 'Catering for forty people.',
        })
        .expect(400);
      expect(noEvent.body.fieldErrors).toEqual([
        { field: 'eventDate', message: 'Enter the date of your event.' },
      ]);
      const unknownKitchen = await request(h.http)
        .post(`${API}/enquiries`)
        .send({
          enquiryType: 'ENQUIRY_TO_CHEF',
          publisherId: randomUUID(),
          firstName: 'Casey',
          email: 'casey@example.test',
          message: 'Do you cook on Sundays?',
        })
        .expect(400);
      expect(unknownKitchen.body.fieldErrors[0].field).toBe('publisherId');
      const badEmail = await request(h.http)
        .post(`${API}/enquiries`)
        .send({ enquiryType: 'ENQUIRY_GENERAL', firstName: 'C', email: 'nope', message: 'short' })
        .expect(400);
      expect(badEmail.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual([
        'email',
        'message',
      ]);
    });

    it('refuses an executable renamed to .pdf (415) and stores nothing', async () => {
      const before = (await h.db.query(`SELECT count(*)::int AS n FROM enquiry`))[0].n as number;
      const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]);
      const mz = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
      for (const [bytes, name] of [
        [elf, 'quote.pdf'],
        [mz, 'photo.jpg'],
      ] as const) {
        const res = await request(h.http)
          .post(`${API}/enquiries`)
          .field('enquiryType', 'ENQUIRY_GENERAL')
          .field('firstName', 'Mallory')
          .field('email', 'mallory@example.test')
          .field('message', 'Please open the attached file.')
          .attach('files', bytes, name)
          .expect(415);
        expect(res.body.fieldErrors[0].field).toBe('files');
      }
      expect((await h.db.query(`SELECT count(*)::int AS n FROM enquiry`))[0].n).toBe(before);
    });
  });

  describe('answers, close and reopen', () => {
    it('the admin answers a contact message: the e-mail reaches the sender, the history and one audit row record it', async () => {
      const { id, email } = await contactMessage('Where can I find vegan dishes in Jersey City?');
      const res = await request(h.http)
        .post(`${API}/contactus/response`)
        .set(admin.auth)
        .send({ id, response: 'Search for "vegan" on the home page.' })
        .expect(200);
      expect(res.body.response).toBe('Search for "vegan" on the home page.');
      expect(res.body.actionHistory.map((a: { action: string }) => a.action)).toEqual([
        'RECEIVED',
        'ANSWERED',
      ]);
      const mail = await delivered(email, 'Re: your message to Hearth');
      expect(plain(mail.raw)).toContain('Search for "vegan" on the home page.');
      expect(plain(mail.raw)).toContain('> Where can I find vegan dishes in Jersey City?');
      const audit = await auditRows(id);
      expect(audit.map((a) => a.action)).toEqual(['contact.answer']);
      expect(audit[0]!.request_id).toBeTruthy();
    }, 60_000);

    it('close and reopen a contact message: one audit row each, 409 when already so, history kept', async () => {
      const { id } = await contactMessage();
      await request(h.http).post(`${API}/contactus/${id}/reopen`).set(admin.auth).expect(409);
      const closed = await request(h.http).post(`${API}/contactus/${id}/close`).set(admin.auth).expect(200);
      expect(closed.body.status).toBe('CLOSED');
      await request(h.http).post(`${API}/contactus/${id}/close`).set(admin.auth).expect(409);
      const open = await request(h.http).post(`${API}/contactus/${id}/reopen`).set(admin.auth).expect(200);
      expect(open.body.status).toBe('OPEN');
      expect(open.body.actionHistory.map((a: { action: string }) => a.action)).toEqual([
        'RECEIVED',
        'CLOSED',
        'REOPENED',
      ]);
      const audit = await auditRows(id);
      expect(audit).toEqual([
        expect.objectContaining({
          action: 'contact.close',
          before: { status: 'OPEN' },
          after: { status: 'CLOSED' },
        }),
        expect.objectContaining({
          action: 'contact.reopen',
          before: { status: 'CLOSED' },
          after: { status: 'OPEN' },
        }),
      ]);
    });

    it('the chef answers an enquiry to their kitchen (e-mailed to the sender) and closes it; the admin reopens it', async () => {
      const { id, email } = await enquiryToChefA();
      await request(h.http)
        .post(`${API}/enquiries/${id}/response`)
        .set(chefA.auth)
        .send({ response: 'Yes, no peanuts. Eight portions are fine.' })
        .expect(200);
      const kitchen = (
        await h.db.query(
          `SELECT coalesce(nullif(brand_display_name, ''), kitchen_name) AS name FROM publisher WHERE id = $1`,
          [chefA.publisher.id],
        )
      )[0].name as string;
      const mail = await delivered(email, `Re: your question to ${kitchen}`);
      expect(plain(mail.raw)).toContain('Yes, no peanuts. Eight portions are fine.');
      const count = await request(h.http).get(`${API}/enquiries/open-count`).set(chefA.auth).expect(200);
      expect(count.body.open).toBeGreaterThanOrEqual(1);
      await request(h.http).post(`${API}/enquiries/${id}/close`).set(chefA.auth).expect(200);
      const after = await request(h.http).get(`${API}/enquiries/open-count`).set(chefA.auth).expect(200);
      expect(after.body.open).toBe(count.body.open - 1);
      const reopened = await request(h.http)
        .post(`${API}/enquiries/${id}/reopen`)
        .set(admin.auth)
        .expect(200);
      expect(reopened.body.actionHistory.map((a: { action: string; by: string | null }) => a.action)).toEqual(
        ['RECEIVED', 'ANSWERED', 'CLOSED', 'REOPENED'],
      );
      expect(reopened.body.actionHistory[1].note).toBe('Yes, no peanuts. Eight portions are fine.');
      expect((await auditRows(id)).map((a) => a.action)).toEqual([
        'enquiry.answer',
        'enquiry.close',
        'enquiry.reopen',
      ]);
    }, 60_000);

    it('an answer that is refused (too short) changes nothing and writes no audit row', async () => {
      const { id } = await contactMessage();
      const res = await request(h.http)
        .post(`${API}/contactus/response`)
        .set(admin.auth)
        .send({ id, response: 'x' })
        .expect(400);
      expect(res.body.fieldErrors[0].field).toBe('response');
      expect(await auditRows(id)).toEqual([]);
      await request(h.http)
        .post(`${API}/contactus/response`)
        .set(admin.auth)
        .send({ id: randomUUID(), response: 'Hello there' })
        .expect(404);
    });
  });

  describe('the admin inbox: one list, filters, full-text search', () => {
    it('lists messages, enquiries and feedback newest first and filters by type, status, dates and words', async () => {
      const word = `zq${randomUUID().slice(0, 8)}`;
      const contact = await contactMessage(`Question about ${word} deliveries please`);
      const general = await request(h.http)
        .post(`${API}/enquiries`)
        .send({
          enquiryType: 'ENQUIRY_GENERAL',
          firstName: 'Gene',
          email: `gene-${word}@example.test`,
          message: `General ${word} question here`,
        })
        .expect(201);
      const toChef = await enquiryToChefA({ message: `Peanut-free ${word} party?` });
      const [fb] = await h.db.query(
        `INSERT INTO feedback (name, email, message, rating) VALUES ('Fay', 'fay@example.test', $1, 5) RETURNING id`,
        [`Lovely ${word} app`],
      );
      const inbox = (query: Record<string, string>) =>
        request(h.http).get(`${API}/admin/inbox`).set(admin.auth).query(query).expect(200);

      const all = await inbox({ query: word });
      expect(all.body.map((i: { id: string }) => i.id)).toEqual([
        fb.id,
        toChef.id,
        general.body.id,
        contact.id,
      ]);
      expect(all.headers['x-total-count']).toBe('4');
      expect(all.body.map((i: { kind: string }) => i.kind)).toEqual([
        'FEEDBACK',
        'ENQUIRY_TO_CHEF',
        'ENQUIRY_GENERAL',
        'CONTACT',
      ]);
      expect(all.body[1].kitchenName).toBeTruthy();
      expect(all.body[0].status).toBeNull();

      expect((await inbox({ query: word, type: 'CONTACT' })).body.map((i: { id: string }) => i.id)).toEqual([
        contact.id,
      ]);
      expect(
        (await inbox({ query: word, type: 'ENQUIRY_TO_CHEF' })).body.map((i: { id: string }) => i.id),
      ).toEqual([toChef.id]);
      expect((await inbox({ query: word, type: 'FEEDBACK' })).body.map((i: { id: string }) => i.id)).toEqual([
        fb.id,
      ]);
      // Prefixes of a word and of an e-mail address find the row.
      expect(
        (await inbox({ query: `gene-${word.slice(0, 6)}` })).body.map((i: { id: string }) => i.id),
      ).toEqual([general.body.id]);
      expect((await inbox({ query: `${word} peanut` })).body.map((i: { id: string }) => i.id)).toEqual([
        toChef.id,
      ]);
      expect((await inbox({ query: `${word} nothing-like-this` })).body).toEqual([]);

      await request(h.http).post(`${API}/contactus/${contact.id}/close`).set(admin.auth).expect(200);
      expect((await inbox({ query: word, status: 'CLOSED' })).body.map((i: { id: string }) => i.id)).toEqual([
        contact.id,
      ]);
      // Feedback has no status: an OPEN filter leaves it out.
      expect((await inbox({ query: word, status: 'OPEN' })).body.map((i: { id: string }) => i.id)).toEqual([
        toChef.id,
        general.body.id,
      ]);

      await h.db.query(`UPDATE enquiry SET created_at = '2026-01-15T12:00:00Z' WHERE id = $1`, [
        general.body.id,
      ]);
      const january = await inbox({ query: word, from: '2026-01-01', to: '2026-01-31' });
      expect(january.body.map((i: { id: string }) => i.id)).toEqual([general.body.id]);
      const notJanuary = await inbox({ query: word, from: '2026-02-01' });
      expect(notJanuary.body.map((i: { id: string }) => i.id)).not.toContain(general.body.id);

      const paged = await inbox({ query: word, size: '2', page: '1' });
      expect(paged.body.map((i: { id: string }) => i.id)).toEqual([contact.id, general.body.id]);
      expect(paged.headers['x-total-count']).toBe('4');

      const feedback = await request(h.http)
        .get(`${API}/admin/inbox/feedback/${fb.id}`)
        .set(admin.auth)
        .expect(200);
      expect(feedback.body).toMatchObject({ name: 'Fay', rating: 5, message: `Lovely ${word} app` });
      await request(h.http).get(`${API}/admin/inbox`).set(admin.auth).query({ type: 'SPAM' }).expect(400);
    });

    it('_search/contactus finds contact messages by name, e-mail or words; GET contactus lists them', async () => {
      const word = `zk${randomUUID().slice(0, 8)}`;
      const one = await contactMessage(`My ${word} order was late`);
      await contactMessage('Something else entirely, nothing to find');
      const found = await request(h.http)
        .get(`${API}/_search/contactus`)
        .set(admin.auth)
        .query({ query: word })
        .expect(200);
      expect(found.body.map((m: { id: string }) => m.id)).toEqual([one.id]);
      const byMail = await request(h.http)
        .get(`${API}/_search/contactus`)
        .set(admin.auth)
        .query({ query: one.email.slice(0, 12) })
        .expect(200);
      expect(byMail.body.map((m: { id: string }) => m.id)).toEqual([one.id]);
      // tsquery syntax in the words is only text.
      await request(h.http)
        .get(`${API}/_search/contactus`)
        .set(admin.auth)
        .query({ query: "a & ! ' :* (" })
        .expect(200);
      const list = await request(h.http)
        .get(`${API}/contactus`)
        .set(admin.auth)
        .query({ status: 'OPEN', size: '100' })
        .expect(200);
      expect(list.body.map((m: { id: string }) => m.id)).toContain(one.id);
      expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    });
  });
});
