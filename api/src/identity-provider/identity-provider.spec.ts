import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { loadIdpConfig, type IdpConfig } from './idp-config.js';
import { startIdentityProvider, type RunningIdentityProvider } from './identity-provider.js';
import { REGISTRATION_REFUSED } from './interactions.js';
import { LoginRateLimiter, MemoryFailureStore } from './login-rate-limiter.js';
import { escapeHtml } from './views.js';

// Medium test: a real PostgreSQL (throwaway database) and the provider on a free port, driven over HTTP
// the way a browser without JavaScript and the API's OpenID Connect client would drive it.

const ADMIN_URL = process.env.IDP_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIRECT_URI = 'http://localhost:3000/services/publisher/api/auth/callback';
const POST_LOGOUT_URI = 'http://localhost:3000/';
const CLIENT_ID = 'hearth-web';
const CLIENT_SECRET = 'hearth-dev-secret';
const CHEF = {
  id: '00000000-0000-4000-8000-00000000c002',
  email: 'chef@hearth.test',
  password: 'hearth-demo',
};

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** fetch with manual redirects and a path-aware cookie jar: one browser profile against one host. */
class Browser {
  private cookies: StoredCookie[] = [];

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const path = new URL(url).pathname;
    const cookie = this.cookies
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) this.store(line);
    return res;
  }

  /** Follows redirects while they stay on the provider; returns the last response and its URL. */
  async follow(
    url: string,
    init: RequestInit = {},
  ): Promise<{ res: Response; url: string; location?: string }> {
    let res = await this.request(url, init);
    let current = url;
    for (let hops = 0; hops < 10 && res.status >= 300 && res.status < 400; hops++) {
      const location = new URL(res.headers.get('location')!, current).href;
      if (new URL(location).origin !== new URL(url).origin) return { res, url: current, location };
      current = location;
      res = await this.request(current);
    }
    return { res, url: current };
  }

  /** Submits a server-rendered form the way a browser does (urlencoded POST to its action). */
  async submit(pageUrl: string, html: string, fields: Record<string, string>) {
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on the page:\n${html}`);
    const hidden = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    return this.follow(new URL(action.replaceAll('&amp;', '&'), pageUrl).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...hidden, ...fields }),
    });
  }

  private store(line: string): void {
    const [pair, ...attributes] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const attr = (key: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const path = attr('path') ?? '/';
    const expires = attr('expires');
    const removed =
      value === '' || attr('max-age') === '0' || (!!expires && Date.parse(expires) <= Date.now());
    this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
    if (!removed) this.cookies.push({ name, value, path });
  }
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('local identity provider', { timeout: 30_000 }, () => {
  const database = `idp_test_${randomBytes(6).toString('hex')}`;
  let config: IdpConfig;
  let idp: RunningIdentityProvider;
  let discovery: Record<string, string>;

  const start = (limiter?: LoginRateLimiter) =>
    startIdentityProvider(config, { log: () => undefined, limiter });

  function authorizeUrl(params: Record<string, string> = {}) {
    const url = new URL(discovery.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'openid profile email',
      redirect_uri: REDIRECT_URI,
      state: randomBytes(8).toString('hex'),
      nonce: randomBytes(8).toString('hex'),
      ...params,
    }).toString();
    return url.href;
  }

  async function tokenRequest(body: Record<string, string>) {
    const res = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  }

  /** Runs the code flow up to the callback: returns the callback URL (with code or error) and the verifier. */
  async function signIn(
    browser: Browser,
    email: string,
    password: string,
    params: Record<string, string> = {},
  ) {
    const { verifier, challenge } = pkce();
    const page = await browser.follow(
      authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256', ...params }),
    );
    const html = await page.res.text();
    expect(html).toContain('Sign in');
    const after = await browser.submit(page.url, html, { email, password });
    return { ...after, verifier, callback: after.location ? new URL(after.location) : undefined };
  }

  async function signInForTokens(browser: Browser, email: string, password: string) {
    const { callback, verifier } = await signIn(browser, email, password);
    expect(callback?.origin + callback!.pathname).toBe(REDIRECT_URI);
    const code = callback!.searchParams.get('code')!;
    const tokens = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(tokens.status).toBe(200);
    return tokens.body;
  }

  beforeAll(async () => {
    const admin = new Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const port = await freePort();
    const databaseUrl = new URL(ADMIN_URL);
    databaseUrl.pathname = `/${database}`;
    config = loadIdpConfig({
      HEARTH_DEMO: '1',
      IDP_PORT: String(port),
      IDP_ISSUER: `http://127.0.0.1:${port}/realms/hearth`,
      DATABASE_URL: databaseUrl.href,
    });
    idp = await start(new LoginRateLimiter(new MemoryFailureStore(), 3));
    discovery = (await (await fetch(`${config.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      string
    >;
  }, 60_000);

  afterAll(async () => {
    await idp?.close();
    const admin = new Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  it('publishes a Keycloak-shaped discovery document and answers /health', async () => {
    const base = `${config.issuer}/protocol/openid-connect`;
    expect(discovery).toMatchObject({
      issuer: config.issuer,
      authorization_endpoint: `${base}/auth`,
      token_endpoint: `${base}/token`,
      userinfo_endpoint: `${base}/userinfo`,
      jwks_uri: `${base}/certs`,
      end_session_endpoint: `${base}/logout`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(discovery.prompt_values_supported).toContain('create');
    expect((await fetch(`${idp.url}/health`)).status).toBe(200);
  });

  it('signs the chef in with code + PKCE and issues verifiable tokens carrying the realm roles', async () => {
    const browser = new Browser();
    const tokens = await signInForTokens(browser, CHEF.email, CHEF.password);
    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));

    const { payload: id } = await jwtVerify(tokens.id_token, jwks, {
      issuer: config.issuer,
      audience: CLIENT_ID,
    });
    expect(id).toMatchObject({
      sub: CHEF.id,
      name: 'Priya Raman',
      given_name: 'Priya',
      family_name: 'Raman',
      email: CHEF.email,
      email_verified: true,
      preferred_username: CHEF.email,
      realm_access: { roles: ['ROLE_USER', 'ROLE_CHEF'] },
    });

    const { payload: access, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
      issuer: config.issuer,
      audience: CLIENT_ID,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(access).toMatchObject({
      sub: CHEF.id,
      azp: CLIENT_ID,
      realm_access: { roles: ['ROLE_USER', 'ROLE_CHEF'] },
    });
    expect(access.exp! - access.iat!).toBe(300);
    expect(tokens.refresh_token).toBeTruthy();

    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({ sub: CHEF.id, email: CHEF.email, name: 'Priya Raman' });

    // Silent single sign-on now succeeds without a page.
    const silent = await browser.follow(authorizeUrl({ prompt: 'none', ...pkceParams() }));
    expect(new URL(silent.location!).searchParams.get('code')).toBeTruthy();
  });

  it('shows "Invalid email or password." for a wrong password and issues no code', async () => {
    const result = await signIn(new Browser(), CHEF.email, 'not-the-password');
    expect(result.location).toBeUndefined();
    expect(result.res.status).toBe(401);
    expect(await result.res.text()).toContain('Invalid email or password.');
  });

  it('refuses a login form without its CSRF token', async () => {
    const browser = new Browser();
    const page = await browser.follow(authorizeUrl(pkceParams()));
    const action = /action="([^"]+)"/.exec(await page.res.text())![1];
    const res = await browser.request(new URL(action, page.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: CHEF.email, password: CHEF.password }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('requires PKCE: no code_challenge is refused, and so is a token request without code_verifier', async () => {
    const withoutChallenge = await new Browser().follow(authorizeUrl());
    expect(new URL(withoutChallenge.location!).searchParams.get('error')).toBe('invalid_request');

    const { callback } = await signIn(new Browser(), CHEF.email, CHEF.password);
    const tokens = await tokenRequest({
      grant_type: 'authorization_code',
      code: callback!.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
    });
    expect(tokens.status).toBe(400);
    expect(tokens.body.error).toBe('invalid_grant');
  });

  it('answers prompt=none without a session with error=login_required', async () => {
    const { location } = await new Browser().follow(
      authorizeUrl({ prompt: 'none', state: 'abc', ...pkceParams() }),
    );
    const callback = new URL(location!);
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('error')).toBe('login_required');
    expect(callback.searchParams.get('state')).toBe('abc');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('registers a customer through prompt=create, with field errors, and the new account can sign in', async () => {
    const email = `new-${randomBytes(4).toString('hex')}@example.com`;
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const page = await browser.follow(
      authorizeUrl({ prompt: 'create', code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    const html = await page.res.text();
    expect(html).toContain('Create your account');

    const invalid = await browser.submit(page.url, html, {
      givenName: 'Dana',
      familyName: 'Diner',
      email: 'not-an-email',
      password: 'short',
      passwordConfirm: 'different',
    });
    expect(invalid.res.status).toBe(400);
    const invalidHtml = await invalid.res.text();
    expect(invalidHtml).toContain('Enter a valid email address.');
    expect(invalidHtml).toContain('Password must be at least 8 characters.');
    expect(invalidHtml).toContain('Passwords do not match.');

    const taken = await browser.submit(page.url, html, {
      givenName: 'Dana',
      familyName: 'Diner',
      email: 'CHEF@hearth.test',
      password: 'long-enough',
      passwordConfirm: 'long-enough',
    });
    // An address with an account is refused in words that do not say so (S-15).
    expect(taken.res.status).toBe(400);
    const takenHtml = await taken.res.text();
    expect(takenHtml).toContain(escapeHtml(REGISTRATION_REFUSED));
    expect(takenHtml).not.toContain('already exists');

    const created = await browser.submit(page.url, html, {
      givenName: 'Dana',
      familyName: 'Diner',
      email,
      password: 'long-enough',
      passwordConfirm: 'long-enough',
    });
    const callback = new URL(created.location!);
    const tokens = await tokenRequest({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(decodeJwt(tokens.body.id_token)).toMatchObject({
      email,
      name: 'Dana Diner',
      email_verified: false,
      realm_access: { roles: ['ROLE_USER'] },
    });

    const again = await signInForTokens(new Browser(), email.toUpperCase(), 'long-enough');
    expect(decodeJwt(again.id_token).email).toBe(email);

    // Registering that address again: with its password, the account is simply signed in (as a new one would
    // be); with another password, the same refusal as for any address.
    const second = new Browser();
    const form = await second.follow(
      authorizeUrl({ prompt: 'create', code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
    );
    const formHtml = await form.res.text();
    const wrong = await second.submit(form.url, formHtml, {
      givenName: 'Mallory',
      familyName: 'M',
      email,
      password: 'another-password',
      passwordConfirm: 'another-password',
    });
    expect(wrong.res.status).toBe(400);
    expect(await wrong.res.text()).toContain(escapeHtml(REGISTRATION_REFUSED));
    const right = await second.submit(form.url, formHtml, {
      givenName: 'Dana',
      familyName: 'Diner',
      email,
      password: 'long-enough',
      passwordConfirm: 'long-enough',
    });
    expect(new URL(right.location!).searchParams.get('code')).toBeTruthy();
  });

  it('opens the registration page from Keycloak-style /registrations and the sign-in page link', async () => {
    const browser = new Browser();
    const registrations = authorizeUrl(pkceParams()).replace('/auth?', '/registrations?');
    expect(await (await browser.follow(registrations)).res.text()).toContain('Create your account');

    const login = await browser.follow(authorizeUrl(pkceParams()));
    const link = /href="([^"]+\/register)"/.exec(await login.res.text())![1];
    expect(await (await browser.follow(new URL(link, login.url).href)).res.text()).toContain(
      'Create your account',
    );
  });

  it('refreshes tokens with the refresh_token grant', async () => {
    const tokens = await signInForTokens(new Browser(), CHEF.email, CHEF.password);
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(tokens.access_token);
    expect(decodeJwt(refreshed.body.access_token)).toMatchObject({
      sub: CHEF.id,
      realm_access: { roles: ['ROLE_USER', 'ROLE_CHEF'] },
    });
  });

  it('ends the session through end_session: back to the app, silent SSO fails and refresh is refused', async () => {
    const browser = new Browser();
    const tokens = await signInForTokens(browser, CHEF.email, CHEF.password);
    const logoutUrl = new URL(discovery.end_session_endpoint);
    logoutUrl.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: POST_LOGOUT_URI,
      state: 'bye',
    }).toString();
    const page = await browser.follow(logoutUrl.href);
    const html = await page.res.text();
    expect(html).toContain('Sign out');
    const done = await browser.submit(page.url, html, {});
    expect(done.location).toBe(`${POST_LOGOUT_URI}?state=bye`);

    const silent = await browser.follow(authorizeUrl({ prompt: 'none', ...pkceParams() }));
    expect(new URL(silent.location!).searchParams.get('error')).toBe('login_required');
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('blocks an email + address after repeated failures, even with the right password', async () => {
    const browser = new Browser();
    for (let i = 0; i < 3; i++) await signIn(browser, 'customer@hearth.test', 'wrong-password');
    const blocked = await signIn(browser, 'customer@hearth.test', 'hearth-demo');
    expect(blocked.location).toBeUndefined();
    expect(blocked.res.status).toBe(429);
    expect(await blocked.res.text()).toContain('Too many failed sign-in attempts.');
  });

  it('keeps signing keys, accounts, sessions and refresh tokens across a restart', async () => {
    const browser = new Browser();
    const tokens = await signInForTokens(browser, 'admin@hearth.test', 'hearth-demo');
    const kidsBefore = ((await (await fetch(discovery.jwks_uri)).json()) as { keys: { kid: string }[] }).keys;

    await idp.close();
    idp = await start();

    const kidsAfter = ((await (await fetch(discovery.jwks_uri)).json()) as { keys: { kid: string }[] }).keys;
    expect(kidsAfter.map((k) => k.kid)).toEqual(kidsBefore.map((k) => k.kid));
    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const { payload } = await jwtVerify(tokens.id_token, jwks, {
      issuer: config.issuer,
      audience: CLIENT_ID,
    });
    expect(payload.realm_access).toEqual({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });

    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const silent = await browser.follow(authorizeUrl({ prompt: 'none', ...pkceParams() }));
    expect(new URL(silent.location!).searchParams.get('code')).toBeTruthy();
    await signInForTokens(new Browser(), 'customer@hearth.test', 'hearth-demo');
  });
});

function pkceParams() {
  return { code_challenge: pkce().challenge, code_challenge_method: 'S256' };
}
