import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { MESSAGES_PAGE } from '~/components/bulk-messages/history-table';
import { ProgressPanel } from '~/components/bulk-messages/progress-panel';
import { RecipientsTable } from '~/components/bulk-messages/recipients-table';
import { FormErrors } from '~/components/form-layout';
import { buttonClass, linkClass } from '~/components/ui';
import {
  RECIPIENTS_PAGE_SIZE,
  RECIPIENT_STATES,
  groupLabel,
  isRunning,
} from '~/lib/admin/bulk-message-types';
import type { RecipientState } from '~/lib/admin/bulk-message-types';
import { controlBulkMessage, getBulkMessage, listRecipients } from '~/lib/admin/bulk-messages.server';
import type { BulkControl } from '~/lib/admin/bulk-messages.server';
import { isApiError } from '~/lib/api/client.server';
import { refusalText } from '~/lib/forms/form-errors';
import { readValues, textOf } from '~/lib/forms/form-values';
import { invalidId } from '~/lib/http/http.server';
import { requireRole } from '~/lib/session/guards.server';
import { successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

/** How often the page asks again while the message is on its way: with JavaScript, and without it. */
export const POLL_MS = 1000;
export const REFRESH_SECONDS = 2;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.message.subject} — Messages — Admin — Hearth` : 'Message — Admin — Hearth' },
];

function filterOf(url: URL): { state: RecipientState | null; page: number } {
  const upper = (url.searchParams.get('state') ?? '').toUpperCase();
  const page = Math.floor(Number(url.searchParams.get('page')));
  return {
    state: RECIPIENT_STATES.find((s) => s.value === upper)?.value ?? null,
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 0,
  };
}

/**
 * /l/admin/messages/:id (admins): one bulk message's live progress, its pause / resume / cancel buttons and
 * its recipients (`?state=FAILED&page=1`).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const id = params.id ?? '';
  if (!UUID.test(id)) throw invalidId(request);
  const url = new URL(request.url);
  const filter = filterOf(url);
  try {
    const [message, { recipients, total }] = await Promise.all([
      getBulkMessage(request, id),
      listRecipients(request, id, filter),
    ]);
    return {
      user: { name, email },
      message,
      recipients,
      recipientTotal: total,
      filter,
      confirmCancel: url.searchParams.get('confirm') === 'cancel',
    };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw invalidId(request);
    throw error;
  }
}

const CONTROLS: Record<BulkControl, string> = {
  pause: 'Paused. Nobody else gets it until you resume.',
  resume: 'Sending again.',
  cancel: 'Cancelled. Nobody else gets it.',
};

export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, Role.ADMIN);
  const id = params.id ?? '';
  if (!UUID.test(id)) throw invalidId(request);
  const intent = textOf(readValues(await request.formData()), 'intent');
  if (!(intent in CONTROLS)) return data({ formErrors: ['This form is not known here.'] }, { status: 400 });
  try {
    await controlBulkMessage(request, id, intent as BulkControl);
    return redirectWithToast(`${MESSAGES_PAGE}/${id}`, successNotification(CONTROLS[intent as BulkControl]), {
      status: 303,
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    return data(
      { formErrors: [refusalText(error.status, error.problem)] },
      { status: error.unreachable ? 503 : error.status },
    );
  }
}

/** With JavaScript: the loader again every second while the message is on its way (no reload, no flicker). */
function usePolling(running: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);
}

export default function AdminMessageProgress() {
  const { user, message, recipients, recipientTotal, filter, confirmCancel } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const running = isRunning(message.status);
  usePolling(running);
  const path = `${MESSAGES_PAGE}/${message.id}`;
  const canPause = running;
  const canResume = message.status === 'PAUSED';
  const canCancel = running || message.status === 'PAUSED';
  return (
    <AccountPage title={message.subject} user={user}>
      {/* Without JavaScript the page reloads itself while the message is on its way. */}
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <p className="mt-2 text-sm">
        <Link to={MESSAGES_PAGE} className={linkClass}>
          All messages
        </Link>
      </p>
      <p className="mt-4 text-cocoa-800">
        To {groupLabel(message.targetGroup)}
        {message.targetChef ? ` (${message.targetChef.kitchenName})` : ''}
        {message.to ? `: ${message.to}` : ''}
        {message.createdByName ? ` · sent by ${message.createdByName}` : ''}
      </p>
      {running ? <p className="mt-1 text-sm text-cocoa-700">This page updates by itself.</p> : null}
      {message.status === 'PAUSED' && message.pausedReason ? (
        <p className="mt-2 font-semibold text-ember-800">Paused by itself: {message.pausedReason}</p>
      ) : null}
      <div className="mt-6">
        <ProgressPanel message={message} />
      </div>
      {result && 'formErrors' in result ? (
        <div className="mt-4">
          <FormErrors errors={result.formErrors} />
        </div>
      ) : null}
      {confirmCancel && canCancel ? (
        <Form method="post" action={path} className="mt-6 rounded-2xl border border-red-700/30 bg-red-50 p-5">
          <p className="font-semibold text-red-900">
            Cancel this message? Nobody who has not got it yet will get it, and it cannot be resumed.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="submit" name="intent" value="cancel" className={buttonClass.danger}>
              Yes, cancel it
            </button>
            <Link to={path} className={buttonClass.secondary}>
              Keep it
            </Link>
          </div>
        </Form>
      ) : (
        <div className="mt-6 flex flex-wrap gap-3">
          {canPause ? (
            <Form method="post" action={path}>
              <button type="submit" name="intent" value="pause" className={buttonClass.secondary}>
                Pause
              </button>
            </Form>
          ) : null}
          {canResume ? (
            <Form method="post" action={path}>
              <button type="submit" name="intent" value="resume" className={buttonClass.primary}>
                Resume
              </button>
            </Form>
          ) : null}
          {canCancel ? (
            <Link to={`${path}?confirm=cancel`} className={buttonClass.secondary}>
              Cancel sending…
            </Link>
          ) : null}
        </div>
      )}
      <RecipientsTable
        path={path}
        recipients={recipients}
        state={filter.state}
        pageNumber={filter.page}
        pages={Math.max(1, Math.ceil(recipientTotal / RECIPIENTS_PAGE_SIZE))}
      />
    </AccountPage>
  );
}
