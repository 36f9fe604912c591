import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coreImports } from '../../src/app.module.js';
import { ClockService } from '../../src/common/clock/clock.service.js';
import { MENU_AUTO_EXTEND_JOB } from '../../src/modules/menu/menu-dates.service.js';
import { ScheduledJobsProcessor } from '../../src/queue/scheduled-jobs.processor.js';
import { ScheduledWorkModule } from '../../src/worker.module.js';
import { QUEUES } from '../../src/queue/queues.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { chefIn, fixClock, menuDateRows, publishedMenu } from './catalog-kit.js';

/** The worker's menu side, booted as worker.ts boots it. */
async function startMenuWorker(): Promise<INestApplicationContext> {
  const saved = { ...process.env };
  Object.assign(process.env, { LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  try {
    const moduleRef = await Test.createTestingModule({
      imports: [...coreImports(), ScheduledWorkModule],
    }).compile();
    const ctx = moduleRef.createNestApplication({ bufferLogs: true });
    await ctx.init();
    return ctx;
  } finally {
    process.env = saved;
  }
}

const job = (name: string) => ({ name, data: {} }) as unknown as Job;

describe('menu auto-extension in the worker', () => {
  let h: Harness;
  let worker: INestApplicationContext;
  beforeAll(async () => {
    h = await startHarness();
    worker = await startMenuWorker();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await worker?.close();
    await h?.close();
  });

  it('schedules the daily job once, by id', async () => {
    const scheduler = await worker
      .get<Queue>(getQueueToken(QUEUES.SCHEDULED))
      .getJobScheduler(MENU_AUTO_EXTEND_JOB);
    expect(scheduler).toMatchObject({
      key: MENU_AUTO_EXTEND_JOB,
      name: MENU_AUTO_EXTEND_JOB,
      pattern: '15 3 * * *',
    });
  });

  it('extends auto-extended menus when the job runs, and refuses unknown jobs for good', async () => {
    fixClock(h, '2026-10-20T12:00:00Z');
    const chef = await chefIn(h);
    const { menu } = await publishedMenu(h, chef, {
      menuType: 'RECURRING',
      occurrence: 'days',
      deliveryDate: '2026-10-21',
      autoExtend: true,
      ends: { endsAfterOccurrences: 2 },
    });
    expect((await menuDateRows(h, menu.id)).map((r) => r.date)).toEqual(['2026-10-21', '2026-10-22']);

    vi.spyOn(worker.get(ClockService), 'now').mockImplementation(() => new Date('2026-10-23T12:00:00Z'));
    const sut = worker.get(ScheduledJobsProcessor);
    expect(await sut.process(job(MENU_AUTO_EXTEND_JOB))).toMatchObject({ datesAdded: expect.any(Number) });
    expect((await menuDateRows(h, menu.id)).map((r) => r.date)).toEqual([
      '2026-10-21',
      '2026-10-22',
      '2026-10-23',
      '2026-10-24',
    ]);
    await expect(sut.process(job('tidy-carts'))).rejects.toBeInstanceOf(UnrecoverableError);
  });
});
