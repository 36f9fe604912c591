import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { EnquiryForm } from '~/components/inbox/enquiry-form';
import { container, linkClass } from '~/components/ui';
import { loadKitchenPage } from '~/lib/catalog/kitchen.server';
import { readActionForm } from '~/lib/http/multipart.server';
import { sendEnquiry } from '~/lib/inbox/inbox.server';
import { successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

/**
 * /kitchen/{id}/ask: a question to one chef (ENQUIRY_TO_CHEF). The kitchen page carries the same form and
 * posts here; a refused question comes back on this page with what was typed; a sent one goes back to the
 * kitchen page with a notice.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const kitchen = await loadKitchenPage(request, params.id ?? '');
  return { kitchen: { id: kitchen.id, name: kitchen.brandDisplayName || kitchen.kitchenName } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const kitchen = await loadKitchenPage(request, params.id ?? '');
  const name = kitchen.brandDisplayName || kitchen.kitchenName;
  const failed = await sendEnquiry(request, await readActionForm(request), {
    enquiryType: 'ENQUIRY_TO_CHEF',
    publisherId: kitchen.id,
  });
  if (failed) return failed;
  return redirectWithToast(
    `/kitchen/${kitchen.id}`,
    successNotification(`Your question was sent to ${name}. You will get the answer by e-mail.`),
    { status: 303 },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Ask ${data.kitchen.name} a question — Hearth` : 'Ask a question — Hearth' },
];

export default function AskChefRoute() {
  const { kitchen } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className={`${container} space-y-6 py-12`}>
      <p>
        <Link to={`/kitchen/${kitchen.id}`} className={linkClass}>
          Back to {kitchen.name}
        </Link>
      </p>
      <EnquiryForm
        action={`/kitchen/${kitchen.id}/ask`}
        formId="ask-chef"
        heading={`Ask ${kitchen.name} a question`}
        result={result ?? null}
        submitLabel="Send question"
      />
    </div>
  );
}
