import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  rawBody: string;
}

/**
 * A stand-in for the API's callback endpoints: records every POST with its raw body, answers 200, or
 * 503 for the next `failNext(path, n)` requests to a path (a callback target that is down).
 */
export class WebhookReceiver {
  readonly received: ReceivedHook[] = [];
  private readonly failures = new Map<string, number>();
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        const left = this.failures.get(path) ?? 0;
        if (left > 0) {
          this.failures.set(path, left - 1);
          res.writeHead(503).end();
          return;
        }
        this.received.push({ path, headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  failNext(path: string, times: number): void {
    this.failures.set(path, times);
  }

  /** Waits (up to `timeoutMs`) for a hook on `path` whose parsed body satisfies `match`. */
  async waitFor(
    path: string,
    match: (body: Record<string, unknown>) => boolean,
    timeoutMs = 5000,
  ): Promise<ReceivedHook> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.received.find(
        (h) => h.path === path && match(JSON.parse(h.rawBody) as Record<string, unknown>),
      );
      if (hit) return hit;
      if (Date.now() > deadline) {
        throw new Error(
          `no webhook on ${path} matched within ${timeoutMs} ms; got ${this.received.map((h) => h.path).join(', ')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** What a browser without JavaScript does with a hosted page: finds the form whose button says `button`. */
export function formAction(html: string, button: RegExp): string {
  for (const m of html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)) {
    if (button.test(m[2].replace(/<[^>]+>/g, '').trim())) return m[1].replace(/&amp;/g, '&');
  }
  throw new Error(`no form with a button matching ${button} in the page`);
}
