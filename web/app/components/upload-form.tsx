import { Form, useNavigation } from '@remix-run/react';
import type { FormResult } from '~/lib/forms/form-values';
import { resultFor } from '~/lib/forms/form-values';
import { FormErrors } from './form-layout';
import { buttonClass, labelClass } from './ui';

/**
 * A plain multipart form that posts files (input `files`) to the page's action with an `intent`; the
 * action sends them on to the API. Its errors (too large, not a picture) appear under the input.
 */
export function UploadForm({
  intent,
  target,
  label,
  hint,
  submitLabel,
  multiple = false,
  accept,
  result,
}: {
  intent: string;
  target?: string;
  label: string;
  hint?: string;
  submitLabel: string;
  multiple?: boolean;
  accept?: string;
  result?: FormResult | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const mine = resultFor(result, intent, target ?? null);
  const id = `${intent}${target ? `-${target}` : ''}-files`;
  const error = mine?.fieldErrors.files;
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {target ? <input type="hidden" name="target" value={target} /> : null}
      <FormErrors errors={mine?.formErrors} />
      <div>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <input
          id={id}
          type="file"
          name="files"
          multiple={multiple}
          accept={accept}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="block w-full text-sm text-cocoa-800 file:mr-4 file:rounded-full file:border-0 file:bg-cream-200 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-cocoa-900 hover:file:bg-cream-300"
        />
        {hint ? (
          <p id={`${id}-hint`} className="mt-1 text-xs text-cocoa-600">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass.secondary} disabled={busy}>
        {busy ? 'Uploading…' : submitLabel}
      </button>
    </Form>
  );
}
