import { Form, useNavigation } from '@remix-run/react';
import { FieldError, FormAlert } from '~/components/form-feedback';
import { buttonClass, inputClass, labelClass } from '~/components/ui';
import { MAX_FEEDBACK_LENGTH } from '~/lib/feedback/feedback';
import type { FeedbackFieldErrors, FeedbackValues } from '~/lib/feedback/feedback';

/** What an action answers when feedback was refused (what was typed is kept). */
export interface FeedbackResult {
  intent: 'feedback';
  values: FeedbackValues;
  fieldErrors: FeedbackFieldErrors;
  formErrors: string[];
}

/**
 * A feedback form: stars (required when `starsRequired`), words, and for visitors an optional name and
 * e-mail. A plain post to the page's action; works without JavaScript.
 */
export function FeedbackForm({
  id,
  title,
  intro,
  result,
  starsRequired,
  guest,
  submitLabel,
  hidden = {},
}: {
  id: string;
  title: string;
  intro?: string;
  result: FeedbackResult | undefined;
  starsRequired: boolean;
  guest: boolean;
  submitLabel: string;
  hidden?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'feedback';
  const errors = result?.fieldErrors ?? {};
  const values = result?.values;
  const err = (f: keyof FeedbackFieldErrors) => (errors[f] ? `${id}-${f}-error` : undefined);
  return (
    <Form
      method="post"
      className="space-y-4"
      aria-labelledby={`${id}-title`}
      key={JSON.stringify(values ?? null)}
    >
      <h2 id={`${id}-title`} className="font-display text-2xl font-semibold text-cocoa-900">
        {title}
      </h2>
      {intro ? <p className="text-sm text-cocoa-700">{intro}</p> : null}
      <FormAlert messages={result?.formErrors} />
      <input type="hidden" name="intent" value="feedback" />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset aria-describedby={err('rating')}>
        <legend className={labelClass}>{starsRequired ? 'Your rating' : 'Your rating (optional)'}</legend>
        <div className="flex flex-wrap gap-3">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="flex items-center gap-1.5 text-cocoa-900">
              <input
                type="radio"
                name="rating"
                value={n}
                required={starsRequired}
                defaultChecked={values?.rating === String(n)}
                className="h-4 w-4 text-ember-700"
              />
              <span aria-hidden="true" className="text-ember-700">
                {'★'.repeat(n)}
              </span>
              <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
            </label>
          ))}
        </div>
        <FieldError id={`${id}-rating-error`} message={errors.rating} />
      </fieldset>
      <div>
        <label htmlFor={`${id}-message`} className={labelClass}>
          Your feedback
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={4}
          required
          maxLength={MAX_FEEDBACK_LENGTH}
          defaultValue={values?.message ?? ''}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={err('message')}
          className={inputClass}
        />
        <FieldError id={`${id}-message-error`} message={errors.message} />
      </div>
      {guest ? (
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <label htmlFor={`${id}-name`} className={labelClass}>
              Your name (optional)
            </label>
            <input
              id={`${id}-name`}
              name="name"
              autoComplete="name"
              maxLength={120}
              defaultValue={values?.name ?? ''}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={err('name')}
              className={inputClass}
            />
            <FieldError id={`${id}-name-error`} message={errors.name} />
          </div>
          <div>
            <label htmlFor={`${id}-email`} className={labelClass}>
              E-mail, if you would like an answer (optional)
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={values?.email ?? ''}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={err('email')}
              className={inputClass}
            />
            <FieldError id={`${id}-email-error`} message={errors.email} />
          </div>
        </div>
      ) : null}
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {busy ? 'Sending…' : submitLabel}
      </button>
    </Form>
  );
}
