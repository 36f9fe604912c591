import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { KitchenRouteView, kitchenShouldRevalidate } from '~/components/kitchen-route';
import { kitchenAction, kitchenRouteData } from '~/lib/catalog/kitchen.server';

/** `/kitchen/{id}`: an approved kitchen and its upcoming dishes (spec §2). Others are "Page not found". */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return kitchenRouteData(request, params.id ?? '');
}

/** A dish's add-to-cart form: in place with JavaScript, else back to this page (at the dish). */
export async function action({ request }: ActionFunctionArgs) {
  return kitchenAction(request);
}

export const shouldRevalidate = kitchenShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.kitchen.brandDisplayName || data.kitchen.kitchenName} — Hearth` },
        { name: 'description', content: data.kitchen.profileDescription ?? data.kitchen.speciality ?? '' },
      ]
    : [];

export default function KitchenRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <KitchenRouteView {...data} result={result} />;
}
