import { Form, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { FormResult, FormValues } from '~/lib/forms/form-values';
import { resultFor } from '~/lib/forms/form-values';
import type { SettingsForm as SettingsFormIntent } from '~/lib/chef/settings-form';
import { FieldsScope, useFormKey } from './form-fields';
import { FormErrors } from './form-layout';
import { buttonClass } from './ui';

/** Where every settings form posts. */
export const SETTINGS_PAGE = '/l/settings';

/** One form of /l/settings: its values (or what was typed before a failure), errors and a save button. */
export function SettingsForm({
  intent,
  defaults,
  result,
  submitLabel,
  label,
  children,
}: {
  intent: SettingsFormIntent | 'beneficiary';
  /** The form's accessible name. */
  label: string;
  defaults: FormValues;
  result: FormResult | undefined;
  submitLabel: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const mine = resultFor(result, intent);
  const values = mine?.values ?? defaults;
  const key = useFormKey(values);
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <FieldsScope formId={intent} values={values} errors={mine?.fieldErrors}>
      <Form method="post" action={SETTINGS_PAGE} key={key} className="space-y-5" aria-label={label}>
        <input type="hidden" name="intent" value={intent} />
        <FormErrors errors={mine?.formErrors} />
        {children}
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      </Form>
    </FieldsScope>
  );
}
