import type { ArgumentsHost, ExecutionContext, INestApplication } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ConfigService } from '@nestjs/config';
import { getQueueToken } from '@nestjs/bullmq';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queue } from 'bullmq';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { API_PREFIX, PROBLEM_CONTENT_TYPE, ProblemType, Role, type Problem } from '@hearth/shared';
import { STATUS_CODES } from 'node:http';
import type { Env } from '../../config/env.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { ProblemFilter } from '../../common/problem/problem.filter.js';
import { QUEUES } from '../../queue/queues.js';
import { AccessGuard } from '../auth/access.guard.js';
import { OidcClientService } from '../auth/oidc-client.service.js';
import { SessionService } from '../auth/session.service.js';
import { ConsumerService } from '../consumer/consumer.service.js';

/** Where the dashboard is served: its page, its static files and its JSON API (`…/api/queues`). */
export const QUEUE_DASHBOARD_PATH = `${API_PREFIX}/admin/queues`;

/**
 * The dashboard's page loads only its own scripts and styles (it sets inline styles and `<base href>`), its
 * data: images, and calls its own JSON API. Its Google Fonts stylesheet is not allowed: the system font
 * stands in, and no admin's browser calls a third party from here.
 */
export const QUEUE_DASHBOARD_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self'; connect-src 'self'; base-uri 'self'; form-action 'none'; frame-ancestors 'none'";

/** The access rule of the dashboard, written as on a controller method: admins only (the guard reads it). */
class QueueDashboardAccess {
  @Roles(Role.ADMIN)
  open(): void {}
}

/**
 * BullMQ's queues for admins (issue 16 item 5): bull-board on the API's Fastify instance, every queue of
 * queues.ts (as the app registered them, so with the database's key prefix), at QUEUE_DASHBOARD_PATH.
 * Every request there first passes the app's own access guard as an `@Roles(Role.ADMIN)` route would —
 * the same session or bearer principal, ROLE_ADMIN, OIDC_ADMIN_ACR and the session's cross-site check for
 * the dashboard's PUTs (retry, clean, promote) — and a refusal is the usual problem object.
 */
export async function registerQueueDashboard(nest: INestApplication): Promise<void> {
  const app = nest as NestFastifyApplication;
  const guard = new AccessGuard(
    app.get(Reflector),
    app.get(SessionService, { strict: false }),
    app.get(ConsumerService, { strict: false }),
    app.get(OidcClientService, { strict: false }),
    app.get(ConfigService<Env, true>),
  );
  const filter = new ProblemFilter();
  const queues = Object.values(QUEUES).map((name) => app.get<Queue>(getQueueToken(name), { strict: false }));

  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Hearth queues' } },
  });

  const handler = QueueDashboardAccess.prototype.open;
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  await fastify.register(
    async (scope) => {
      scope.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        reply.header('Content-Security-Policy', QUEUE_DASHBOARD_CSP);
        reply.header('Cache-Control', 'no-store');
        const http = { getRequest: () => req, getResponse: () => reply, getNext: () => undefined };
        const context = {
          getType: () => 'http',
          switchToHttp: () => http,
          getHandler: () => handler,
          getClass: () => QueueDashboardAccess,
        } as unknown as ExecutionContext;
        try {
          await guard.canActivate(context);
        } catch (error) {
          filter.catch(error, context as unknown as ArgumentsHost);
          return reply;
        }
      });
      // bull-board answers its own errors (an unknown queue or job, a refused retry) as `{ error }`: the
      // API's problem objects instead, as everywhere else.
      scope.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (reply.statusCode < 400 || isProblem(reply)) return payload;
        reply.type(PROBLEM_CONTENT_TYPE);
        return JSON.stringify(problemOf(req, reply.statusCode, payload));
      });
      await scope.register(serverAdapter.registerPlugin() as never);
    },
    { prefix: QUEUE_DASHBOARD_PATH },
  );
}

function isProblem(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').startsWith(PROBLEM_CONTENT_TYPE);
}

const KNOWN_ERRORS: Record<string, string> = {
  'ERRORS.QUEUE_NOT_FOUND': 'No such queue.',
  'ERRORS.JOB_NOT_FOUND': 'No such job.',
  'ERRORS.JOB_NOT_RETRIABLE': 'Only a failed or completed job can be retried.',
};

/**
 * bull-board's `{ error: { key, options } }` as a problem object; `error` stays beside the problem's fields,
 * so the dashboard still shows its own translated message.
 */
function problemOf(req: FastifyRequest, status: number, payload: unknown): Problem & { error?: unknown } {
  let detail = STATUS_CODES[status] ?? 'Error';
  let error: unknown;
  if (typeof payload === 'string') {
    try {
      const body = JSON.parse(payload) as { error?: { key?: unknown } | string; message?: unknown };
      error = body.error;
      const key = typeof body.error === 'object' ? body.error?.key : body.error;
      if (typeof key === 'string') detail = KNOWN_ERRORS[key] ?? `The queue dashboard refused this (${key}).`;
      else if (typeof body.message === 'string') detail = body.message;
    } catch {
      if (payload && payload.length < 200) detail = payload;
    }
  }
  const types: Record<number, string> = {
    400: ProblemType.VALIDATION,
    401: ProblemType.UNAUTHORIZED,
    403: ProblemType.FORBIDDEN,
    404: ProblemType.NOT_FOUND,
    409: ProblemType.CONFLICT,
  };
  return {
    type: types[status] ?? (status >= 500 ? ProblemType.INTERNAL : ProblemType.DEFAULT),
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: status >= 500 ? `The queue dashboard failed. Quote request id ${String(req.id)}.` : detail,
    instance: `urn:request:${String(req.id)}`,
    message: `error.http.${status}`,
    path: req.url.split('?')[0],
    ...(error !== undefined && status < 500 ? { error } : {}),
  };
}
