import { data } from '@remix-run/node';
import { isApiError } from '../api/client.server';
import { problemFieldErrors } from './form-errors';
import type { FieldResolver } from './form-errors';
import type { FieldErrors, FormResult, FormValues } from './form-values';

export interface FailedForm {
  intent: string;
  target?: string | null;
  values?: FormValues | null;
}

/**
 * A failed API call as the page shows it, or rethrows what is not an API failure. The API's field
 * errors go beside the fields (status as the API said: 400, or 409 for a taken kitchen name), the
 * API's sentence for other refusals, and the spec's generic text when the API failed or was away
 * (503). What was typed comes back too.
 */
export function apiFailure(error: unknown, form: FailedForm, resolve: FieldResolver = () => null) {
  if (!isApiError(error)) throw error;
  const { fieldErrors, formErrors } = problemFieldErrors(error.status, error.problem, resolve);
  const status = error.unreachable ? 503 : error.status >= 400 ? error.status : 500;
  return data<FormResult>(
    {
      intent: form.intent,
      target: form.target ?? null,
      values: form.values ?? null,
      fieldErrors,
      formErrors,
    },
    { status },
  );
}

/** A form refused before any API call (e.g. a file too large, a date that is not a date): status 400. */
export function formRefusal(form: FailedForm, fieldErrors: FieldErrors, formErrors: string[] = []) {
  return data<FormResult>(
    {
      intent: form.intent,
      target: form.target ?? null,
      values: form.values ?? null,
      fieldErrors,
      formErrors,
    },
    { status: 400 },
  );
}

/** The request's form did not say which form it was: a plain 400, as the addresses page does. */
export function unknownIntent() {
  return data('This form is not known here.', { status: 400 });
}
