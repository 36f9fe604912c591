import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { ConfigService } from '@nestjs/config';
import type { Env } from '../../config/env.js';
import { SESSION_IDLE_MS } from '@hearth/shared';
import { secureCookies } from '../../common/http/secure-cookies.js';
import { SESSION_COOKIE } from './session.service.js';

function sessionCookieOptions(config: ConfigService<Env, true>): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: secureCookies(config), path: '/' };
}

/**
 * The session cookie lives as long as the server-side idle window; the server is the authority on
 * expiry, the cookie's age only keeps the browser from sending stale ids forever.
 */
export function setSessionCookie(res: FastifyReply, config: ConfigService<Env, true>, id: string): void {
  res.setCookie(SESSION_COOKIE, id, {
    ...sessionCookieOptions(config),
    maxAge: (SESSION_IDLE_MS * 24) / 1000,
  });
}

export function clearSessionCookie(res: FastifyReply, config: ConfigService<Env, true>): void {
  res.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
}
