import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage, ComingSoon } from '~/components/account-page';
import { requireRole } from '~/lib/guards.server';

/** /l/admin: admins only (spec §6 admin guard). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  return { user: { name, email } };
}

export const meta: MetaFunction = () => [{ title: 'Admin — Hearth' }];

export default function AdminRoute() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Admin" user={user}>
      <ComingSoon>
        This is where admins will approve chefs, answer messages and enquiries, and look after the platform.
        Those tools are not built yet.
      </ComingSoon>
    </AccountPage>
  );
}
