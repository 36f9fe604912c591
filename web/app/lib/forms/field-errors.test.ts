import { describe, expect, it } from 'vitest';
import { mapFieldErrors } from './field-errors';

const problem = (fieldErrors: { field: string; message: string }[], detail?: string) => ({
  type: 'https://hearth.example/problems/validation',
  title: 'Bad Request',
  status: 400,
  message: 'error.validation',
  path: '/x',
  detail,
  fieldErrors,
});

describe(mapFieldErrors.name, () => {
  it('puts the first message of each known field beside it and the rest above the form', () => {
    const mapped = mapFieldErrors(
      problem([
        { field: 'zipcode', message: 'zipcode must be 5 digits' },
        { field: 'zipcode', message: 'zipcode is required' },
        { field: 'location.lat', message: 'lat must be a number' },
        { field: 'isUnderUse', message: 'isUnderUse is not a known field' },
      ]),
      ['zipcode', 'location'] as const,
    );
    expect(mapped).toEqual({
      fieldErrors: { zipcode: 'zipcode must be 5 digits', location: 'lat must be a number' },
      formErrors: ['isUnderUse is not a known field'],
    });
  });

  it("falls back to the problem's detail when no field is named", () => {
    expect(mapFieldErrors(problem([], 'Too many addresses'), ['name'] as const)).toEqual({
      fieldErrors: {},
      formErrors: ['Too many addresses'],
    });
  });
});
