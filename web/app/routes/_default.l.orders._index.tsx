import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AccountPage, ComingSoon } from '~/components/account-page';
import { requireUser } from '~/lib/guards.server';

/** /l/orders: any signed-in user. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireUser(request);
  return { user: { name, email } };
}

export const meta: MetaFunction = () => [{ title: 'Orders — Hearth' }];

export default function OrdersRoute() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Orders" user={user}>
      <ComingSoon>Your orders will appear here once you place one.</ComingSoon>
    </AccountPage>
  );
}
