/** One failed field of a validation problem. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * The error object of spec §3 (RFC 9457 problem details plus the spec's fields), sent by the API as
 * `application/problem+json`.
 */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  message: string;
  params?: Record<string, unknown>;
  path: string;
  fieldErrors?: FieldError[];
}

/** Media type of every error response. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Base URI of the problem types this product defines. */
export const PROBLEM_BASE = 'https://hearth.example/problems/';

/** Problem type URIs; `about:blank` means "nothing more than the HTTP status". */
export const ProblemType = {
  DEFAULT: 'about:blank',
  VALIDATION: `${PROBLEM_BASE}validation`,
  NOT_FOUND: `${PROBLEM_BASE}not-found`,
  UNAUTHORIZED: `${PROBLEM_BASE}unauthorized`,
  FORBIDDEN: `${PROBLEM_BASE}forbidden`,
  CONFLICT: `${PROBLEM_BASE}conflict`,
  SOLD_OUT: `${PROBLEM_BASE}sold-out`,
  INVALID_TRANSITION: `${PROBLEM_BASE}invalid-transition`,
  INTERNAL: `${PROBLEM_BASE}internal`,
  SERVICE_UNAVAILABLE: `${PROBLEM_BASE}service-unavailable`,
  TOO_MANY_REQUESTS: `${PROBLEM_BASE}too-many-requests`,
} as const;

/** Type guard: is this value a problem object? */
export function isProblem(value: unknown): value is Problem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Problem).status === 'number' &&
    typeof (value as Problem).title === 'string'
  );
}
