import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TABLE, type Outcome, type Req } from './access-table.js';
import { API, bootSecurityApp, type SecurityApp } from './boot.js';
import { buildFixtures, ROLE_NAMES, TZ, type Fixtures, type RoleName } from './fixtures.js';
import { changedTables, snapshot } from './snapshot.js';

/*
 * Role × endpoint matrix (security review §1): every route the running API serves × {anonymous, customer A,
 * customer B, chef A, chef B, admin}, against the one table in access-table.ts. B's cells try to read and
 * change A's objects; a refusal must leave every table as it was. Bearer tokens from the test identity
 * provider authenticate the callers (the session-cookie path reaches the same guard).
 */

describe('role × endpoint access matrix', () => {
  let s: SecurityApp;
  let f: Fixtures;
  let base: string;

  beforeAll(async () => {
    s = await bootSecurityApp();
    f = await buildFixtures(s);
    // One listening server for every cell (supertest would otherwise bind and close a port per request).
    await s.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(s.app.getHttpServer().address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(() => s?.close());

  it('has exactly one row per served route', () => {
    const served = s.routes.map((r) => `${r.method} ${r.path}`);
    const missing = served.filter((k) => !(k in ACCESS_TABLE));
    const stale = Object.keys(ACCESS_TABLE).filter((k) => !served.includes(k));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  function send(role: RoleName, method: string, req: Req) {
    const url = `${API}/${req.path}`;
    let call = request(base)[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url).set(TZ);
    if (role !== 'anonymous') call = call.set(f.callers[role].auth);
    if (req.query) call = call.query(req.query);
    return call;
  }

  async function run(role: RoleName, method: string, req: Req) {
    let call = send(role, method, req);
    if (req.file) {
      const content = typeof req.file.content === 'function' ? await req.file.content() : req.file.content;
      // Text fields of a multipart form (a job application's name and e-mail) go with the file.
      for (const [name, value] of Object.entries((req.body ?? {}) as Record<string, string>))
        call = call.field(name, value);
      call = call.attach(req.file.field, content, req.file.name);
    } else if (req.body !== undefined) {
      call = call.send(req.body as object);
    }
    return call.redirects(0);
  }

  function matches(outcome: Outcome, status: number): boolean {
    if (outcome === 'ok') return status >= 200 && status < 400;
    if (outcome === 'denied') return status === 403 || status === 404;
    return status === outcome;
  }

  it('gives every caller exactly what the table says, and refusals write nothing', async () => {
    const problems: string[] = [];
    let cells = 0;
    // The database as the last snapshot saw it; forgotten whenever something may have written since (a
    // row's request being built with fixtures, a cell that is not a refusal), so a refusal right after
    // another costs one snapshot (after it) instead of two.
    let last: Record<string, string> | undefined;
    for (const route of s.routes) {
      const key = `${route.method} ${route.path}`;
      const row = ACCESS_TABLE[key];
      if (!row) continue;
      // Refusals first, the owner's successful change last.
      const roles = [...ROLE_NAMES].sort(
        (a, b) => Number(row.expect[a] === 'ok') - Number(row.expect[b] === 'ok'),
      );
      const build = async (): Promise<Req> => {
        if (!row.req) return { path: route.path };
        last = undefined;
        return row.req(f);
      };
      const shared = row.perCell ? undefined : await build();
      for (const role of roles) {
        const outcome = row.expect[role];
        const req = shared ?? (await build());
        const refusal = outcome !== 'ok' && !(typeof outcome === 'number' && outcome < 400);
        const before = refusal ? (last ?? (await snapshot(s.db))) : undefined;
        last = undefined;
        const res = await run(role, route.method, req);
        cells++;
        if (!matches(outcome, res.status)) {
          problems.push(
            `${key} as ${role}: expected ${outcome}, got ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`,
          );
          continue;
        }
        // Swagger UI's static files are served by @fastify/static, outside the API's problem filter.
        if (
          res.status >= 400 &&
          !req.path.startsWith('docs') &&
          !String(res.headers['content-type']).startsWith('application/problem+json')
        )
          problems.push(`${key} as ${role}: ${res.status} is not a problem object`);
        if (before) {
          last = await snapshot(s.db);
          const changed = changedTables(before, last);
          if (changed.length)
            problems.push(`${key} as ${role}: refused (${res.status}) but changed ${changed.join(', ')}`);
        }
      }
    }
    console.log(`access matrix: ${cells} cells over ${s.routes.length} routes`);
    expect(problems).toEqual([]);
  }, 600_000);
});
