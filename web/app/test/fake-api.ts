import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * A real HTTP server standing in for the API in tests: requests are recorded, and each path (without
 * its query) can be given a handler. Unknown paths answer 404 application/problem+json, as the API does.
 */
export async function startFakeApi() {
  const requests: RecordedRequest[] = [];
  const handlers = new Map<string, Handler>();
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers });
    const pathname = new URL(req.url ?? '/', 'http://fake').pathname;
    const handler = handlers.get(pathname);
    if (handler) {
      Promise.resolve(handler(req, res)).catch((error: unknown) => {
        res.statusCode = 599;
        res.end(String(error));
      });
      return;
    }
    problem(res, 404, 'Not Found', pathname);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Sets the handler of an exact path, e.g. `/services/publisher/api/jobs`. */
    on(pathname: string, handler: Handler) {
      handlers.set(pathname, handler);
    },
    reset() {
      handlers.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeApi = Awaited<ReturnType<typeof startFakeApi>>;

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function problem(res: ServerResponse, status: number, title: string, path: string) {
  res.writeHead(status, { 'Content-Type': 'application/problem+json' });
  res.end(JSON.stringify({ type: 'about:blank', title, status, message: `error.http.${status}`, path }));
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
