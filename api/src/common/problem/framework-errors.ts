import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_CONTENT_TYPE, ProblemType, type Problem } from '@hearth/shared';

const DETAILS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not a valid URL.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is longer than 500 characters.',
};

/**
 * Fastify's own refusals before any route runs (a malformed URL, a path parameter over maxParamLength):
 * worded as the spec's problem object, like every other error (ProblemFilter never sees these).
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const problem: Problem = {
    type: status === 400 ? ProblemType.VALIDATION : ProblemType.DEFAULT,
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: DETAILS[error.code] ?? 'The request cannot be read.',
    instance: `urn:request:${String(req.id ?? '')}`,
    message: `error.http.${status}`,
    // The path as far as it can be shown: a refused one may be very long.
    path: (req.url ?? '').split('?')[0].slice(0, 200),
  };
  void reply.status(status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}
