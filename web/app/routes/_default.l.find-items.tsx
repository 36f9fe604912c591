import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Notice } from '~/components/form-feedback';
import { SearchFilters } from '~/components/search-filters';
import { ItemResultCard, Paging, SearchSummary } from '~/components/search-results';
import { container, linkClass } from '~/components/ui';
import { timeZoneFor } from '~/lib/api/client.server';
import { returnPath } from '~/lib/session/auth';
import { getUser } from '~/lib/session/auth.server';
import { SEARCH_PAGE_SIZE, distanceLabel, itemSearchRequest, readSearchForm } from '~/lib/search/search';
import type { ItemResult } from '~/lib/search/search';
import { favouriteIds, runLocatedSearch, whereCookie } from '~/lib/search/search.server';

export const meta: MetaFunction = () => [{ title: 'Find food near you — Hearth' }];

/**
 * /l/find-items: dishes near a zip code, the browser's position or the signed-in customer's saved
 * address, filtered by the GET form (so every search is a link). Bad filters answer 400 with the API's
 * words beside the fields.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const form = readSearchForm(url);
  const user = await getUser(request);
  const [outcome, favourites] = await Promise.all([
    runLocatedSearch<ItemResult>(request, form, itemSearchRequest(form), user !== null),
    favouriteIds(request, user !== null),
  ]);
  const headers = new Headers();
  if (form.zip && outcome.status === 200 && !outcome.message)
    headers.append('Set-Cookie', whereCookie(form.zip, form.country));
  return data(
    { form, outcome, favourites, path: returnPath(url), timeZone: timeZoneFor(request) },
    { status: outcome.status === 400 ? 400 : 200, headers },
  );
}

export default function FindItemsRoute() {
  const { form, outcome, favourites, path, timeZone } = useLoaderData<typeof loader>();
  const favouriteSet = new Set(favourites);
  return (
    <section className={`${container} py-10 md:py-14`} aria-labelledby="find-items-heading">
      <h1
        id="find-items-heading"
        className="font-display text-4xl font-semibold tracking-tight text-cocoa-900"
      >
        Find food near you
      </h1>
      <p className="mt-2 text-cocoa-700">
        Dishes home chefs are cooking for the days ahead.{' '}
        <a href="/l/find-chefs" className={linkClass}>
          Browse chefs instead
        </a>
      </p>
      <div className="mt-6">
        <SearchFilters
          action="/l/find-items"
          form={form}
          fieldErrors={outcome.fieldErrors}
          heading="Search dishes"
        />
      </div>
      <div className="mt-8" aria-live="polite">
        <SearchSummary outcome={outcome} noun={['dish', 'dishes']} />
        {outcome.results.length > 0 ? (
          <>
            <ul className="mt-5 grid gap-5 sm:grid-cols-2 md:grid-cols-3">
              {outcome.results.map((item) => (
                <li key={item.id}>
                  <ItemResultCard
                    item={item}
                    favourite={favouriteSet.has(item.kitchen.id)}
                    timeZone={timeZone}
                  />
                </li>
              ))}
            </ul>
            <Paging path={path} page={form.page} total={outcome.total} size={SEARCH_PAGE_SIZE} />
          </>
        ) : !outcome.needsPlace && !outcome.message && outcome.status === 200 ? (
          <div className="mt-5">
            <Notice>
              <p className="font-semibold text-cocoa-900">Nothing matches just now.</p>
              <p className="mt-1">
                No dish within {distanceLabel(outcome.where.distance, outcome.where.unit)} can be ordered with
                these filters. Try a larger distance, fewer filters, or tick “Coming soon” to see dates
                further ahead.
              </p>
            </Notice>
          </div>
        ) : null}
      </div>
    </section>
  );
}
