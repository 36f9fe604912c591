import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { buttonClass, container, linkClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import { resubscribe, unsubscribe, unsubscribeInfo } from '~/lib/subscriptions/subscriptions.server';
import type { UnsubscribeInfo } from '~/lib/subscriptions/subscriptions';
import { failureText } from '~/lib/ui/notifications';

const PAGE = '/l/unsubscribe';

export const meta: MetaFunction = () => [
  { title: 'Unsubscribe — Hearth' },
  { name: 'robots', content: 'noindex' },
];

/** The link's problem in words: a forged or altered token is the API's 400 with its sentence. */
function linkError(error: unknown): string {
  if (!isApiError(error)) throw error;
  if (error.status === 400 && error.problem?.detail) return error.problem.detail;
  return failureText(error.problem);
}

/**
 * /l/unsubscribe?token= (spec §2; no sign-in, no JavaScript needed): GET shows the address and what the link
 * unsubscribes it from, with a button — it never unsubscribes on GET (mail scanners open links). The POST
 * does it (or undoes it) and comes back here to say so, with the other button.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  const done = url.searchParams.get('done');
  if (!token)
    return data(
      { token, info: null, done: null, error: 'This page needs the link from your e-mail.' },
      { status: 400 },
    );
  try {
    return { token, info: await unsubscribeInfo(request, token), done, error: null };
  } catch (error) {
    return data({ token, info: null, done: null, error: linkError(error) }, { status: 400 });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const token = String(form.get('token') ?? '');
  const intent = form.get('intent');
  if (intent !== 'unsubscribe' && intent !== 'resubscribe')
    throw data('This form is not known here.', { status: 400 });
  try {
    if (intent === 'unsubscribe') await unsubscribe(request, token);
    else await resubscribe(request, token);
  } catch (error) {
    return data({ error: linkError(error) }, { status: 400 });
  }
  const done = intent === 'unsubscribe' ? 'unsubscribed' : 'resubscribed';
  return redirect(`${PAGE}?${new URLSearchParams({ token, done })}`);
}

function Buttons({ token, info }: { token: string; info: UnsubscribeInfo }) {
  return (
    <Form method="post" className="mt-6">
      <input type="hidden" name="token" value={token} />
      {info.unsubscribed ? (
        <button type="submit" name="intent" value="resubscribe" className={buttonClass.secondary}>
          Resubscribe
        </button>
      ) : (
        <button type="submit" name="intent" value="unsubscribe" className={buttonClass.primary}>
          Unsubscribe
        </button>
      )}
    </Form>
  );
}

export default function UnsubscribeRoute() {
  const { token, info, done, error } = useLoaderData<typeof loader>();
  return (
    <section className={`${container} max-w-2xl py-12`} aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading" className="font-display text-4xl font-semibold text-cocoa-900">
        {error ? 'This link does not work' : info?.unsubscribed ? 'You are unsubscribed' : 'Unsubscribe'}
      </h1>
      {error || !info ? (
        <div role="alert" className="mt-4 space-y-3 text-cocoa-800">
          <p>{error}</p>
          <p>
            Nothing was changed.{' '}
            <Link to="/" className={linkClass}>
              Back to Hearth
            </Link>
          </p>
        </div>
      ) : (
        <div className="mt-4 text-cocoa-800">
          {info.unsubscribed ? (
            <p role={done ? 'status' : undefined}>
              <strong>{info.email}</strong> is unsubscribed from {info.label}.
            </p>
          ) : (
            <>
              {done === 'resubscribed' ? (
                <p role="status">
                  <strong>{info.email}</strong> gets {info.label} again.
                </p>
              ) : (
                <p>
                  Stop sending {info.label} to <strong>{info.email}</strong>?
                </p>
              )}
            </>
          )}
          <p className="mt-2 text-sm text-cocoa-600">E-mails about your own orders are not affected.</p>
          <Buttons token={token} info={info} />
        </div>
      )}
    </section>
  );
}
