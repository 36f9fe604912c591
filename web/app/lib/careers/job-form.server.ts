import { resolveByNames } from '../forms/form-errors';
import type { FormValues } from '../forms/form-values';
import { nullableText, textOf } from '../forms/form-values';
import type { JobInput } from './careers.server';

/** The job form's fields, named as the API names them. */
export const resolveJobField = resolveByNames(['title', 'type', 'location', 'htmlDescription']);

/** The API's body from the job form as typed (empty type or location: none). */
export function jobInput(values: FormValues): JobInput {
  return {
    title: textOf(values, 'title'),
    type: nullableText(textOf(values, 'type')),
    location: nullableText(textOf(values, 'location')),
    htmlDescription: textOf(values, 'htmlDescription'),
  };
}
