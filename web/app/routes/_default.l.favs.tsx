import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AccountPage, ComingSoon } from '~/components/account-page';
import { requireUser } from '~/lib/guards.server';

/** /l/favs: any signed-in user. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireUser(request);
  return { user: { name, email } };
}

export const meta: MetaFunction = () => [{ title: 'Favourites — Hearth' }];

export default function FavouritesRoute() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Favourites" user={user}>
      <ComingSoon>The chefs you mark as favourites will appear here.</ComingSoon>
    </AccountPage>
  );
}
