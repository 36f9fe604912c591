import { Form, useNavigation } from '@remix-run/react';
import { FieldsScope, TextAreaField, TextField, useFormKey } from '~/components/form-fields';
import { FormErrors } from '~/components/form-layout';
import { buttonClass } from '~/components/ui';
import type { FieldErrors, FormValues } from '~/lib/forms/form-values';

/**
 * A posting's fields as admins write them (create and edit): title, type, location and the description in
 * HTML, which the API sanitises (only simple formatting survives). A plain form to the page's action.
 */
export function JobForm({
  intent,
  formId,
  values,
  fieldErrors,
  formErrors,
  submitLabel,
}: {
  intent: string;
  formId: string;
  values: FormValues;
  fieldErrors: FieldErrors;
  formErrors: readonly string[];
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const key = useFormKey(values);
  return (
    <Form key={key} method="post" className="space-y-4" aria-label={submitLabel}>
      <input type="hidden" name="intent" value={intent} />
      <FormErrors errors={formErrors} />
      <FieldsScope formId={formId} values={values} errors={fieldErrors}>
        <TextField
          name="title"
          label="Title"
          required
          maxLength={120}
          hint="Unique; the public page's address."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="type" label="Type (optional)" maxLength={60} hint="e.g. Full-time, Contract" />
          <TextField name="location" label="Location (optional)" maxLength={120} hint="e.g. Remote (US)" />
        </div>
        <TextAreaField
          name="htmlDescription"
          label="Description"
          rows={10}
          required
          hint="HTML: paragraphs (<p>), headings (<h3>), lists (<ul><li>), bold, italics and links are kept; anything else is removed."
        />
      </FieldsScope>
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </Form>
  );
}
