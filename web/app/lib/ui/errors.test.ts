import { describe, expect, it } from 'vitest';
import { describeError, errorTitle } from './errors';

/** What Remix hands an error boundary for a thrown `data(…, { status })` (an ErrorResponse). */
class ErrorResponse {
  readonly internal = false;
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
  ) {}
}

describe(describeError.name, () => {
  it('shows Page Not Found for 404 with the route text as detail', () => {
    const error = new ErrorResponse(404, 'Not Found', 'Page Not Found: /x.html');
    expect(describeError(error)).toEqual({
      status: 404,
      message: 'Page Not Found',
      detail: 'Page Not Found: /x.html',
    });
    expect(errorTitle(error)).toBe('404 - Page Not Found');
  });

  it('shows Forbidden for 403 with the sentence naming the missing role as detail', () => {
    const detail = 'This page is for admins. You are signed in as Casey Customer, who is not an admin.';
    const error = new ErrorResponse(403, 'Forbidden', detail);
    expect(describeError(error)).toEqual({ status: 403, message: 'Forbidden', detail });
    expect(errorTitle(error)).toBe('403 - Forbidden');
  });

  it("shows Too Many Requests for 429 with the API's sentence saying when to try again", () => {
    const detail = 'Too many requests. Try again in 42 seconds.';
    const error = new ErrorResponse(429, 'Too Many Requests', detail);
    expect(describeError(error)).toEqual({ status: 429, message: 'Too Many Requests', detail });
    expect(errorTitle(error)).toBe('429 - Too Many Requests');
  });

  it('shows Internal Server Error for every other status, taking the status from the error', () => {
    expect(errorTitle(new ErrorResponse(503, 'Service Unavailable', null))).toBe(
      '503 - Internal Server Error',
    );
    expect(errorTitle(Object.assign(new Error('x'), { status: 502 }))).toBe('502 - Internal Server Error');
  });

  it('defaults to 500 and never shows the internal message of an unexpected error', () => {
    const description = describeError(new Error('database password is hunter2'));
    expect(description).toEqual({ status: 500, message: 'Internal Server Error', detail: undefined });
    expect(errorTitle('boom')).toBe('500 - Internal Server Error');
  });
});
