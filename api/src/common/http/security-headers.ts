import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Content-Security-Policy of API answers (JSON, redirects, files): nothing may load or run from them. */
export const API_CSP =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox";

/** Swagger UI (outside production only): its own scripts, styles and inline styles, and its data: images. */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Names the session cookie (auth/session.service.ts), without importing the auth module from here. */
const SESSION_COOKIE = /(?:^|;\s*)hearth_session=/;

/**
 * The usual security headers on every direct API response (security review S-11), with @fastify/helmet:
 * nosniff, frame and opener policies, a CSP for JSON, HSTS when the public origin is https. And
 * `Cache-Control: no-store` on JSON answered to a caller with a session or a bearer token, unless the route
 * chose its own (personal data must stay out of shared and browser caches).
 */
export async function registerSecurityHeaders(
  fastify: FastifyInstance,
  options: { https: boolean; docsPrefix: string },
): Promise<void> {
  await fastify.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  fastify.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done) => {
    const docs = req.url === options.docsPrefix || req.url.startsWith(`${options.docsPrefix}/`);
    reply.header('Content-Security-Policy', docs && !req.url.includes('openapi.json') ? DOCS_CSP : API_CSP);
    done();
  });
  fastify.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload, done) => {
    if (isPersonal(req) && isJson(reply) && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}

function isPersonal(req: FastifyRequest): boolean {
  return (
    req.principal !== undefined ||
    req.headers.authorization !== undefined ||
    SESSION_COOKIE.test(req.headers.cookie ?? '')
  );
}

function isJson(reply: FastifyReply): boolean {
  return /\bjson\b/.test(String(reply.getHeader('content-type') ?? ''));
}
