import type { Problem } from '@hearth/shared';
import { failureText } from '../ui/notifications';
import type { FieldErrors } from './form-values';

/** Maps a field path of the API (`address.city`, `pricingOptions[1].chefPrice`) to a form input name, or null. */
export type FieldResolver = (apiField: string) => string | null;

/**
 * The usual resolver: the path itself when the form has an input of that name, else after `renames`
 * (prefix → replacement, e.g. `{ 'address.': '' }`), else its first segment when the form has that
 * (`nutrition.calories` → `nutrition` only if there is no `nutrition.calories` input).
 */
export function resolveByNames(names: Iterable<string>, renames: Record<string, string> = {}): FieldResolver {
  const known = new Set(names);
  return (apiField) => {
    if (known.has(apiField)) return apiField;
    for (const [prefix, replacement] of Object.entries(renames)) {
      if (apiField.startsWith(prefix)) {
        const renamed = `${replacement}${apiField.slice(prefix.length)}`;
        if (known.has(renamed)) return renamed;
      }
    }
    const head = apiField.split(/[.[]/)[0];
    return known.has(head) ? head : null;
  };
}

/**
 * The sentence for a failed call that names no field: the API's own sentence for a refusal (4xx, e.g.
 * "Add at least one item before publishing."), the generic text of spec §8 otherwise.
 */
export function refusalText(status: number, problem: Problem | null): string {
  if (problem && status >= 400 && status < 500 && status !== 401) {
    const sentence = problem.detail?.trim();
    if (sentence) return sentence;
  }
  return failureText(problem);
}

/**
 * Puts the API's `fieldErrors` beside the inputs `resolve` knows; the rest (and the problem's detail
 * when no field was named) become form-level messages.
 */
export function problemFieldErrors(
  status: number,
  problem: Problem | null,
  resolve: FieldResolver,
): { fieldErrors: FieldErrors; formErrors: string[] } {
  const fieldErrors: FieldErrors = {};
  const formErrors: string[] = [];
  for (const { field, message } of problem?.fieldErrors ?? []) {
    const name = resolve(String(field ?? ''));
    if (name) fieldErrors[name] ??= message;
    else if (message && !formErrors.includes(message)) formErrors.push(message);
  }
  if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) {
    formErrors.push(refusalText(status, problem));
  }
  return { fieldErrors, formErrors };
}
