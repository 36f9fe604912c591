import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { SenderMessage } from '~/components/inbox/conversation';
import { linkClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import { invalidId } from '~/lib/http/http.server';
import { isUuid } from '~/lib/inbox/inbox';
import { getFeedback } from '~/lib/inbox/inbox.server';
import { requireRole } from '~/lib/session/guards.server';

export const meta: MetaFunction = () => [{ title: 'Feedback — Inbox — Hearth' }];

/** /l/admin/inbox/feedback/:id (admins): one piece of customer feedback, read-only (it has no open/closed). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  if (!isUuid(params.id)) throw invalidId(request);
  try {
    return { user: { name, email }, feedback: await getFeedback(request, params.id) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw invalidId(request);
    throw error;
  }
}

export default function AdminFeedbackRoute() {
  const { user, feedback } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Feedback" user={user}>
      <p className="mb-6">
        <Link to="/l/admin/inbox" className={linkClass}>
          Support inbox
        </Link>
      </p>
      <SenderMessage
        name={feedback.name ?? 'A visitor'}
        email={feedback.email}
        createdAt={feedback.createdAt}
        message={feedback.message}
      >
        <p className="mt-4 text-sm text-cocoa-800">
          {feedback.rating ? `${feedback.rating} of 5 stars` : 'No stars given'}
          {feedback.pageUrl ? ` · sent from ${feedback.pageUrl}` : ''}
        </p>
        <p className="mt-2 text-sm text-cocoa-700">
          Feedback is read here; answer by e-mail when it needs one.
        </p>
      </SenderMessage>
    </AccountPage>
  );
}
