import { createHash, randomBytes } from 'node:crypto';
import type { ConfigService } from '@nestjs/config';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest, FastifyReply } from 'fastify';
import {
  CART_COUNT_COOKIE,
  CART_COUNT_MAX_AGE_SECONDS,
  cartCountCookieValue,
  GUEST_CART_COOKIE,
  GUEST_CART_LIFETIME_MS,
} from '@hearth/shared';
import type { Env } from '../../config/env.js';
import { secureCookies } from '../../common/http/secure-cookies.js';

/** Cookie naming a guest's cart: a random opaque token; only its SHA-256 hash is stored (cart.guest_token). */
export const CART_COOKIE = GUEST_CART_COOKIE;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newCartToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashCartToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The guest token the browser sent, when it has the shape this API issues. */
export function readCartCookie(req: FastifyRequest): string | undefined {
  const value = (req.cookies as Record<string, string> | undefined)?.[CART_COOKIE];
  return value && TOKEN_SHAPE.test(value) ? value : undefined;
}

function options(config: ConfigService<Env, true>): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: secureCookies(config), path: '/' };
}

/** Sets (or renews) the guest's cookie: it lives as long as the cart is kept after a change. */
export function setCartCookie(res: FastifyReply, config: ConfigService<Env, true>, token: string): void {
  res.setCookie(CART_COOKIE, token, { ...options(config), maxAge: GUEST_CART_LIFETIME_MS / 1000 });
}

export function clearCartCookie(res: FastifyReply, config: ConfigService<Env, true>): void {
  res.clearCookie(CART_COOKIE, options(config));
  res.clearCookie(CART_COUNT_COOKIE, options(config));
}

/**
 * Tells the browser how many lines the guest cart named by `token` holds (shared `CART_COUNT_COOKIE`): the web
 * shows it in every page's header without asking, for CART_COUNT_MAX_AGE_SECONDS.
 */
export function setCartCountCookie(
  res: FastifyReply,
  config: ConfigService<Env, true>,
  token: string,
  count: number,
): void {
  res.setCookie(CART_COUNT_COOKIE, cartCountCookieValue(count, hashCartToken(token)), {
    ...options(config),
    maxAge: CART_COUNT_MAX_AGE_SECONDS,
  });
}
