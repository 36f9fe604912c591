import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueSuffix } from '../setup/factories.js';
import {
  finished,
  sendBulk,
  startBulkStack,
  startBulkWorker,
  WORKER_ENV,
  type BulkStack,
} from './bulk-worker.js';

/*
 * A worker that died in the middle of a fan-out: the message is SENDING, its cursor stands after the first
 * page, part of that page was sent and the page's batch job is gone. A new worker resumes the fan-out from
 * the cursor, finds the stranded PENDING rows, and sends every address that had not been sent — and none of
 * those that had — exactly once.
 */
describe('a fan-out that died after its first page', () => {
  let s: BulkStack;
  beforeAll(async () => {
    // The API only: the message is stored and its fan-out job waits in the queue, with no worker to take it.
    s = await startBulkStack({ worker: false });
  });
  afterAll(() => s?.close());

  it('a new worker finishes it: the stranded and the unpaged addresses are sent once, the sent ones not again', async () => {
    const domain = `resume${uniqueSuffix()}.test`.toLowerCase();
    const to = Array.from({ length: 250 }, (_, i) => `r${String(i).padStart(3, '0')}@${domain}`);
    const subject = `Resumed ${domain}`;
    const { id } = await sendBulk(s, { target_group: 'EXTERNAL', to: to.join('\n'), subject, content: 'Hi' });

    // What the dead worker left: the first page of 100 fanned out (50 of them sent), the cursor after it.
    const firstPage = to.slice(0, 100);
    await s.h.db.query(
      `INSERT INTO bulk_message_recipient (bulk_message_id, email, state, sent_at, attempts)
       SELECT $1, e, CASE WHEN n <= 50 THEN 'SENT' ELSE 'PENDING' END,
              CASE WHEN n <= 50 THEN now() END, CASE WHEN n <= 50 THEN 1 ELSE 0 END
       FROM unnest($2::text[]) WITH ORDINALITY AS t(e, n)`,
      [id, firstPage],
    );
    await s.h.db.query(
      `UPDATE bulk_message SET status = 'SENDING', started_at = now(), fanout_cursor = $2, total_count = 100
       WHERE id = $1`,
      [id, firstPage[99]],
    );

    const worker = await startBulkWorker({ ...WORKER_ENV, SMTP_URL: s.smtp.url, WEB_ORIGIN: s.h.origin });
    try {
      const view = await finished(s, id, 60_000);
      expect(view.status).toBe('COMPLETED');
      expect(view.progress).toMatchObject({ total: 250, sent: 250, failed: 0, skipped: 0, pending: 0 });
      const got = s.smtp.received.filter((m) => m.subject === subject).flatMap((m) => m.to);
      // The 50 sent before the crash are not sent again; the other 200 arrive once each.
      expect(got.length).toBe(200);
      expect(new Set(got)).toEqual(new Set(to.slice(50)));
    } finally {
      await worker.close();
    }
  });
});
