import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { isForbiddenPageId } from '@hearth/shared';
import { chefName, initials } from '~/components/chef-card';
import { buttonClass, container } from '~/components/ui';
import { apiFetch, isApiError } from '~/lib/api.server';
import { invalidId, unmatchedRoute } from '~/lib/http.server';
import type { ChefSummary } from '~/lib/types';

/**
 * `/{id}`: a kitchen's storefront by kitchen name (spec §2). Ids with a forbidden fragment (`.html`,
 * `.txt`, …) are file requests that must never reach the API: fatal "Page Not Found: {path}".
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  if (isForbiddenPageId(id)) throw invalidId(request);
  try {
    const { data: chef } = await apiFetch<ChefSummary>(request, 'publisher/find-by-kitchen-name', {
      query: { kitchenName: id },
    });
    if (!chef || typeof chef !== 'object') throw unmatchedRoute(request);
    return { chef };
  } catch (error) {
    if (!isApiError(error)) throw error;
    // Not found, or the API is down: this path has no page to show. Other failures are real errors.
    if (error.unreachable || (error.status >= 400 && error.status < 500)) {
      if (error.unreachable) console.warn(`API unreachable while resolving ${error.path}: ${String(error.cause)}`);
      throw unmatchedRoute(request);
    }
    throw error;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${chefName(data.chef)} — Hearth` }, { name: 'description', content: data.chef.profileDescription ?? '' }] : [];

export default function Storefront() {
  const { chef } = useLoaderData<typeof loader>();
  const name = chefName(chef);
  return (
    <section className={`${container} py-14`} aria-labelledby="storefront-heading">
      <div className="flex flex-col gap-6 rounded-3xl bg-white p-8 shadow-card sm:flex-row sm:items-center">
        {chef.logo ? (
          <img src={chef.logo} alt="" width={96} height={96} className="h-24 w-24 rounded-3xl object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-24 w-24 items-center justify-center rounded-3xl bg-ember-100 font-display text-3xl font-semibold text-ember-800"
          >
            {initials(name)}
          </span>
        )}
        <div className="flex-1">
          <h1 id="storefront-heading" className="font-display text-3xl font-semibold text-cocoa-900">
            {name}
          </h1>
          {chef.speciality ? <p className="mt-1 text-cocoa-700">{chef.speciality}</p> : null}
          {chef.profileDescription ? <p className="mt-4 max-w-2xl text-cocoa-700">{chef.profileDescription}</p> : null}
        </div>
        <Link to={`/kitchen/${encodeURIComponent(String(chef.id))}`} className={buttonClass.primary}>
          See the menu
        </Link>
      </div>
    </section>
  );
}
