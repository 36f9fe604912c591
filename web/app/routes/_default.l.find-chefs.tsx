import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Notice } from '~/components/form-feedback';
import { SearchFilters } from '~/components/search-filters';
import { KitchenResultCard, Paging, SearchSummary } from '~/components/search-results';
import { container, linkClass } from '~/components/ui';
import { timeZoneFor } from '~/lib/api/client.server';
import { returnPath } from '~/lib/session/auth';
import { getUser } from '~/lib/session/auth.server';
import {
  SEARCH_PAGE_SIZE,
  distanceLabel,
  hasDishFilters,
  itemSearchRequest,
  kitchenCard,
  kitchenSearchRequest,
  kitchensFromItems,
  readSearchForm,
} from '~/lib/search/search';
import type { ItemResult, KitchenResult, KitchenSearchResult, SearchForm, SearchOutcome } from '~/lib/search/search';
import { favouriteIds, runLocatedSearch, whereCookie } from '~/lib/search/search.server';

export const meta: MetaFunction = () => [{ title: 'Find chefs near you — Hearth' }];

/** Dishes looked through when a chef search has dish filters (the API's largest page). */
const DISHES_PER_CHEF_SEARCH = 100;

/**
 * Chefs for the form, one card per kitchen, counted as kitchens. Without dish filters the API's kitchen
 * search pages through kitchens with matching menus; with them (pickup/delivery, time slot, food type,
 * diet, price order: only dishes have those) the nearest dishes found are grouped by kitchen, and the
 * kitchens paged here (`partial` when more dishes matched than were looked through).
 */
async function searchChefs(
  request: Request,
  form: SearchForm,
  signedIn: boolean,
): Promise<SearchOutcome<KitchenResult> & { partial: boolean }> {
  if (!hasDishFilters(form)) {
    const outcome = await runLocatedSearch<KitchenSearchResult>(request, form, kitchenSearchRequest(form), signedIn);
    return { ...outcome, results: outcome.results.map(kitchenCard), partial: false };
  }
  const outcome = await runLocatedSearch<ItemResult>(
    request,
    { ...form, page: 0 },
    itemSearchRequest({ ...form, page: 0 }, DISHES_PER_CHEF_SEARCH),
    signedIn,
  );
  const kitchens = kitchensFromItems(outcome.results);
  const start = form.page * SEARCH_PAGE_SIZE;
  return {
    ...outcome,
    results: kitchens.slice(start, start + SEARCH_PAGE_SIZE),
    total: kitchens.length,
    partial: outcome.total > outcome.results.length,
  };
}

/** /l/find-chefs: kitchens near a place, with the same GET filters as /l/find-items. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const form = readSearchForm(url);
  const user = await getUser(request);
  const [outcome, favourites] = await Promise.all([
    searchChefs(request, form, user !== null),
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

export default function FindChefsRoute() {
  const { form, outcome, favourites, path, timeZone } = useLoaderData<typeof loader>();
  const favouriteSet = new Set(favourites);
  return (
    <section className={`${container} py-10 md:py-14`} aria-labelledby="find-chefs-heading">
      <h1
        id="find-chefs-heading"
        className="font-display text-4xl font-semibold tracking-tight text-cocoa-900"
      >
        Find chefs near you
      </h1>
      <p className="mt-2 text-cocoa-700">
        Home kitchens, small stores and marts cooking near you.{' '}
        <a href="/l/find-items" className={linkClass}>
          Browse dishes instead
        </a>
      </p>
      <div className="mt-6">
        <SearchFilters
          action="/l/find-chefs"
          form={form}
          fieldErrors={outcome.fieldErrors}
          heading="Search chefs"
        />
      </div>
      <div className="mt-8" aria-live="polite">
        <SearchSummary outcome={outcome} noun={['kitchen', 'kitchens']} page={form.page} size={SEARCH_PAGE_SIZE} />
        {outcome.partial ? (
          <p className="mt-1 text-sm text-cocoa-700">
            Kitchens of the {DISHES_PER_CHEF_SEARCH} nearest matching dishes; fewer filters or a smaller distance show
            the rest.
          </p>
        ) : null}
        {outcome.results.length > 0 ? (
          <>
            <ul className="mt-5 grid gap-5 sm:grid-cols-2 md:grid-cols-3">
              {outcome.results.map((result) => (
                <li key={result.kitchen.id}>
                  <KitchenResultCard
                    result={result}
                    favourite={favouriteSet.has(result.kitchen.id)}
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
              <p className="font-semibold text-cocoa-900">No chef matches just now.</p>
              <p className="mt-1">
                No kitchen within {distanceLabel(outcome.where.distance, outcome.where.unit)} is taking orders
                with these filters. Try a larger distance or fewer filters.
              </p>
            </Notice>
          </div>
        ) : null}
      </div>
    </section>
  );
}
