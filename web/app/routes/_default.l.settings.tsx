import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage, ComingSoon } from '~/components/account-page';
import { requireRole } from '~/lib/guards.server';

/** /l/settings: chefs only (spec §6 chef guard). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.CHEF);
  return { user: { name, email } };
}

export const meta: MetaFunction = () => [{ title: 'Settings — Hearth' }];

export default function SettingsRoute() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Settings" user={user}>
      <ComingSoon>
        Your kitchen settings will be managed here: how you get paid, where you deliver and for how much, how
        far ahead orders close, and your pickup locations.
      </ComingSoon>
    </AccountPage>
  );
}
