import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { DashboardView } from '~/components/dashboard/dashboard-view';
import { FormAlert } from '~/components/form-feedback';
import { isApiError } from '~/lib/api/client.server';
import { weeksParam } from '~/lib/dashboard/dashboard';
import { kitchenDashboard } from '~/lib/dashboard/dashboard.server';
import { requireRole } from '~/lib/session/guards.server';
import { failureText } from '~/lib/ui/notifications';

export const meta: MetaFunction = () => [{ title: 'Dashboard — Hearth' }];

/** /l/dashboard?weeks= (chefs): the kitchen's sales, orders, rating, top items, handovers and cancellations. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.CHEF);
  const weeks = weeksParam(new URL(request.url));
  try {
    return { user: { name, email }, weeks, data: await kitchenDashboard(request, weeks), error: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { user: { name, email }, weeks, data: null, error: failureText(error.problem) };
  }
}

export default function DashboardRoute() {
  const { user, weeks, data, error } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Dashboard" user={user}>
      <ChefNav />
      <FormAlert messages={error ? [error] : null} />
      {data ? <DashboardView data={data} weeks={weeks} /> : null}
    </AccountPage>
  );
}
