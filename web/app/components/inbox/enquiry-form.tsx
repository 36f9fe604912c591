import { Form, useNavigation } from '@remix-run/react';
import { FormAlert, FieldError } from '~/components/form-feedback';
import { ChoiceGroup } from '~/components/form-choice-fields';
import { FieldsScope, TextAreaField, TextField, useFormKey } from '~/components/form-fields';
import { buttonClass, labelClass } from '~/components/ui';
import type { FormResult } from '~/lib/forms/form-values';

const TYPE_CHOICES = [
  { value: 'ENQUIRY_GENERAL', label: 'A general question' },
  { value: 'ENQUIRY_FOR_PRICING', label: 'Catering or bulk pricing' },
] as const;

/**
 * The enquiry form: name, e-mail, phone, message and up to 5 PDFs or pictures, posted as multipart to
 * `action`. On the contact page the sender picks a general question or catering pricing (with the event's
 * date, guests and budget); on a kitchen page it is a question to that chef. Works without JavaScript: a
 * refused form comes back with what was typed and the reasons beside the fields.
 */
export function EnquiryForm({
  action,
  formId,
  heading,
  result,
  chooseType = false,
  submitLabel = 'Send enquiry',
}: {
  action: string;
  formId: string;
  heading: string;
  result: FormResult | null;
  chooseType?: boolean;
  submitLabel?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formAction === action;
  const values = result?.values ?? (chooseType ? { enquiryType: 'ENQUIRY_GENERAL' } : {});
  const errors = result?.fieldErrors ?? {};
  const key = useFormKey(values);
  const headingId = `${formId}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-3xl bg-white p-6 shadow-card">
      <h2 id={headingId} className="font-display text-2xl font-semibold text-cocoa-900">
        {heading}
      </h2>
      <FieldsScope formId={formId} values={values} errors={errors}>
        <Form
          key={key}
          method="post"
          action={action}
          encType="multipart/form-data"
          className="mt-6 space-y-5"
          aria-labelledby={headingId}
        >
          <input type="hidden" name="intent" value="enquiry" />
          <FormAlert messages={result?.formErrors} />
          {chooseType ? (
            <ChoiceGroup
              name="enquiryType"
              legend="What is it about?"
              type="radio"
              options={TYPE_CHOICES}
              columns="sm:grid-cols-2"
              hint="For catering, tell us the date, how many guests and your budget."
            />
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="firstName" label="First name" autoComplete="given-name" required />
            <TextField name="lastName" label="Last name (optional)" autoComplete="family-name" />
            <TextField name="email" label="Email address" type="email" autoComplete="email" required />
            <TextField name="phone" label="Phone (optional)" type="tel" autoComplete="tel" />
          </div>
          {chooseType ? (
            <fieldset className="grid gap-5 rounded-2xl border border-cocoa-700/15 p-4 sm:grid-cols-3">
              <legend className="px-1 text-sm font-semibold text-cocoa-800">Catering pricing only</legend>
              <TextField name="eventDate" label="Event date" type="date" />
              <TextField
                name="headcount"
                label="Guests"
                type="number"
                min={1}
                max={5000}
                inputMode="numeric"
              />
              <TextField name="budget" label="Budget (optional)" inputMode="decimal" placeholder="1500.00" />
            </fieldset>
          ) : null}
          <TextAreaField name="message" label="Your message" rows={6} required />
          <div>
            <label htmlFor={`${formId}-files`} className={labelClass}>
              Attachments (optional): up to 5 PDFs or pictures, 5 MB each
            </label>
            <input
              id={`${formId}-files`}
              name="files"
              type="file"
              accept="application/pdf,image/jpeg,image/png,image/webp"
              multiple
              aria-describedby={errors.files ? `${formId}-files-error` : undefined}
              className="block w-full max-w-full text-sm text-cocoa-800"
            />
            <FieldError id={`${formId}-files-error`} message={errors.files} />
          </div>
          <p className="text-xs text-cocoa-600">
            We use your details only to answer you. Files are shown only to the people answering.
          </p>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? 'Sending…' : submitLabel}
          </button>
        </Form>
      </FieldsScope>
    </section>
  );
}
