import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../setup/app.js';

/** What the app's own pool answers for `SHOW statement_timeout`. */
async function statementTimeoutOf(app: INestApplication): Promise<string> {
  const rows: { statement_timeout: string }[] = await app.get(DataSource).query('SHOW statement_timeout');
  return rows[0].statement_timeout;
}

describe("statement_timeout on the API's connections", () => {
  let app: INestApplication | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('is 5 s by default', async () => {
    app = await createTestApp();
    expect(await statementTimeoutOf(app)).toBe('5s');
  });

  it('follows DB_STATEMENT_TIMEOUT_MS and cancels a longer statement', async () => {
    app = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '300' });
    expect(await statementTimeoutOf(app)).toBe('300ms');
    const started = Date.now();
    await expect(app.get(DataSource).query('SELECT pg_sleep(3)')).rejects.toMatchObject({
      driverError: { code: '57014' },
    });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('is off with DB_STATEMENT_TIMEOUT_MS=0', async () => {
    app = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '0' });
    expect(await statementTimeoutOf(app)).toBe('0');
  });
});
