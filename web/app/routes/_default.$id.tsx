import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { isForbiddenPageId } from '@hearth/shared';
import { kitchenItemCartAction } from '~/components/kitchen-item-cart-link';
import { KitchenPageView } from '~/components/kitchen-page';
import { invalidId } from '~/lib/http.server';
import { loadKitchenPage } from '~/lib/kitchen.server';

/**
 * `/{id}`: a kitchen's storefront by kitchen name (spec §2), the same page as `/kitchen/{id}`. Ids with a
 * forbidden fragment (`.html`, `.txt`, …) are file requests that must never reach the API: fatal "Page
 * Not Found: {path}". Unknown, pending and blocked kitchens are "Page not found: {path}".
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  if (isForbiddenPageId(id)) throw invalidId(request);
  return { kitchen: await loadKitchenPage(request, id) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.kitchen.brandDisplayName || data.kitchen.kitchenName} — Hearth` },
        { name: 'description', content: data.kitchen.profileDescription ?? data.kitchen.speciality ?? '' },
        { tagName: 'link', rel: 'canonical', href: `/kitchen/${data.kitchen.id}` },
      ]
    : [];

export default function Storefront() {
  const { kitchen } = useLoaderData<typeof loader>();
  return <KitchenPageView kitchen={kitchen} itemActions={kitchenItemCartAction} />;
}
