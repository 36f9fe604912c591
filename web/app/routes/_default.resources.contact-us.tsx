import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { ResourceArticle } from '~/components/resource-page';
import { buttonClass, inputClass, labelClass } from '~/components/ui';
import { resourcePage } from '~/content/resources';
import { parseContactForm } from '~/lib/contact';
import type { ContactField } from '~/lib/contact';
import { successNotification } from '~/lib/notifications';
import { redirectWithToast } from '~/lib/toast.server';

const page = resourcePage('contact-us');

export const meta: MetaFunction = () => [
  { title: `${page.title} — Hearth` },
  { name: 'description', content: page.description },
];

export async function action({ request }: ActionFunctionArgs) {
  const parsed = parseContactForm(await request.formData());
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
  // TODO(api): POST parsed.value to the API's `contactus` endpoint once it exists, and turn a failed
  // call into failureNotification(problem) shown on this page.
  return redirectWithToast('/resources/contact-us', successNotification());
}

function Field({
  name,
  label,
  error,
  defaultValue,
  multiline = false,
  type = 'text',
  autoComplete,
}: {
  name: ContactField;
  label: string;
  error?: string;
  defaultValue?: string;
  multiline?: boolean;
  type?: string;
  autoComplete?: string;
}) {
  const errorId = `${name}-error`;
  const common = {
    id: name,
    name,
    defaultValue,
    required: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: inputClass,
  };
  return (
    <div>
      <label htmlFor={name} className={labelClass}>
        {label}
      </label>
      {multiline ? <textarea rows={6} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function ContactUsRoute() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formAction === '/resources/contact-us';
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  return (
    <ResourceArticle page={page}>
      <section aria-labelledby="contact-form-heading" className="rounded-3xl bg-white p-6 shadow-card md:-mt-2">
        <h2 id="contact-form-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Send us a message
        </h2>
        <Form method="post" className="mt-6 space-y-5" aria-describedby="contact-form-note">
          <Field name="legalName" label="Your full name" autoComplete="name" error={errors.legalName} defaultValue={values.legalName} />
          <Field name="email" label="Email address" type="email" autoComplete="email" error={errors.email} defaultValue={values.email} />
          <Field name="message" label="How can we help?" multiline error={errors.message} defaultValue={values.message} />
          <p id="contact-form-note" className="text-xs text-cocoa-600">
            We use your details only to reply to this message.
          </p>
          <button type="submit" className={`${buttonClass.primary} w-full`} disabled={sending}>
            {sending ? 'Sending…' : 'Send message'}
          </button>
        </Form>
      </section>
    </ResourceArticle>
  );
}
