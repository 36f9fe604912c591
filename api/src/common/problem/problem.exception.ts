import { HttpException, HttpStatus } from '@nestjs/common';
import { ProblemType, type FieldError } from '@hearth/shared';

export interface ProblemInit {
  /** Problem type URI (defaults by status). */
  type?: string;
  /** Short summary; defaults to the HTTP reason phrase. */
  title?: string;
  /** A human sentence about this occurrence. */
  detail: string;
  /** Stable machine key, e.g. `error.soldout`; defaults to `error.http.<status>`. */
  message?: string;
  params?: Record<string, unknown>;
  fieldErrors?: FieldError[];
}

/** An HTTP error that the problem filter renders as the spec's error object. */
export class ProblemException extends HttpException {
  constructor(
    status: HttpStatus | number,
    readonly problem: ProblemInit,
  ) {
    super(problem.detail, status);
  }
}

/** 404 with a sentence a user can read, e.g. `Item 42 was not found.` */
export const notFound = (detail: string, params?: Record<string, unknown>) =>
  new ProblemException(HttpStatus.NOT_FOUND, { type: ProblemType.NOT_FOUND, detail, params });

/** 409 for a request that conflicts with the current state. */
export const conflict = (detail: string, message = 'error.conflict', params?: Record<string, unknown>) =>
  new ProblemException(HttpStatus.CONFLICT, { type: ProblemType.CONFLICT, detail, message, params });

/** 403 for a signed-in user who lacks the right. */
export const forbidden = (detail: string, params?: Record<string, unknown>) =>
  new ProblemException(HttpStatus.FORBIDDEN, {
    type: ProblemType.FORBIDDEN,
    detail,
    message: 'error.forbidden',
    params,
  });

/** 400 for one bad field, in the same shape as class-validator failures. */
export const badField = (field: string, message: string) =>
  new ProblemException(HttpStatus.BAD_REQUEST, {
    type: ProblemType.VALIDATION,
    title: 'Bad Request',
    detail: message,
    message: 'error.validation',
    fieldErrors: [{ field, message }],
  });
