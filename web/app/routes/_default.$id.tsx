import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { isForbiddenPageId } from '@hearth/shared';
import { KitchenRouteView, kitchenShouldRevalidate } from '~/components/kitchen-route';
import { invalidId } from '~/lib/http/http.server';
import { kitchenAction, kitchenRouteData } from '~/lib/catalog/kitchen.server';

/**
 * `/{id}`: a kitchen's storefront by kitchen name (spec §2), the same page as `/kitchen/{id}`. Ids with a
 * forbidden fragment (`.html`, `.txt`, …) are file requests that must never reach the API: fatal "Page
 * Not Found: {path}". Unknown, pending and blocked kitchens are "Page not found: {path}".
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  if (isForbiddenPageId(id)) throw invalidId(request);
  return kitchenRouteData(request, id);
}

/** A dish's add-to-cart form: in place with JavaScript, else back to this page (at the dish). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (isForbiddenPageId(params.id ?? '')) throw invalidId(request);
  return kitchenAction(request);
}

export const shouldRevalidate = kitchenShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.kitchen.brandDisplayName || data.kitchen.kitchenName} — Hearth` },
        { name: 'description', content: data.kitchen.profileDescription ?? data.kitchen.speciality ?? '' },
        { tagName: 'link', rel: 'canonical', href: `/kitchen/${data.kitchen.id}` },
      ]
    : [];

export default function Storefront() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <KitchenRouteView {...data} result={result} />;
}
