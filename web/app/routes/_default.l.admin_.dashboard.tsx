import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { DashboardView } from '~/components/dashboard/dashboard-view';
import { FormAlert } from '~/components/form-feedback';
import { linkClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import { weeksParam } from '~/lib/dashboard/dashboard';
import { platformDashboard } from '~/lib/dashboard/dashboard.server';
import { requireRole } from '~/lib/session/guards.server';
import { failureText } from '~/lib/ui/notifications';

export const meta: MetaFunction = () => [{ title: 'Dashboard — Admin — Hearth' }];

/** /l/admin/dashboard?weeks= (admins): the same plots over every kitchen, money per currency, weeks in UTC. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const weeks = weeksParam(new URL(request.url));
  try {
    return { user: { name, email }, weeks, data: await platformDashboard(request, weeks), error: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { user: { name, email }, weeks, data: null, error: failureText(error.problem) };
  }
}

export default function AdminDashboardRoute() {
  const { user, weeks, data, error } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Platform dashboard" user={user}>
      <p className="mb-6 text-sm">
        <Link to="/l/admin" className={linkClass}>
          Back to Admin
        </Link>
      </p>
      <FormAlert messages={error ? [error] : null} />
      {data ? <DashboardView data={data} weeks={weeks} /> : null}
    </AccountPage>
  );
}
