import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_ACTIONS, OrderStatus } from '@hearth/shared';
import { bootSecurityApp, type SecurityApp } from './boot.js';
import { buildFixtures, type Fixtures } from './fixtures.js';
import {
  fitting,
  hostileBody,
  nastyString,
  nastyValue,
  resolve,
  type Components,
  type Schema,
} from './fuzz-arbitraries.js';
import { changedTables, snapshot } from './snapshot.js';

/*
 * Schema-driven fuzzing: every operation of the API's OpenAPI document (api/openapi.json, which the build
 * writes from the code and npm test checks is current) gets seeded, bounded fast-check requests with hostile
 * path parameters, queries and bodies (wrong types, huge strings, unicode, negative and huge numbers,
 * NaN-ish strings, missing and extra fields, malformed JSON, wrong content types), as a guest and as a
 * signed-in customer, chef and admin. Expected: never a 5xx; every 4xx is a spec problem object; when every
 * request of an operation was refused, no table changed.
 *
 * FUZZ_SEED=<n> replays a run; FUZZ_RUNS=<n> sets the requests per operation (default 40).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** Whole-suite time bound: later operations get fewer requests when it runs out. */
const BUDGET_MS = 60_000;

interface Operation {
  method: string;
  path: string;
  parameters: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  body?: { type: 'json' | 'multipart'; schema: Schema };
}

interface Case {
  who: 'anonymous' | 'customer' | 'chef' | 'admin';
  params: Record<string, string>;
  rawPath: boolean;
  query: Record<string, string>;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; contentType: string; text: string }
    | { kind: 'multipart'; field: string; bytes: Uint8Array; filename: string };
}

const document = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Operation['parameters']; requestBody?: { content: Record<string, { schema: Schema }> } }
    >
  >;
  components: { schemas: Components };
};
const components = document.components.schemas;

const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => {
    const content = op.requestBody?.content ?? {};
    const body = content['application/json']
      ? { type: 'json' as const, schema: content['application/json'].schema }
      : content['multipart/form-data']
        ? { type: 'multipart' as const, schema: content['multipart/form-data'].schema }
        : undefined;
    return { method: method.toUpperCase(), path, parameters: op.parameters ?? [], body };
  }),
);

const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  '\u0000',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `{"a":${'['.repeat(5000)}`,
  '"just a string"',
  '12e999999',
  `{"a":"${'x'.repeat(1_200_000)}"}`,
  `[${'1,'.repeat(200_000)}1]`,
);

