import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

/** What the app remembers between sending the browser to the provider and its return. */
export interface LoginFlow {
  /** Path on the web origin to land on afterwards. */
  returnTo: string;
  /** The browser asked to register. */
  register: boolean;
  /** A silent single-sign-on check (`prompt=none`). */
  silent: boolean;
  nonce?: string;
  /** PKCE code verifier (RFC 7636). */
  verifier?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The login flow being started or finished in this request. */
    oidcFlow?: Partial<LoginFlow>;
    /** The reply the flow's cookie goes on (the sign-in guards set it before passport runs). */
    oidcReply?: FastifyReply;
  }
}

export const FLOW_COOKIE = 'hearth_oidc_state';
const FLOW_TTL_SECONDS = 600;
const key = (handle: string) => `oidc:flow:${handle}`;

/**
 * passport-openidconnect's state store, without express-session: the flow lives in Redis for ten
 * minutes under a random handle (the `state` parameter), and the handle is also put in a cookie, so a
 * callback is accepted only in the browser that started the flow (login CSRF) and only once.
 */
export class LoginFlowStore {
  constructor(
    private readonly redis: Redis,
    private readonly secureCookies: boolean,
  ) {}

  store(
    req: FastifyRequest,
    ctx: { nonce?: string },
    appState: Partial<LoginFlow> | undefined,
    _meta: unknown,
    cb: (err: Error | null, handle?: string) => void,
  ): void {
    const handle = randomBytes(32).toString('base64url');
    const flow: LoginFlow = {
      returnTo: appState?.returnTo ?? '/',
      register: appState?.register ?? false,
      silent: appState?.silent ?? false,
      nonce: ctx.nonce,
      verifier: req.oidcFlow?.verifier,
    };
    this.redis
      .set(key(handle), JSON.stringify(flow), 'EX', FLOW_TTL_SECONDS)
      .then(() => {
        req.oidcReply?.setCookie(FLOW_COOKIE, handle, {
          httpOnly: true,
          sameSite: 'lax',
          secure: this.secureCookies,
          path: '/',
          maxAge: FLOW_TTL_SECONDS,
        });
        cb(null, handle);
      })
      .catch((error: Error) => cb(error));
  }

  verify(
    req: FastifyRequest,
    handle: string,
    cb: (err: Error | null, ctx?: false | { nonce?: string }, state?: unknown) => void,
  ): void {
    this.take(req, handle)
      .then((flow) => {
        if (!flow) return cb(null, false, { message: 'Invalid authorization request state.' });
        req.oidcFlow = flow;
        cb(null, { nonce: flow.nonce }, flow);
      })
      .catch((error: Error) => cb(error));
  }

  /**
   * Consumes the flow named by `handle` if this browser started it (its cookie carries the same handle).
   * Returns null for a wrong, replayed or expired state.
   */
  async take(req: FastifyRequest, handle: string | undefined): Promise<LoginFlow | null> {
    const cookie = (req.cookies as Record<string, string> | undefined)?.[FLOW_COOKIE];
    req.oidcReply?.clearCookie(FLOW_COOKIE, { path: '/' });
    if (!handle || typeof handle !== 'string' || !cookie || cookie !== handle) return null;
    const raw = await this.redis.getdel(key(handle));
    return raw ? (JSON.parse(raw) as LoginFlow) : null;
  }
}
