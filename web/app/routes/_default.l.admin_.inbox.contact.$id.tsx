import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ActionHistory, AnswerForms, SenderMessage } from '~/components/inbox/conversation';
import { linkClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import type { FormResult } from '~/lib/forms/form-values';
import { invalidId } from '~/lib/http/http.server';
import { isUuid } from '~/lib/inbox/inbox';
import { conversationAction, getContactMessage } from '~/lib/inbox/inbox.server';
import { requireRole } from '~/lib/session/guards.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Message from ${data.message.legalName} — Inbox — Hearth` : 'Message — Inbox — Hearth' },
];

/** /l/admin/inbox/contact/:id (admins): a contact message, its history, the answer form, close / reopen. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  if (!isUuid(params.id)) throw invalidId(request);
  try {
    return { user: { name, email }, message: await getContactMessage(request, params.id) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw invalidId(request);
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, Role.ADMIN);
  if (!isUuid(params.id)) throw invalidId(request);
  return conversationAction(request, 'contact', params.id, `/l/admin/inbox/contact/${params.id}`);
}

export default function AdminContactMessageRoute() {
  const { user, message } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  return (
    <AccountPage title={`Message from ${message.legalName}`} user={user}>
      <p className="mb-6">
        <Link to="/l/admin/inbox" className={linkClass}>
          Support inbox
        </Link>
      </p>
      <div className="space-y-6">
        <SenderMessage
          name={message.legalName}
          email={message.email}
          createdAt={message.createdAt}
          message={message.message}
        />
        <ActionHistory actions={message.actionHistory} />
        <AnswerForms status={message.status} result={result ?? null} senderEmail={message.email} />
      </div>
    </AccountPage>
  );
}
