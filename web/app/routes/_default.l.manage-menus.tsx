import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage, ComingSoon } from '~/components/account-page';
import { requireRole } from '~/lib/guards.server';

/** /l/manage-menus: chefs only (spec §6 chef guard). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.CHEF);
  return { user: { name, email } };
}

export const meta: MetaFunction = () => [{ title: 'Manage menus — Hearth' }];

export default function ManageMenusRoute() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Manage menus" user={user}>
      <ComingSoon>
        Your menus and their items will be listed here, to create, publish, pause and clone them.
      </ComingSoon>
    </AccountPage>
  );
}
