import type { Problem } from '@hearth/shared';

export interface MappedFieldErrors<F extends string> {
  /** The first message for each form field the API named. */
  fieldErrors: Partial<Record<F, string>>;
  /** Messages for fields the form does not have (and the problem's detail when it named no field). */
  formErrors: string[];
}

/**
 * Puts the API's `fieldErrors` of a validation problem beside the form's fields. A nested field
 * (`location.lat`, `items[0].name`) counts for its first segment.
 */
export function mapFieldErrors<F extends string>(
  problem: Problem | null | undefined,
  fields: readonly F[],
): MappedFieldErrors<F> {
  const known = new Set<string>(fields);
  const fieldErrors: Partial<Record<F, string>> = {};
  const formErrors: string[] = [];
  for (const { field, message } of problem?.fieldErrors ?? []) {
    const head = String(field ?? '').split(/[.[]/)[0];
    if (known.has(head)) fieldErrors[head as F] ??= message;
    else if (message && !formErrors.includes(message)) formErrors.push(message);
  }
  if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) {
    formErrors.push(problem?.detail || problem?.title || 'Please check the form and try again.');
  }
  return { fieldErrors, formErrors };
}
