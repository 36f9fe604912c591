import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { kitchenItemCartAction } from '~/components/kitchen-item-cart-link';
import { KitchenPageView } from '~/components/kitchen-page';
import { loadKitchenPage } from '~/lib/kitchen.server';

/** `/kitchen/{id}`: an approved kitchen and its upcoming menus (spec §2). Others are "Page not found". */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return { kitchen: await loadKitchenPage(request, params.id ?? '') };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.kitchen.brandDisplayName || data.kitchen.kitchenName} — Hearth` },
        { name: 'description', content: data.kitchen.profileDescription ?? data.kitchen.speciality ?? '' },
      ]
    : [];

export default function KitchenRoute() {
  const { kitchen } = useLoaderData<typeof loader>();
  return <KitchenPageView kitchen={kitchen} itemActions={kitchenItemCartAction} />;
}