describe('schema-driven fuzzing of every operation', () => {
  let s: SecurityApp;
  let f: Fixtures;

  beforeAll(async () => {
    s = await bootSecurityApp();
    f = await buildFixtures(s);
  }, 120_000);
  afterAll(() => s?.close());

  /** Real values for path parameters, so some requests reach the code behind the lookups. */
  function realValues(name: string): string[] {
    const kitchen = f.callers.chefA.publisher!.id;
    const pools: Record<string, string[]> = {
      id: [f.itemId, f.menuId, f.addressId, f.pickupId, kitchen],
      order: [f.order.id, f.order.orderNumber],
      cartItem: [f.order.cartItemId],
      date: [f.order.date, f.order.dateSelectionId],
      item: [f.offered.item.id],
      status: Object.values(OrderStatus),
      publisherId: [kitchen],
      pictureId: [f.pictureId],
      receiptId: [f.receiptId],
      path: [f.pictureUrl.replace(/^files\//, ''), f.privateFileKey],
      zip: ['07302', '411001'],
      country: ['US', 'IN', 'United States'],
      title: ['chef'],
      action: [...ITEM_ACTIONS],
    };
    return pools[name] ?? [kitchen];
  }

  function caseFor(op: Operation): fc.Arbitrary<Case> {
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const queryParams = op.parameters.filter((p) => p.in === 'query');
    const params = fc.record(
      Object.fromEntries(
        pathParams.map((p) => [
          p.name,
          fc.oneof(
            { weight: 2, arbitrary: fc.constantFrom(...realValues(p.name)) },
            { weight: 3, arbitrary: nastyString },
          ),
        ]),
      ),
    ) as fc.Arbitrary<Record<string, string>>;
    const queryValue = (schema: Schema | undefined) =>
      fc.oneof(
        fitting(schema, components).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
        nastyString,
      );
    const query = fc
      .tuple(
        fc.record(Object.fromEntries(queryParams.map((p) => [p.name, queryValue(p.schema)])), {
          requiredKeys: [],
        }),
        fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), nastyString), { nil: undefined }),
      )
      .map(([known, extra]) => ({
        ...(known as Record<string, string>),
        ...(extra ? { [extra[0]]: extra[1] } : {}),
      }));
    const body: fc.Arbitrary<Case['body']> = !op.body
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constant({ kind: 'none' as const }) },
          { weight: 1, arbitrary: nastyValue.map((value) => ({ kind: 'json' as const, value })) },
        )
      : op.body.type === 'json'
        ? fc.oneof(
            {
              weight: 6,
              arbitrary: hostileBody(op.body.schema, components).map((value) => ({
                kind: 'json' as const,
                value,
              })),
            },
            {
              weight: 1,
              arbitrary: malformedJson.map((text) => ({
                kind: 'raw' as const,
                contentType: 'application/json',
                text,
              })),
            },
            {
              weight: 1,
              arbitrary: fc
                .tuple(
                  fc.constantFrom(
                    'text/plain',
                    'application/xml',
                    'application/x-www-form-urlencoded',
                    'multipart/form-data',
                  ),
                  nastyString,
                )
                .map(([contentType, text]) => ({ kind: 'raw' as const, contentType, text })),
            },
          )
        : fc.oneof(
            {
              weight: 4,
              arbitrary: fc
                .tuple(
                  fc.constantFrom(
                    ...Object.keys(resolve(op.body.schema, components).properties ?? { file: {} }),
                    'other',
                  ),
                  fc.oneof(
                    fc.uint8Array({ maxLength: 2000 }),
                    fc.constant(new Uint8Array(Buffer.from('%PDF-1.7\n%%EOF\n'))),
                  ),
                  fc.oneof(fc.constantFrom('a.png', 'a.pdf', '../../x.png', ''), nastyString),
                )
                .map(([field, bytes, filename]) => ({ kind: 'multipart' as const, field, bytes, filename })),
            },
            {
              weight: 1,
              arbitrary: hostileBody(undefined, components).map((value) => ({
                kind: 'json' as const,
                value,
              })),
            },
          );
    return fc.record({
      who: fc.constantFrom('anonymous' as const, 'customer' as const, 'chef' as const, 'admin' as const),
      params,
      rawPath: fc.boolean(),
      query,
      body,
    });
  }

  async function send(op: Operation, c: Case) {
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      c.rawPath && name === 'path' ? c.params[name] : encodeURIComponent(c.params[name]),
    );
    const qs = new URLSearchParams(c.query).toString();
    const headers: Record<string, string> = { 'x-time-zone': 'America/New_York' };
    const caller = { customer: f.callers.customerA, chef: f.callers.chefA, admin: f.callers.admin }[
      c.who as 'customer'
    ];
    if (c.who !== 'anonymous') Object.assign(headers, caller.auth);
    let payload: string | Buffer | undefined;
    if (c.body.kind === 'json') {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(c.body.value) ?? 'null';
    } else if (c.body.kind === 'raw') {
      headers['content-type'] = c.body.contentType;
      payload = c.body.text;
    } else if (c.body.kind === 'multipart') {
      const boundary = 'fuzzboundary7d1';
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
      payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${c.body.field}"; filename="${c.body.filename.replace(/["\r\n]/g, '')}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.from(c.body.bytes),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    }
    return s.app.inject({
      method: op.method as 'GET',
      url: qs ? `${path}?${qs}` : path,
      headers,
      payload,
    });
  }

  it('never answers 5xx, words every 4xx as a problem object, and writes nothing when it refuses', async () => {
    console.log(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS} requests per operation`);
    const started = Date.now();
    const problems: string[] = [];
    let total = 0;
    let refusedOnly = 0;
    for (const [index, op] of operations.entries()) {
      const left = BUDGET_MS - (Date.now() - started);
      const runs = left > 0 ? RUNS : 2;
      const cases = fc.sample(caseFor(op), { seed: SEED + index, numRuns: runs });
      const before = await snapshot(s.db);
      let allRefused = true;
      for (const c of cases) {
        const res = await send(op, c);
        total++;
        const name = `${op.method} ${op.path.replace('/services/publisher/api/', '')}`;
        const show = () =>
          JSON.stringify({ ...c, body: c.body.kind === 'multipart' ? '(multipart)' : c.body }).slice(0, 300);
        if (res.statusCode >= 500) {
          problems.push(`${name}: ${res.statusCode} for ${show()}`);
          console.log(`fuzz: ${name} answered ${res.statusCode} to`, JSON.stringify(c).slice(0, 20_000));
          continue;
        }
        if (res.statusCode < 400) {
          allRefused = false;
          continue;
        }
        if (!String(res.headers['content-type']).startsWith('application/problem+json')) {
          problems.push(`${name}: ${res.statusCode} with ${res.headers['content-type']} for ${show()}`);
          continue;
        }
        const p = res.json() as Record<string, unknown>;
        if (
          typeof p.type !== 'string' ||
          typeof p.title !== 'string' ||
          p.status !== res.statusCode ||
          typeof p.path !== 'string'
        )
          problems.push(`${name}: ${res.statusCode} body is not a spec problem: ${res.body.slice(0, 200)}`);
      }
      if (allRefused) {
        refusedOnly++;
        const changed = changedTables(before, await snapshot(s.db));
        if (changed.length)
          problems.push(`${op.method} ${op.path}: every request refused, yet ${changed.join(', ')} changed`);
      }
    }
    console.log(
      `fuzz: ${total} requests over ${operations.length} operations in ${Math.round((Date.now() - started) / 1000)} s; ` +
        `${refusedOnly} operations refused every request (checked for writes); ${problems.length} problems`,
    );
    expect(problems).toEqual([]);
  }, 240_000);
});
