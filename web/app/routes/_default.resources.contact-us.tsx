import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { EnquiryForm } from '~/components/inbox/enquiry-form';
import { ResourceArticle } from '~/components/resource-page';
import { buttonClass, inputClass, labelClass } from '~/components/ui';
import { resourcePage } from '~/content/resources';
import { apiFetch, isApiError } from '~/lib/api/client.server';
import { parseContactForm } from '~/lib/content/contact';
import type { ContactField, ContactFieldErrors } from '~/lib/content/contact';
import { mapFieldErrors } from '~/lib/forms/field-errors';
import type { FormResult } from '~/lib/forms/form-values';
import { readActionForm } from '~/lib/http/multipart.server';
import { sendEnquiry } from '~/lib/inbox/inbox.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

const page = resourcePage('contact-us');

export const meta: MetaFunction = () => [
  { title: `${page.title} — Hearth` },
  { name: 'description', content: page.description },
];

const CONTACT_FIELDS: readonly ContactField[] = ['legalName', 'email', 'message'];

interface ContactActionData {
  fieldErrors: ContactFieldErrors;
  values: Partial<Record<ContactField, string>>;
  /** Problems not tied to one field, e.g. the API could not be reached. */
  formErrors: string[];
}

/** The enquiry form of this page asks a general question or catering pricing; never a chef (that is the kitchen page's). */
const PAGE_ENQUIRY_TYPES = new Set(['ENQUIRY_GENERAL', 'ENQUIRY_FOR_PRICING']);

/**
 * Two forms: the contact message (`POST contactus`, as before) and the enquiry (`intent=enquiry`, multipart
 * with optional files, `POST enquiries`). Each comes back with what was typed when refused.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readActionForm(request);
  if (form.get('intent') === 'enquiry') {
    const type = String(form.get('enquiryType') ?? '');
    const failed = await sendEnquiry(request, form, {
      enquiryType: PAGE_ENQUIRY_TYPES.has(type) ? type : 'ENQUIRY_GENERAL',
    });
    if (failed) return failed;
    return redirectWithToast(
      '/resources/contact-us',
      successNotification(
        'Thank you: your enquiry was sent. We have e-mailed you a copy and will answer soon.',
      ),
      { status: 303 },
    );
  }
  const parsed = parseContactForm(form);
  if (!parsed.ok) {
    return data<ContactActionData>(
      { fieldErrors: parsed.fieldErrors, values: parsed.values, formErrors: [] },
      { status: 400 },
    );
  }
  try {
    await apiFetch(request, 'contactus', { method: 'POST', json: parsed.value });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const values = parsed.value;
    if (error.status === 400) {
      const { fieldErrors, formErrors } = mapFieldErrors(error.problem, CONTACT_FIELDS);
      return data<ContactActionData>({ fieldErrors, values, formErrors }, { status: 400 });
    }
    // Unreachable: "Invalid Request. Check your internet connection…"; otherwise the generic failure text.
    return data<ContactActionData>(
      { fieldErrors: {}, values, formErrors: [failureText(error.problem)] },
      { status: error.unreachable ? 503 : error.status },
    );
  }
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
      {multiline ? (
        <textarea rows={6} {...common} />
      ) : (
        <input type={type} autoComplete={autoComplete} {...common} />
      )}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function ContactUsRoute() {
  const result = useActionData<typeof action>();
  const enquiryResult = result && 'intent' in result ? (result as FormResult) : null;
  const actionData = result && !('intent' in result) ? result : undefined;
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formAction === '/resources/contact-us';
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  const formErrors: string[] = actionData?.formErrors ?? [];
  return (
    <ResourceArticle page={page}>
      <section
        aria-labelledby="contact-form-heading"
        className="rounded-3xl bg-white p-6 shadow-card md:-mt-2"
      >
        <h2 id="contact-form-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Send us a message
        </h2>
        <Form method="post" className="mt-6 space-y-5" aria-describedby="contact-form-note">
          {formErrors.length ? (
            <div
              role="alert"
              className="rounded-2xl border border-red-700/30 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
            >
              {formErrors.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          ) : null}
          <Field
            name="legalName"
            label="Your full name"
            autoComplete="name"
            error={errors.legalName}
            defaultValue={values.legalName}
          />
          <Field
            name="email"
            label="Email address"
            type="email"
            autoComplete="email"
            error={errors.email}
            defaultValue={values.email}
          />
          <Field
            name="message"
            label="How can we help?"
            multiline
            error={errors.message}
            defaultValue={values.message}
          />
          <p id="contact-form-note" className="text-xs text-cocoa-600">
            We use your details only to reply to this message.
          </p>
          <button type="submit" className={`${buttonClass.primary} w-full`} disabled={sending}>
            {sending ? 'Sending…' : 'Send message'}
          </button>
        </Form>
      </section>
      <div className="mt-8">
        <EnquiryForm
          action="/resources/contact-us"
          formId="enquiry"
          heading="Send an enquiry or ask for catering pricing"
          result={enquiryResult}
          chooseType
        />
      </div>
    </ResourceArticle>
  );
}
