import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConfigService } from '@nestjs/config';
import type { Env } from '../../config/env.js';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, SESSION_IDLE_MS } from '@hearth/shared';
import { secureCookies } from '../../common/http/secure-cookies.js';

/**
 * The session cookie's name: `__Host-hearth_session` whenever cookies are Secure (production, or an https
 * web origin), so the browser keeps it only with Secure, Path=/ and no Domain (S-16); `hearth_session`
 * over plain HTTP in development and tests.
 */
export function sessionCookieName(config: ConfigService<Env, true>): string {
  return secureCookies(config) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The session cookie the browser sent, under this deployment's name. */
export function readSessionCookie(req: FastifyRequest, config: ConfigService<Env, true>): string | undefined {
  return (req.cookies as Record<string, string> | undefined)?.[sessionCookieName(config)];
}

function sessionCookieOptions(config: ConfigService<Env, true>): CookieSerializeOptions {
  // Never a Domain: the `__Host-` prefix forbids one, and the cookie belongs to the web origin alone.
  return { httpOnly: true, sameSite: 'lax', secure: secureCookies(config), path: '/' };
}

/**
 * The session cookie lives as long as the server-side idle window; the server is the authority on
 * expiry, the cookie's age only keeps the browser from sending stale ids forever.
 */
export function setSessionCookie(res: FastifyReply, config: ConfigService<Env, true>, id: string): void {
  res.setCookie(sessionCookieName(config), id, {
    ...sessionCookieOptions(config),
    maxAge: (SESSION_IDLE_MS * 24) / 1000,
  });
}

export function clearSessionCookie(res: FastifyReply, config: ConfigService<Env, true>): void {
  res.clearCookie(sessionCookieName(config), sessionCookieOptions(config));
}
