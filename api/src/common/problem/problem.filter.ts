import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ExceptionFilter,
} from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { PROBLEM_CONTENT_TYPE, ProblemType, type Problem } from '@hearth/shared';
import { ProblemException } from './problem.exception.js';

/**
 * Renders every error as `application/problem+json` with the spec's error object. Unknown errors become a
 * 500 that names only the request id, never internals.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const res = http.getResponse<FastifyReply>();
    const problem = this.toProblem(exception, req);
    if (problem.status >= 500) {
      this.logger.error({ err: exception, requestId: req.id }, 'Request failed');
    }
    if (res.sent) return;
    res.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
  }

  private toProblem(exception: unknown, req: FastifyRequest): Problem {
    const path = req.originalUrl?.split('?')[0] ?? req.url;
    const instance = `urn:request:${String(req.id ?? '')}`;
    if (exception instanceof ProblemException) {
      const status = exception.getStatus();
      const p = exception.problem;
      return {
        type: p.type ?? defaultType(status),
        title: p.title ?? reason(status),
        status,
        detail: p.detail,
        instance,
        message: p.message ?? `error.http.${status}`,
        params: p.params,
        path,
        ...(p.fieldErrors ? { fieldErrors: p.fieldErrors } : {}),
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return {
        type: defaultType(status),
        title: reason(status),
        status,
        detail: detailOf(exception, status, path, req.method),
        instance,
        message: `error.http.${status}`,
        path,
      };
    }
    // PostgreSQL cannot store a NUL character in text: a request that carries one (in a path, query or body)
    // is the caller's mistake, not the server's.
    if (isNulCharacterError(exception)) {
      return {
        type: ProblemType.VALIDATION,
        title: reason(HttpStatus.BAD_REQUEST),
        status: HttpStatus.BAD_REQUEST,
        detail: 'The request contains a NUL character (\\u0000), which no field accepts.',
        instance,
        message: 'error.http.400',
        path,
      };
    }
    // Parsers and similar throw plain errors carrying a status (e.g. malformed JSON → 400).
    const status = statusOf(exception);
    if (status && status < 500) {
      return {
        type: defaultType(status),
        title: reason(status),
        status,
        detail: status === 400 ? 'The request body is not valid JSON.' : reason(status),
        instance,
        message: `error.http.${status}`,
        path,
      };
    }
    return {
      type: ProblemType.INTERNAL,
      title: reason(HttpStatus.INTERNAL_SERVER_ERROR),
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      detail: `An unexpected error occurred. Quote request id ${String(req.id ?? '')} when contacting support.`,
      instance,
      message: 'error.http.500',
      path,
    };
  }
}

function reason(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

function defaultType(status: number): string {
  switch (status) {
    case 400:
      return ProblemType.VALIDATION;
    case 401:
      return ProblemType.UNAUTHORIZED;
    case 403:
      return ProblemType.FORBIDDEN;
    case 404:
      return ProblemType.NOT_FOUND;
    case 409:
      return ProblemType.CONFLICT;
    case 503:
      return ProblemType.SERVICE_UNAVAILABLE;
    default:
      return ProblemType.DEFAULT;
  }
}

function detailOf(exception: HttpException, status: number, path: string, method: string): string {
  if (status === 404 && exception.message.startsWith('Cannot ')) {
    return `No endpoint ${method} ${path}.`;
  }
  // Fastify refused the body before any route ran: say why, without echoing the parser's internals.
  const code = (exception.cause as { code?: unknown } | undefined)?.code;
  if (
    exception.cause instanceof SyntaxError ||
    code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return 'The request body is not valid JSON.';
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return 'The request body must be JSON (application/json), or a form upload where a file is expected.';
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'The request body is too large.';
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string') return message;
  return reason(status);
}

/** PostgreSQL's 22021 (character_not_in_repertoire): text with a 0x00 byte, as TypeORM's QueryFailedError reports it. */
function isNulCharacterError(exception: unknown): boolean {
  const driverError = (exception as { driverError?: { code?: unknown; message?: unknown } } | null)
    ?.driverError;
  return driverError?.code === '22021' && String(driverError.message).includes('0x00');
}

function statusOf(exception: unknown): number | undefined {
  if (typeof exception !== 'object' || exception === null) return undefined;
  const e = exception as { status?: unknown; statusCode?: unknown };
  const status =
    typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : undefined;
  return status && status >= 400 && status < 600 ? status : undefined;
}
