import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { ActionHistory, AnswerForms, EnquiryFacts, SenderMessage } from '~/components/inbox/conversation';
import { linkClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import type { FormResult } from '~/lib/forms/form-values';
import { invalidId } from '~/lib/http/http.server';
import { isUuid, senderName } from '~/lib/inbox/inbox';
import { conversationAction, getEnquiry, openEnquiryCount } from '~/lib/inbox/inbox.server';
import { requireRole } from '~/lib/session/guards.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Question from ${senderName(data.enquiry)} — Hearth` : 'Question — Hearth' },
];

/**
 * /l/orders/kitchen/enquiries/:id (chefs): one question to the chef's kitchen, its history, the answer form
 * (e-mailed to the sender) and close / reopen. Another chef's question is "Page not found".
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, Role.CHEF);
  if (!isUuid(params.id)) throw invalidId(request);
  try {
    const [enquiry, open] = await Promise.all([getEnquiry(request, params.id), openEnquiryCount(request)]);
    return { user: { name: user.name, email: user.email }, enquiry, open };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw invalidId(request);
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, Role.CHEF);
  if (!isUuid(params.id)) throw invalidId(request);
  return conversationAction(request, 'enquiry', params.id, `/l/orders/kitchen/enquiries/${params.id}`);
}

export default function ChefEnquiryRoute() {
  const { user, enquiry, open } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  return (
    <AccountPage title={`Question from ${senderName(enquiry)}`} user={user}>
      <ChefNav openEnquiries={open} />
      <p className="mb-6">
        <Link to="/l/orders/kitchen/enquiries" className={linkClass}>
          All questions
        </Link>
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
