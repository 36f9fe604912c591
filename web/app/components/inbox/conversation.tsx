import { Form, useNavigation } from '@remix-run/react';
import { FormAlert } from '~/components/form-feedback';
import { FieldsScope, TextAreaField, useFormKey } from '~/components/form-fields';
import { buttonClass, linkClass } from '~/components/ui';
import type { FormResult } from '~/lib/forms/form-values';
import type { Enquiry, InboxAction } from '~/lib/inbox/inbox';
import { actionLabel, enquiryFileUrl } from '~/lib/inbox/inbox';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(iso),
  ) + ' UTC';

/** The message as the sender wrote it, with who sent it and when. */
export function SenderMessage({
  name,
  email,
  phone,
  createdAt,
  message,
  children,
}: {
  name: string;
  email: string | null;
  phone?: string | null;
  createdAt: string;
  message: string;
  children?: React.ReactNode;
}) {
  return (
    <section aria-labelledby="sender-heading" className="rounded-3xl bg-white p-6 shadow-card">
      <h2 id="sender-heading" className="font-display text-xl font-semibold text-cocoa-900">
        From {name}
      </h2>
      <p className="mt-1 text-sm text-cocoa-700">
        {email ? (
          <a href={`mailto:${email}`} className={linkClass}>
            {email}
          </a>
        ) : (
          'No e-mail address'
        )}
        {phone ? ` · ${phone}` : ''} · {when(createdAt)}
      </p>
      <p className="mt-4 whitespace-pre-wrap text-cocoa-900">{message}</p>
      {children}
    </section>
  );
}

/** An enquiry's pricing facts and files. */
export function EnquiryFacts({ enquiry }: { enquiry: Enquiry }) {
  const facts = [
    enquiry.eventDate ? ['Event date', enquiry.eventDate] : null,
    enquiry.headcount ? ['Guests', String(enquiry.headcount)] : null,
    enquiry.budget ? ['Budget', enquiry.budget] : null,
  ].filter((f): f is [string, string] => f !== null);
  return (
    <>
      {facts.length ? (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-cocoa-800">{term}</dt>
              <dd className="text-cocoa-900">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {enquiry.files.length ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-cocoa-800">Files</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {enquiry.files.map((file, i) => (
              <li key={file.name}>
                <a href={enquiryFileUrl(enquiry.id, file.name)} className={linkClass}>
                  {`${file.kind === 'picture' ? 'Picture' : 'Attachment'} ${i + 1} (${file.name.split('.').pop()?.toUpperCase()})`}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** The action history, oldest first, with each answer's text. */
export function ActionHistory({ actions }: { actions: readonly InboxAction[] }) {
  return (
    <section aria-labelledby="history-heading" className="rounded-3xl bg-white p-6 shadow-card">
      <h2 id="history-heading" className="font-display text-xl font-semibold text-cocoa-900">
        History
      </h2>
      <ol className="mt-4 space-y-3">
        {actions.map((a, i) => (
          <li key={`${a.at}-${i}`} className="border-l-4 border-cream-300 pl-4">
            <p className="text-sm font-semibold text-cocoa-900">
              {actionLabel(a)} <span className="font-normal text-cocoa-700">· {when(a.at)}</span>
            </p>
            {a.note ? <p className="mt-1 whitespace-pre-wrap text-cocoa-900">{a.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The answer form (e-mailed to the sender) and the close / reopen button, each a plain form posting to the
 * page's action with its intent.
 */
export function AnswerForms({
  status,
  result,
  senderEmail,
}: {
  status: 'OPEN' | 'CLOSED';
  result: FormResult | null;
  senderEmail: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const values = result?.intent === 'answer' ? (result.values ?? {}) : {};
  const key = useFormKey(values);
  return (
    <section aria-labelledby="answer-heading" className="rounded-3xl bg-white p-6 shadow-card">
      <h2 id="answer-heading" className="font-display text-xl font-semibold text-cocoa-900">
        Answer
      </h2>
      <p className="mt-1 text-sm text-cocoa-700">
        {`This is ${status === 'OPEN' ? 'open' : 'closed'}.`}
        {senderEmail ? ` Your answer is e-mailed to ${senderEmail}.` : ''}
      </p>
      <FormAlert messages={result?.formErrors} />
      {senderEmail ? (
        <FieldsScope
          formId="answer"
          values={values}
          errors={result?.intent === 'answer' ? result.fieldErrors : {}}
        >
          <Form key={key} method="post" className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="answer" />
            <TextAreaField name="response" label="Your answer" rows={6} required />
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              Send answer
            </button>
          </Form>
        </FieldsScope>
      ) : null}
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value={status === 'OPEN' ? 'close' : 'reopen'} />
        <button type="submit" className={buttonClass.secondary} disabled={busy}>
          {status === 'OPEN' ? 'Close' : 'Reopen'}
        </button>
      </Form>
    </section>
  );
}
