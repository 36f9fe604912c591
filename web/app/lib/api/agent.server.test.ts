/** The one keep-alive agent to the API: calls reuse open connections, and never more than the cap. */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: Server;
let connections = 0;
let sut: typeof import('./client.server');

beforeAll(async () => {
  server = createServer((_req, res) => {
    // A little latency so that concurrent calls really overlap.
    setTimeout(() => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    }, 5);
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Imported after API_URL points at this server (the env is read once, on first use).
  sut = await import('./client.server');
});

afterAll(async () => {
  await sut.apiAgent().close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const request = () => new Request('http://hearth.test/');

describe('apiAgent', () => {
  it('keeps its connections alive across consecutive calls (no new connection per call)', async () => {
    const before = connections;
    for (let i = 0; i < 20; i++) {
      const { data } = await sut.apiFetch<{ ok: boolean }>(request(), 'health');
      expect(data).toEqual({ ok: true });
    }
    // undici may open a second connection while the first is being released, then alternates between the two.
    expect(connections - before).toBeLessThanOrEqual(2);
  });

  it('opens at most API_CONNECTIONS connections however many calls run at once', async () => {
    const before = connections;
    const calls = Array.from({ length: sut.API_CONNECTIONS * 3 }, () => sut.apiFetch(request(), 'health'));
    await Promise.all(calls);
    expect(connections - before).toBeLessThanOrEqual(sut.API_CONNECTIONS);
  });
});
