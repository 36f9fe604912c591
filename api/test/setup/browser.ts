/**
 * A browser without JavaScript, for medium tests of sign-in: fetch with manual redirects and a cookie jar
 * keyed by host (like a browser, cookies are shared across ports of one host), path-aware, honouring
 * deletions (Max-Age=0 or an expiry in the past).
 */
export class TestBrowser {
  private jar = new Map<string, { value: string; path: string }>();

  cookie(name: string): string | undefined {
    return this.jar.get(name)?.value;
  }

  setCookie(name: string, value: string, path = '/'): void {
    this.jar.set(name, { value, path });
  }

  deleteCookie(name: string): void {
    this.jar.delete(name);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const path = new URL(url).pathname;
    const cookie = [...this.jar.entries()]
      .filter(([, c]) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    // Like a browser, name the origin on unsafe requests (here: the page is on the requested origin).
    const method = (init.method ?? 'GET').toUpperCase();
    if (!['GET', 'HEAD'].includes(method) && !headers.has('origin'))
      headers.set('origin', new URL(url).origin);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) this.store(line);
    return res;
  }

  /** Follows redirects until one leaves `stayOn` (an origin) or a page answers; returns where it stopped. */
  async follow(
    url: string,
    init: RequestInit = {},
    stayOn?: string,
  ): Promise<{ res: Response; url: string; location?: string }> {
    let res = await this.request(url, init);
    let current = url;
    for (let hops = 0; hops < 15 && res.status >= 300 && res.status < 400; hops++) {
      const location = new URL(res.headers.get('location')!, current).href;
      if (stayOn && new URL(location).origin !== stayOn) return { res, url: current, location };
      current = location;
      res = await this.request(current);
    }
    return { res, url: current };
  }

  /** Submits the first form of a server-rendered page with its hidden fields plus `fields`. */
  async submit(pageUrl: string, html: string, fields: Record<string, string>, stayOn?: string) {
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on the page:\n${html.slice(0, 2000)}`);
    const hidden = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    return this.follow(
      new URL(action.replaceAll('&amp;', '&'), pageUrl).href,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...hidden, ...fields }),
      },
      stayOn,
    );
  }

  private store(line: string): void {
    const [pair, ...attributes] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const attr = Object.fromEntries(
      attributes.map((a) => {
        const i = a.indexOf('=');
        return i < 0 ? [a.toLowerCase(), ''] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
      }),
    );
    const expired =
      attr['max-age'] === '0' || (attr.expires && new Date(attr.expires).getTime() <= Date.now());
    if (expired || value === '') this.jar.delete(name);
    else this.jar.set(name, { value, path: attr.path || '/' });
  }
}
