import { describe, expect, it } from 'vitest';
import { isProblem, ProblemType } from './problem.js';

describe('isProblem', () => {
  it('accepts an object with a numeric status and a string title', () => {
    expect(
      isProblem({ type: ProblemType.NOT_FOUND, title: 'Not Found', status: 404, message: 'x', path: '/a' }),
    ).toBe(true);
  });

  it.each([
    null,
    undefined,
    'Not Found',
    404,
    { title: 'Not Found' },
    { title: 'Not Found', status: '404' },
    { status: 404 },
  ])('refuses %j', (value) => {
    expect(isProblem(value)).toBe(false);
  });
});
