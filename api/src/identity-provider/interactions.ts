import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InteractionResults, Provider } from 'oidc-provider';
import { EmailTakenError, type AccountStore } from './account-store.js';
import { clientAddress, LoginRateLimiter } from './login-rate-limiter.js';
import { INTERACTION_PATH } from './create-provider.js';
import { loginPage, messagePage, registrationPage, type RegistrationField } from './views.js';

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;
type Fields = Record<string, string>;

const MAX_BODY_BYTES = 16 * 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_CREDENTIALS = 'Invalid email or password.';
/** The one refusal of a registration with well-formed fields: it does not say whether the address has an account. */
export const REGISTRATION_REFUSED =
  'We could not create an account with this email and password. If you have signed up before, sign in instead.';

export interface InteractionDeps {
  provider: Provider;
  accounts: AccountStore;
  /** Path the provider is mounted at (the issuer's path), e.g. /realms/hearth. */
  basePath: string;
  csrfKey: Buffer;
  homeUrl: string;
  limiter?: LoginRateLimiter;
}

class BadRequest extends Error {}

/**
 * The login, registration and (automatic) consent steps of oidc-provider's interactions, under
 * `<issuer>/interaction/:uid`. Every POST carries a CSRF token bound to the interaction.
 */
export class InteractionHandler {
  private readonly limiter: LoginRateLimiter;

  constructor(private readonly deps: InteractionDeps) {
    this.limiter = deps.limiter ?? new LoginRateLimiter();
  }

  /** Handles `subPath` (below the issuer path); answers 404 for anything it does not know. */
  async handle(req: IncomingMessage, res: ServerResponse, subPath: string): Promise<void> {
    const match = new RegExp(`^${INTERACTION_PATH}/([\\w-]+)(?:/(login|register))?$`).exec(subPath);
    const method = req.method ?? 'GET';
    if (!match || !['GET', 'POST'].includes(method) || (method === 'POST' && !match[2])) {
      return this.send(
        res,
        404,
        messagePage('Page not found', 'This page does not exist.', this.deps.homeUrl),
      );
    }
    const [, uid, step] = match;
    let details: Details;
    try {
      details = await this.deps.provider.interactionDetails(req, res);
      if (details.uid !== uid) throw new Error('interaction cookie does not match');
    } catch {
      return this.send(
        res,
        400,
        messagePage(
          'This page has expired',
          'Sign-in pages are valid for 30 minutes. Go back to Hearth and sign in again.',
          this.deps.homeUrl,
        ),
      );
    }
    const prompt = details.prompt.name;
    if (prompt === 'consent') return this.consent(req, res, details);
    if (prompt !== 'login' && prompt !== 'create') {
      return this.send(
        res,
        400,
        messagePage('Something went wrong', 'Unexpected sign-in step.', this.deps.homeUrl),
      );
    }
    try {
      const form = method === 'POST' ? await this.readForm(req, uid) : undefined;
      const wantsRegistration = step === 'register' || (!step && prompt === 'create');
      if (!form) return wantsRegistration ? this.showRegistration(res, uid) : this.showLogin(res, uid);
      return step === 'register'
        ? this.register(req, res, details, form)
        : this.login(req, res, details, form);
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error;
      return this.send(res, 400, messagePage('Something went wrong', error.message, this.deps.homeUrl));
    }
  }

