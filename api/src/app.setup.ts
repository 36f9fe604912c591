import type { INestApplication } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Logger } from 'nestjs-pino';
import { API_PREFIX, TIME_ZONE_HEADER } from '@hearth/shared';
import { ProblemFilter } from './common/problem/problem.filter.js';
import { frameworkErrors } from './common/problem/framework-errors.js';
import { createValidationPipe } from './common/problem/validation.js';
import { requestId } from './common/http/request-id.js';
import { timeZoneOf } from './common/http/time-zone.js';
import './common/http/raw-body.js';
import { createOpenApiDocument } from './openapi/openapi-document.js';
import { registerSecurityHeaders } from './common/http/security-headers.js';
import { apiDocsArePublic, publishApiDocument } from './modules/health/api-docs.controller.js';
import { registerQueueDashboard } from './modules/admin/queue-dashboard.js';

const PREFIX = API_PREFIX.replace(/^\//, '');
const TIME_ZONE = TIME_ZONE_HEADER.toLowerCase();
/** JSON bodies the API accepts (Express's parser allowed 100 kB; checkout and menus stay far below). */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * The HTTP server under Nest: Fastify (docs/decisions/010-http-adapter.md). Requests carry their id (the
 * caller's X-Request-Id when it looks like one) and, as Express did, a trailing slash does not matter.
 */
export function createHttpAdapter(): FastifyAdapter {
  return new FastifyAdapter({
    // Whose X-Forwarded-For decides `req.ip` (rate limits per address): the web server (TRUSTED_PROXIES, env.ts).
    trustProxy: process.env.TRUSTED_PROXIES || 'loopback',
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors,
  });
}

/**
 * Cookies, multipart, request hooks, global prefix, pipes, filters, logging and the OpenAPI document: shared
 * by main.ts and the tests. The app must have been created on createHttpAdapter().
 */
export async function configureApp(nest: INestApplication): Promise<INestApplication> {
  const app = nest as NestFastifyApplication;
  app.useLogger(app.get(Logger));
  await app.register(fastifyCookie);
  // The multipart parser; each upload route sets its limits (storage/upload.interceptor.ts).
  await app.register(fastifyMultipart);
  const fastify = app.getHttpAdapter().getInstance();
  const production = process.env.NODE_ENV === 'production';
  await registerSecurityHeaders(fastify, {
    https: production && (process.env.WEB_ORIGIN ?? '').startsWith('https:'),
    docsPrefix: `/${PREFIX}/docs`,
  });
  fastify.decorateRequest('timeZone', '');
  fastify.decorateRequest('principal', undefined);
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    req.timeZone = timeZoneOf(req.headers[TIME_ZONE]);
    done();
  });
  // As Express's parser did, an empty JSON body is no body (bodiless POSTs that still name their type); a
  // malformed one is Fastify's 400, which the problem filter words. The bytes as received stay on
  // `req.rawBody`: payment callbacks verify their signatures over them, never over re-serialised JSON.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser('application/json', { bodyLimit: JSON_BODY_LIMIT }, (req, body, done) => {
    (req as FastifyRequest).rawBody = body;
    if (body.length === 0) done(null, undefined);
    else parseJson(req as FastifyRequest, body.toString('utf8'), done);
  });
  // Form bodies (RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` from mail providers).
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
  });
  app.setGlobalPrefix(PREFIX);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ProblemFilter());
  app.enableShutdownHooks();
  // BullMQ's queues for admins at admin/queues (bull-board, behind the access guard).
  await registerQueueDashboard(app);

  // The document is at docs/openapi.json (public outside production and in a local demo, else admins only;
  // api-docs.controller.ts); Swagger UI only where the document is public.
  const document = createOpenApiDocument(app);
  publishApiDocument(document);
  if (apiDocsArePublic()) SwaggerModule.setup(`${PREFIX}/docs`, app, document, { raw: false });
  return app;
}
