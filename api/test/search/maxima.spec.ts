import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE } from '../../src/common/http/paging.js';
import { createTestApp } from '../setup/app.js';

const API = '/services/publisher/api';

describe('paging and distance maxima (S-24)', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  const get = (path: string) => request(app.getHttpServer()).get(`${API}/${path}`);

  it.each([
    '_search/publishers?query=kitchen',
    '_search/items?zip=07302&country=US',
    '_search/rating?query=good',
  ])(`refuses page ${MAX_PAGE + 1} of %s with a 400 problem naming the field`, async (path) => {
    const res = await get(`${path}&page=${MAX_PAGE + 1}`).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.fieldErrors).toContainEqual({
      field: 'page',
      message: `page must be at most ${MAX_PAGE}; narrow the search instead`,
    });
  });

  it(`still answers page ${MAX_PAGE}`, async () => {
    const res = await get(`_search/publishers?query=kitchen&page=${MAX_PAGE}`).expect(200);
    expect(res.body).toEqual([]);
  });

  it('refuses a kitchen search wider than 100 (miles or km), like the other searches', async () => {
    const res = await get('_search/publishers?lat=40.7&lng=-74&distance=5000').expect(400);
    expect(res.body.fieldErrors).toContainEqual({
      field: 'distance',
      message: 'distance must be at most 100',
    });
    await get('_search/publishers?lat=40.7&lng=-74&distance=100').expect(200);
  });
});