  private async login(
    req: IncomingMessage,
    res: ServerResponse,
    details: Details,
    form: Fields,
  ): Promise<void> {
    const email = (form.email ?? '').trim();
    const ip = clientAddress(req);
    const waitMs = await this.limiter.retryAfterMs(email, ip);
    if (waitMs > 0) {
      const minutes = Math.ceil(waitMs / 60_000);
      const error = `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
      res.setHeader('Retry-After', String(Math.ceil(waitMs / 1000)));
      return this.showLogin(res, details.uid, { email, error }, 429);
    }
    const account =
      email && form.password ? await this.deps.accounts.authenticate(email, form.password) : undefined;
    if (!account) {
      await this.limiter.recordFailure(email, ip);
      return this.showLogin(res, details.uid, { email, error: INVALID_CREDENTIALS }, 401);
    }
    await this.limiter.recordSuccess(email, ip);
    return this.finish(req, res, details, account.id);
  }

  private async register(
    req: IncomingMessage,
    res: ServerResponse,
    details: Details,
    form: Fields,
  ): Promise<void> {
    const values = {
      givenName: (form.givenName ?? '').trim(),
      familyName: (form.familyName ?? '').trim(),
      email: (form.email ?? '').trim(),
    };
    const password = form.password ?? '';
    const errors: Partial<Record<RegistrationField, string>> = {};
    if (!values.givenName) errors.givenName = 'Enter your first name.';
    else if (values.givenName.length > 100) errors.givenName = 'First name must be at most 100 characters.';
    if (!values.familyName) errors.familyName = 'Enter your last name.';
    else if (values.familyName.length > 100) errors.familyName = 'Last name must be at most 100 characters.';
    if (!EMAIL.test(values.email) || values.email.length > 254) errors.email = 'Enter a valid email address.';
    if (password.length < 8) errors.password = 'Password must be at least 8 characters.';
    else if (password.length > 1024) errors.password = 'Password must be at most 1024 characters.';
    if (password !== (form.passwordConfirm ?? '')) errors.passwordConfirm = 'Passwords do not match.';
    if (Object.keys(errors).length === 0) {
      // Registering an address that has an account answers as registering a new one would (signed in) only
      // with that account's password; otherwise with the same words as a failed sign-in, counted like one.
      // Nothing says "this address has an account" (security review S-15).
      if (await this.deps.accounts.findByEmail(values.email))
        return this.registerExisting(req, res, details, values, password);
      try {
        const account = await this.deps.accounts.create({ ...values, password });
        return this.finish(req, res, details, account.id);
      } catch (error) {
        if (!(error instanceof EmailTakenError)) throw error;
        return this.registerExisting(req, res, details, values, password);
      }
    }
    return this.showRegistration(res, details.uid, { values, errors }, 400);
  }

  /** Registration with an address that has an account: that account, with its password only (S-15). */
  private async registerExisting(
    req: IncomingMessage,
    res: ServerResponse,
    details: Details,
    values: { givenName: string; familyName: string; email: string },
    password: string,
  ): Promise<void> {
    const ip = clientAddress(req);
    const waitMs = await this.limiter.retryAfterMs(values.email, ip);
    const account = waitMs > 0 ? undefined : await this.deps.accounts.authenticate(values.email, password);
    if (account) {
      await this.limiter.recordSuccess(values.email, ip);
      return this.finish(req, res, details, account.id);
    }
    if (waitMs === 0) await this.limiter.recordFailure(values.email, ip);
    return this.showRegistration(res, details.uid, { values, errors: { email: REGISTRATION_REFUSED } }, 400);
  }

  /** Signs the account in and resolves a pending `create` prompt too (choosing to sign in instead is fine). */
  private async finish(req: IncomingMessage, res: ServerResponse, details: Details, accountId: string) {
    const result: InteractionResults = { login: { accountId } };
    if (details.prompt.name === 'create') result.create = {};
    await this.deps.provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  /** Hearth's web app is the provider's only, first-party client: consent is given without a screen. */
  private async consent(req: IncomingMessage, res: ServerResponse, details: Details): Promise<void> {
    const { Grant } = this.deps.provider;
    const accountId = details.session?.accountId;
    const clientId = String(details.params.client_id);
    const grant = details.grantId ? await Grant.find(details.grantId) : new Grant({ accountId, clientId });
    if (!grant) throw new Error('grant of the interaction not found');
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(' '));
    }
    const grantId = await grant.save();
    const result: InteractionResults = details.grantId ? {} : { consent: { grantId } };
    await this.deps.provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
  }

  private showLogin(
    res: ServerResponse,
    uid: string,
    state: { email?: string; error?: string } = {},
    status = 200,
  ) {
    const base = `${this.deps.basePath}${INTERACTION_PATH}/${uid}`;
    const page = loginPage({
      action: `${base}/login`,
      registerUrl: `${base}/register`,
      csrf: this.csrf(uid),
      ...state,
    });
    this.send(res, status, page);
  }

  private showRegistration(
    res: ServerResponse,
    uid: string,
    state: Pick<Parameters<typeof registrationPage>[0], 'values' | 'errors'> = {},
    status = 200,
  ) {
    const base = `${this.deps.basePath}${INTERACTION_PATH}/${uid}`;
    const page = registrationPage({
      action: `${base}/register`,
      loginUrl: `${base}/login`,
      csrf: this.csrf(uid),
      ...state,
    });
    this.send(res, status, page);
  }

  private csrf(uid: string): string {
    return createHmac('sha256', this.deps.csrfKey).update(`interaction:${uid}`).digest('base64url');
  }

  /** Reads a urlencoded form and checks its CSRF token; throws BadRequest otherwise. */
  private async readForm(req: IncomingMessage, uid: string): Promise<Fields> {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      throw new BadRequest('The form could not be read. Please try again.');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) throw new BadRequest('The form is too large.');
      chunks.push(chunk);
    }
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const expected = Buffer.from(this.csrf(uid));
    const given = Buffer.from(form.csrf ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new BadRequest('This form has expired. Go back to Hearth and sign in again.');
    }
    return form;
  }

  private send(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
    });
    res.end(html);
  }
}
