import { Form, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { FormResult } from '~/lib/forms/form-values';
import { resultFor } from '~/lib/forms/form-values';
import { FieldsScope, TextAreaField, useFormKey } from '../form-fields';
import { FormErrors } from '../form-layout';
import { buttonClass } from '../ui';

/**
 * One admin action as a plain form: an `intent`, hidden fields, an optional reason (kept when refused) and
 * a button. Works without JavaScript; with it, the button says it is busy.
 */
export function ReasonForm({
  intent,
  target,
  hidden = {},
  reasonLabel,
  button,
  busyText,
  result,
  label,
  danger = false,
}: {
  intent: string;
  target: string;
  hidden?: Record<string, string>;
  /** Without a label the form asks no reason. */
  reasonLabel?: ReactNode;
  button: string;
  busyText: string;
  result: FormResult | undefined;
  label: string;
  danger?: boolean;
}) {
  const navigation = useNavigation();
  const mine = resultFor(result, intent, target);
  const values = mine?.values ?? { reason: '' };
  const key = useFormKey(values);
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData?.get('target') === target;
  return (
    <FieldsScope formId={`${intent}-${target}`} values={values} errors={mine?.fieldErrors}>
      <Form method="post" key={key} className="space-y-3" aria-label={label}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="target" value={target} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormErrors errors={mine?.formErrors} />
        {reasonLabel ? <TextAreaField name="reason" label={reasonLabel} rows={2} required /> : null}
        <button type="submit" className={danger ? buttonClass.danger : buttonClass.secondary} disabled={busy}>
          {busy ? busyText : button}
        </button>
      </Form>
    </FieldsScope>
  );
}
