import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { buttonClass, container, linkClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import { confirmSubscription, previewConfirmation } from '~/lib/subscriptions/subscriptions.server';
import type { Confirmation } from '~/lib/subscriptions/subscriptions';
import { failureText } from '~/lib/ui/notifications';

const PAGE = '/l/subscriptions/confirm';

export const meta: MetaFunction = () => [
  { title: 'Confirm your subscription — Hearth' },
  { name: 'robots', content: 'noindex' },
];

function linkError(error: unknown): string {
  if (!isApiError(error)) throw error;
  if ((error.status === 400 || error.status === 409) && error.problem?.detail) return error.problem.detail;
  return failureText(error.problem);
}

/** What the subscription is for, in words. */
function what(c: Confirmation): string {
  return c.kind === 'chef'
    ? `${c.kitchenName ?? 'a kitchen'}'s news`
    : `one e-mail when chefs deliver to ${c.zipcode ?? 'your zip code'}`;
}

/**
 * /l/subscriptions/confirm?token= (double opt-in; no sign-in, no JavaScript needed): GET shows what the
 * link confirms with a button (a mail scanner opening it confirms nothing); the POST confirms and comes back
 * here to say so.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token)
    return data(
      { token, confirmation: null, error: 'This page needs the link from your e-mail.' },
      { status: 400 },
    );
  try {
    return { token, confirmation: await previewConfirmation(request, token), error: null };
  } catch (error) {
    return data({ token, confirmation: null, error: linkError(error) }, { status: 400 });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const token = String((await request.formData()).get('token') ?? '');
  try {
    await confirmSubscription(request, token);
  } catch (error) {
    return data({ error: linkError(error) }, { status: 400 });
  }
  return redirect(`${PAGE}?${new URLSearchParams({ token })}`);
}

export default function ConfirmSubscriptionRoute() {
  const { token, confirmation, error } = useLoaderData<typeof loader>();
  const confirmed = confirmation?.status === 'SUBSCRIBED';
  return (
    <section className={`${container} max-w-2xl py-12`} aria-labelledby="confirm-heading">
      <h1 id="confirm-heading" className="font-display text-4xl font-semibold text-cocoa-900">
        {error || !confirmation
          ? 'This link does not work'
          : confirmed
            ? 'You are subscribed'
            : 'Confirm your subscription'}
      </h1>
      {error || !confirmation ? (
        <div role="alert" className="mt-4 space-y-3 text-cocoa-800">
          <p>{error}</p>
          <p>
            <Link to="/" className={linkClass}>
              Back to Hearth
            </Link>
          </p>
        </div>
      ) : confirmed ? (
        <div className="mt-4 space-y-3 text-cocoa-800">
          <p role="status">
            <strong>{confirmation.email}</strong> gets {what(confirmation)}. Every e-mail has a link to
            unsubscribe.
          </p>
          {confirmation.publisherId ? (
            <p>
              <Link to={`/kitchen/${confirmation.publisherId}`} className={linkClass}>
                See {confirmation.kitchenName}&apos;s menu
              </Link>
            </p>
          ) : null}
        </div>
      ) : confirmation.status === 'PENDING' ? (
        <div className="mt-4 text-cocoa-800">
          <p>
            Send {what(confirmation)} to <strong>{confirmation.email}</strong>?
          </p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className={buttonClass.primary}>
              Confirm
            </button>
          </Form>
        </div>
      ) : (
        <p role="alert" className="mt-4 text-cocoa-800">
          <strong>{confirmation.email}</strong> unsubscribed since this link was sent. Subscribe again to get
          a new link.
        </p>
      )}
    </section>
  );
}
