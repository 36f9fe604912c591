import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkerProcesses } from '../setup/worker-process.js';
import {
  bulkView,
  finished,
  sendBulk,
  startBulkStack,
  until,
  WORKER_ENV,
  type BulkStack,
} from './bulk-worker.js';

/*
 * The built worker (api/dist/worker.js) as a child process is SIGKILLed in the middle of a 2,000-recipient
 * send and started again: the housekeeping sweep (BULK_SWEEP_MS, 2 s here instead of BullMQ's 30 s
 * stalled-job check) queues the message again, the new worker sends what is still PENDING, and every
 * address gets its e-mail. A row is marked SENT in the transaction that holds its lock, right after the
 * server's 250: the only possible duplicate is an e-mail accepted by the server in the instant before
 * the kill (the in-doubt window, ADR 021), and it carries the same Message-ID as the first copy.
 */

describe('the bulk worker killed mid-send', () => {
  let s: BulkStack;
  const workers = new WorkerProcesses();
  const startWorker = () =>
    workers.start({
      ...WORKER_ENV,
      // Slow enough to be killed in the middle: 2,000 e-mails at 250/s take 8 s.
      BULK_MAIL_RATE: '250',
      SMTP_URL: s.smtp.url,
      WEB_ORIGIN: s.h.origin,
    });
  const kill = (child: ChildProcess) => workers.kill(child);

  beforeAll(async () => {
    WorkerProcesses.assertBuilt();
    s = await startBulkStack({ worker: false });
  });
  afterAll(async () => {
    await workers.killAll();
    await s?.close();
  });

  it('every address gets its e-mail once (one Message-ID each) after a SIGKILL and a restart', async () => {
    const to = Array.from({ length: 2000 }, (_, i) => `killed-${String(i).padStart(4, '0')}@kill.test`);
    const { id } = await sendBulk(s, {
      target_group: 'EXTERNAL',
      to: to.join('\n'),
      subject: 'Survives a kill',
      content: 'Hello',
    });
    const mails = () => s.smtp.received.filter((m) => m.subject === 'Survives a kill');

    const first = startWorker();
    await until(
      'the first worker to send some',
      async () => (mails().length >= 300 ? true : undefined),
      30_000,
    );
    await kill(first);
    const atKill = await bulkView(s, id);
    expect(atKill.progress.pending).toBeGreaterThan(0);

    startWorker();
    const done = await finished(s, id, 35_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\nworker output:\n${workers.output()}`);
    });
    expect(done.status).toBe('COMPLETED');
    expect(done.progress).toMatchObject({ total: 2000, sent: 2000, failed: 0, pending: 0 });

    const byAddress = new Map<string, Set<string>>();
    for (const m of mails()) {
      for (const r of m.to) byAddress.set(r, (byAddress.get(r) ?? new Set()).add(m.messageId));
    }
    expect([...byAddress.keys()].sort()).toEqual(to);
    // One Message-ID per address: a copy sent again after the in-doubt window is recognisably the same e-mail.
    expect([...byAddress.values()].every((ids) => ids.size === 1)).toBe(true);
    // At most the e-mails in flight at the kill (one per lane) can have arrived twice.
    expect(mails().length - 2000).toBeLessThanOrEqual(Number(WORKER_ENV.BULK_MAIL_CONCURRENCY));
  });
});
