import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  bulkView,
  finished,
  sendBulk,
  startBulkStack,
  startBulkWorker,
  until,
  WORKER_ENV,
  type BulkStack,
} from './bulk-worker.js';

/*
 * Without SMTP_URL nothing may be claimed sent (rule S-19): the message pauses itself and says why; an
 * admin resumes it once a worker with an SMTP server runs.
 */
describe('bulk messages without an SMTP server', () => {
  let s: BulkStack;

  beforeAll(async () => {
    s = await startBulkStack({ worker: false });
  });
  afterAll(() => s?.close());

  it('pauses itself with the reason, sends nothing, and completes when resumed with SMTP set', async () => {
    const noSmtp = await startBulkWorker({ ...WORKER_ENV, SMTP_URL: '', WEB_ORIGIN: s.h.origin });
    const { id } = await sendBulk(s, {
      target_group: 'EXTERNAL',
      to: 'a@nosmtp.test\nb@nosmtp.test',
      subject: 'Held back',
      content: 'x',
    });
    const paused = await until('the message to pause itself', async () => {
      const v = await bulkView(s, id);
      return v.status === 'PAUSED' ? v : undefined;
    });
    expect(paused.pausedReason).toBe('SMTP is not configured');
    expect(paused.progress.sent).toBe(0);
    await noSmtp.close();

    const withSmtp = await startBulkWorker({ ...WORKER_ENV, SMTP_URL: s.smtp.url, WEB_ORIGIN: s.h.origin });
    try {
      const resumed = await request(s.h.http)
        .post(api(`admin/bulk-messages/${id}/resume`))
        .set(s.admin.auth);
      expect(resumed.status).toBe(200);
      expect(resumed.body.pausedReason).toBeNull();
      const done = await finished(s, id);
      expect(done.status).toBe('COMPLETED');
      expect(done.progress.sent).toBe(2);
      expect(s.smtp.received.filter((m) => m.subject === 'Held back')).toHaveLength(2);
    } finally {
      await withSmtp.close();
    }
  });
});
