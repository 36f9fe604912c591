import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ActionHistory, AnswerForms, EnquiryFacts, SenderMessage } from '~/components/inbox/conversation';
import { linkClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import type { FormResult } from '~/lib/forms/form-values';
import { invalidId } from '~/lib/http/http.server';
import { isUuid, kindLabel, senderName } from '~/lib/inbox/inbox';
import { conversationAction, getEnquiry } from '~/lib/inbox/inbox.server';
import { requireRole } from '~/lib/session/guards.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Enquiry from ${senderName(data.enquiry)} — Inbox — Hearth` : 'Enquiry — Inbox — Hearth' },
];

/**
 * /l/admin/inbox/enquiry/:id (admins): an enquiry of any type (a question to a chef too), its files and
 * history, the answer form, close / reopen.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  if (!isUuid(params.id)) throw invalidId(request);
  try {
    return { user: { name, email }, enquiry: await getEnquiry(request, params.id) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw invalidId(request);
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, Role.ADMIN);
  if (!isUuid(params.id)) throw invalidId(request);
  return conversationAction(request, 'enquiry', params.id, `/l/admin/inbox/enquiry/${params.id}`);
}

export default function AdminEnquiryRoute() {
  const { user, enquiry } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  return (
    <AccountPage title={`Enquiry from ${senderName(enquiry)}`} user={user}>
      <p className="mb-6">
        <Link to="/l/admin/inbox" className={linkClass}>
          Support inbox
        </Link>
      </p>
      <p className="mb-4 text-cocoa-800">
        {kindLabel(enquiry.enquiryType)}
        {enquiry.kitchenName ? ` to ${enquiry.kitchenName}` : ''}
      </p>
      <div className="space-y-6">
        <SenderMessage
          name={senderName(enquiry)}
          email={enquiry.email}
          phone={enquiry.phone}
          createdAt={enquiry.createdAt}
          message={enquiry.message}
        >
          <EnquiryFacts enquiry={enquiry} />
        </SenderMessage>
        <ActionHistory actions={enquiry.actionHistory} />
        <AnswerForms status={enquiry.status} result={result ?? null} senderEmail={enquiry.email} />
      </div>
    </AccountPage>
  );
}
