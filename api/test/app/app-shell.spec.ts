import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../setup/app.js';

const API = '/services/publisher/api';

describe('API shell', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('reports UP when PostgreSQL and Redis answer (components only to admins: security-headers.spec.ts)', async () => {
    const res = await request(app.getHttpServer()).get(`${API}/health`).expect(200);
    expect(res.body).toEqual({ status: 'UP' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a caller-supplied request id and ignores a malformed one', async () => {
    const kept = await request(app.getHttpServer()).get(`${API}/health`).set('X-Request-Id', 'lb-1234567890');
    expect(kept.headers['x-request-id']).toBe('lb-1234567890');
    const replaced = await request(app.getHttpServer())
      .get(`${API}/health`)
      .set('X-Request-Id', 'bad id <script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown path with a 404 problem', async () => {
    const res = await request(app.getHttpServer()).get(`${API}/no/such/thing`).expect(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({
      type: 'https://hearth.example/problems/not-found',
      title: 'Not Found',
      status: 404,
      detail: `No endpoint GET ${API}/no/such/thing.`,
      instance: `urn:request:${res.headers['x-request-id']}`,
      message: 'error.http.404',
      path: `${API}/no/such/thing`,
    });
  });

  it('serves nothing outside the global prefix', async () => {
    await request(app.getHttpServer()).get('/health').expect(404);
  });

  it('answers invalid input with a validation problem listing each field', async () => {
    const res = await request(app.getHttpServer())
      .post(`${API}/contactus`)
      .send({ legalName: 'A', email: 'not-an-email', message: 'short', admin: true })
      .expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      title: 'Bad Request',
      status: 400,
      message: 'error.validation',
      path: `${API}/contactus`,
    });
    expect(res.body.fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'legalName', message: 'legalName must be between 2 and 120 characters' },
        { field: 'email', message: 'email must be a valid e-mail address' },
        { field: 'message', message: 'message must be between 10 and 5000 characters' },
        { field: 'admin', message: 'admin is not a known field' },
      ]),
    );
    expect(res.body.fieldErrors).toHaveLength(4);
  });

  it('accepts valid input and stores it', async () => {
    const res = await request(app.getHttpServer())
      .post(`${API}/contactus`)
      .send({
        legalName: 'Casey Customer',
        email: 'casey@example.com',
        message: 'Do you deliver to Hoboken on Sundays?',
      })
      .expect(201);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a malformed JSON body with a 400 problem, not a 500', async () => {
    const res = await request(app.getHttpServer())
      .post(`${API}/contactus`)
      .set('Content-Type', 'application/json')
      .send('{"legalName": ')
      .expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.detail).toBe('The request body is not valid JSON.');
  });

  it('refuses a bad query parameter with a problem naming it', async () => {
    const res = await request(app.getHttpServer())
      .get(`${API}/publisher/findByStatus?status=SLEEPING&page=-1`)
      .expect(400);
    expect(res.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['page', 'status']);
  });

  it('publishes the OpenAPI document and UI outside production', async () => {
    const doc = await request(app.getHttpServer()).get(`${API}/docs/openapi.json`).expect(200);
    expect(doc.body.info.title).toBe('Hearth API');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([`${API}/health`, `${API}/publisher/findByStatus`]),
    );
    const ui = await request(app.getHttpServer()).get(`${API}/docs`).redirects(1).expect(200);
    expect(ui.text).toContain('swagger');
  });
});

describe('API shell when a dependency is down', () => {
  it('reports DOWN with 503 when Redis does not answer', async () => {
    const app = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6399' });
    try {
      const res = await request(app.getHttpServer()).get(`${API}/health`).expect(503);
      // An anonymous caller learns nothing more (no host or port of Redis).
      expect(res.body).toEqual({ status: 'DOWN' });
    } finally {
      await app.close();
    }
  });

  it('reports DOWN with 503 when PostgreSQL goes away', async () => {
    const admin = process.env.TEST_DATABASE_ADMIN_URL!;
    const name = `hearth_health_${Date.now()}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const app = await createTestApp({ DATABASE_URL: url.toString() });
    try {
      await request(app.getHttpServer()).get(`${API}/health`).expect(200);
      await client.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      const res = await request(app.getHttpServer()).get(`${API}/health`).expect(503);
      expect(res.body).toEqual({ status: 'DOWN' });
    } finally {
      await app.close().catch(() => {});
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    }
  });
});

describe('configuration', () => {
  it('stops the boot with one line naming a wrong setting', async () => {
    await expect(createTestApp({ PORT: 'eighty', REDIS_URL: 'http://nope' })).rejects.toThrow(
      /^Invalid configuration: PORT="eighty" is invalid: .*\| REDIS_URL=\(hidden\) is invalid: .*$/,
    );
  });
});
