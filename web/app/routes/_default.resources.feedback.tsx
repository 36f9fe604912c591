import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { FeedbackForm, type FeedbackResult } from '~/components/feedback/feedback-form';
import { container } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import { FEEDBACK_FIELDS, parseFeedbackForm } from '~/lib/feedback/feedback';
import { sendFeedback } from '~/lib/feedback/feedback.server';
import { mapFieldErrors } from '~/lib/forms/field-errors';
import { getUser } from '~/lib/session/auth.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

const PAGE = '/resources/feedback';

export const meta: MetaFunction = () => [
  { title: 'Feedback — Hearth' },
  { name: 'description', content: 'Tell the Hearth team what works and what does not.' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  return { signedIn: user !== null };
}

/** /resources/feedback: feedback about the site, from anyone (visitors may leave a name and an e-mail). */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = parseFeedbackForm(await request.formData(), { pageUrl: PAGE });
  if (!parsed.ok)
    return data<FeedbackResult>(
      { intent: 'feedback', values: parsed.values, fieldErrors: parsed.fieldErrors, formErrors: [] },
      { status: 400 },
    );
  try {
    await sendFeedback(request, parsed.body);
  } catch (error) {
    if (!isApiError(error)) throw error;
    const base = { intent: 'feedback', values: parsed.values } as const;
    if (error.status === 400)
      return data<FeedbackResult>(
        { ...base, ...mapFieldErrors(error.problem, FEEDBACK_FIELDS) },
        { status: 400 },
      );
    return data<FeedbackResult>(
      { ...base, fieldErrors: {}, formErrors: [failureText(error.problem)] },
      { status: error.unreachable ? 503 : error.status },
    );
  }
  return redirectWithToast(PAGE, successNotification('Thank you — your feedback reached the Hearth team'));
}

export default function FeedbackRoute() {
  const { signedIn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className={`${container} max-w-2xl py-12 md:py-16`} aria-labelledby="feedback-heading">
      <h1 id="feedback-heading" className="font-display text-4xl font-semibold tracking-tight text-cocoa-900">
        Feedback
      </h1>
      <p className="mt-3 text-cocoa-700">
        What works for you on Hearth, and what gets in your way? Every message is read by the team.
      </p>
      <div className="mt-8 rounded-3xl bg-white p-6 shadow-card">
        <FeedbackForm
          id="site-feedback"
          title="Tell us what you think"
          result={result}
          starsRequired={false}
          guest={!signedIn}
          submitLabel="Send feedback"
        />
      </div>
    </section>
  );
}
