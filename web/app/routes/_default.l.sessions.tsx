import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { AccountPage } from '~/components/account-page';
import { FormAlert } from '~/components/form-feedback';
import { buttonClass } from '~/components/ui';
import { isApiError, timeZoneFor } from '~/lib/api/client.server';
import { deviceLabel } from '~/lib/account/sessions';
import { endSession, listSessions } from '~/lib/account/sessions.server';
import type { SignedInSession } from '~/lib/account/sessions.server';
import { instantLabel } from '~/lib/format/dates';
import { LOGOUT_ACTION, SESSIONS_PATH as PAGE } from '~/lib/session/auth';
import { requireUser } from '~/lib/session/guards.server';
import { failureNotification, failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

export const meta: MetaFunction = () => [{ title: 'Signed-in devices — Hearth' }];

/** /l/sessions: the browsers where the user is signed in (S-09), each with a button to sign it out. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireUser(request);
  const timeZone = timeZoneFor(request);
  try {
    return { user: { name, email }, sessions: await listSessions(request), loadError: null, timeZone };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      user: { name, email },
      sessions: [] as SignedInSession[],
      loadError: failureText(error.problem),
      timeZone,
    };
  }
}

/** Signs one other browser out; works as a plain form post without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await request.formData();
  const id = form.get('sessionId');
  if (typeof id !== 'string' || !id)
    return redirectWithToast(PAGE, successNotification('Nothing to sign out'));
  try {
    await endSession(request, id);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return redirectWithToast(PAGE, failureNotification(error.problem));
  }
  return redirectWithToast(PAGE, successNotification('That device is signed out'));
}

export default function SignedInDevices() {
  const { user, sessions, loadError, timeZone } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Signed-in devices" user={user}>
      <p className="max-w-2xl text-cocoa-700">
        Every browser where you are signed in to Hearth. If you do not recognise one, sign it out, then change
        your password.
      </p>
      <FormAlert messages={loadError ? [loadError] : null} />
      <ul className="mt-6 space-y-4" aria-label="Signed-in devices">
        {sessions.map((s) => (
          <li
            key={s.id}
            className="flex flex-col gap-3 rounded-3xl bg-white p-6 shadow-card sm:flex-row sm:items-center sm:justify-between"
            data-testid="signed-in-device"
          >
            <div>
              <p className="font-semibold text-cocoa-900">
                {deviceLabel(s.userAgent)}
                {s.current ? (
                  <span className="ml-2 text-sm font-medium text-green-800">(this browser)</span>
                ) : null}
              </p>
              <p className="mt-1 text-sm text-cocoa-700">
                Signed in {instantLabel(s.createdAt, timeZone)} · last active{' '}
                {instantLabel(s.lastSeenAt, timeZone)}
              </p>
            </div>
            {s.current ? (
              <form method="post" action={LOGOUT_ACTION}>
                <button type="submit" className={buttonClass.secondary}>
                  Sign out here
                </button>
              </form>
            ) : (
              <Form method="post">
                <input type="hidden" name="sessionId" value={s.id} />
                <button
                  type="submit"
                  className={buttonClass.secondary}
                  aria-label={`Sign out ${deviceLabel(s.userAgent)}, signed in ${instantLabel(s.createdAt, timeZone)}`}
                >
                  Sign out
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </AccountPage>
  );
}
