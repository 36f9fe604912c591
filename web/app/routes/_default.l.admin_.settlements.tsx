import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { dayLabel, Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { buttonClass, linkClass } from '~/components/ui';
import { listSettlements, retrySettlement } from '~/lib/admin/admin.server';
import type { AdminSettlement } from '~/lib/admin/admin.server';
import { isApiError } from '~/lib/api/client.server';
import { apiFailure, unknownIntent } from '~/lib/forms/form-failure.server';
import { readValues, textOf } from '~/lib/forms/form-values';
import { formatAmount } from '~/lib/format/money';
import { requireRole } from '~/lib/session/guards.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

const PAGE = '/l/admin/settlements';

export const meta: MetaFunction = () => [{ title: 'Refunds and payouts — Admin — Hearth' }];

/** `?status=DRAFTED` shows the waiting ones; anything else the FAILED ones. */
function statusOf(url: URL): 'FAILED' | 'DRAFTED' {
  return url.searchParams.get('status')?.toUpperCase() === 'DRAFTED' ? 'DRAFTED' : 'FAILED';
}

/**
 * /l/admin/settlements (admins): refunds and payouts that went wrong (FAILED after their retries) or wait
 * (DRAFTED: a kitchen without a payout account), each with the gateway's reason and a retry button (a plain
 * form post; the worker makes the attempt).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const status = statusOf(new URL(request.url));
  try {
    return { user: { name, email }, status, rows: await listSettlements(request, status), loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      user: { name, email },
      status,
      rows: [] as AdminSettlement[],
      loadError: failureText(error.problem),
    };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, Role.ADMIN);
  const values = readValues(await request.formData());
  if (textOf(values, 'intent') !== 'retry') return unknownIntent();
  const selectionId = textOf(values, 'selectionId');
  const back = statusOf(new URL(request.url)) === 'DRAFTED' ? `${PAGE}?status=DRAFTED` : PAGE;
  try {
    const row = await retrySettlement(request, selectionId);
    return redirectWithToast(
      back,
      successNotification(
        `${row.kind === 'refund' ? 'Refund' : 'Payout'} of ${dayLabel(row.date)} (order ${row.orderNumber}) is being tried again.`,
      ),
    );
  } catch (error) {
    return apiFailure(error, { intent: 'retry', target: selectionId, values });
  }
}

export default function AdminSettlements() {
  const { user, status, rows, loadError } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Refunds and payouts" user={user}>
      <p className="mt-2 text-sm text-cocoa-700">
        {status === 'FAILED'
          ? 'Refunds to customers and payouts to kitchens that the payment provider refused, after their automatic retries.'
          : 'Payouts waiting for the kitchen to set up payouts, and refunds or payouts not tried yet.'}{' '}
        <Link to={status === 'FAILED' ? `${PAGE}?status=DRAFTED` : PAGE} className={linkClass}>
          {status === 'FAILED' ? 'Show the waiting ones' : 'Show the failed ones'}
        </Link>
      </p>
      {loadError ? (
        <p role="alert" className="mt-4 text-ember-800">
          {loadError}
        </p>
      ) : rows.length === 0 ? (
        <p className="mt-6 text-cocoa-700">Nothing here.</p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">
            {status === 'FAILED' ? 'Failed' : 'Waiting'} refunds and payouts
          </caption>
          <thead>
            <tr className="text-cocoa-700">
              <th scope="col">What</th>
              <th scope="col">Order and date</th>
              <th scope="col">Kitchen</th>
              <th scope="col">Amount</th>
              <th scope="col">Why</th>
              <th scope="col">
                <span className="sr-only">Retry</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={r.selectionId}
                className="border-t border-cocoa-700/10 align-top"
                data-testid="settlement-row"
              >
                <td className="py-2 pr-3">
                  {r.kind === 'refund' ? 'Refund' : 'Payout'} · {r.gateway}
                </td>
                <td className="py-2 pr-3">
                  {r.orderNumber} · {dayLabel(r.date)}
                </td>
                <td className="py-2 pr-3">{r.kitchenName}</td>
                <td className="py-2 pr-3">{formatAmount(r.amount, r.currencyCode)}</td>
                <td className="py-2 pr-3">
                  {r.error ?? '—'}
                  {r.attempts > 0 ? ` (${r.attempts} refused)` : ''}
                </td>
                <td className="py-2">
                  <Form method="post" action={status === 'DRAFTED' ? `${PAGE}?status=DRAFTED` : PAGE}>
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="selectionId" value={r.selectionId} />
                    <button type="submit" className={buttonClass.secondary}>
                      Retry
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AccountPage>
  );
}
