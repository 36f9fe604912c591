import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SearchScreen } from '~/components/search-screen';
import { SearchSummary } from '~/components/search-results';
import { KitchenResultCard } from '~/components/search-result-cards';
import { DISHES_PER_CHEF_SEARCH, SEARCH_PAGE_SIZE } from '~/lib/search/search';
import { loadSearchPage } from '~/lib/search/search-page.server';
import { searchChefs } from '~/lib/search/search.server';

export const meta: MetaFunction = () => [{ title: 'Find chefs near you — Hearth' }];

/** /l/find-chefs: kitchens near a place, with the same GET filters as /l/find-items. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadSearchPage(request, searchChefs);
}

export default function FindChefsRoute() {
  const { form, outcome, favourites, path, timeZone } = useLoaderData<typeof loader>();
  const favouriteSet = new Set(favourites);
  return (
    <SearchScreen
      id="find-chefs"
      title="Find chefs near you"
      intro="Home kitchens, small stores and marts cooking near you."
      other={{ href: '/l/find-items', label: 'Browse dishes instead' }}
      filtersHeading="Search chefs"
      form={form}
      outcome={outcome}
      path={path}
      summary={
        <>
          <SearchSummary
            outcome={outcome}
            noun={['kitchen', 'kitchens']}
            page={form.page}
            size={SEARCH_PAGE_SIZE}
          />
          {outcome.partial ? (
            <p className="mt-1 text-sm text-cocoa-700">
              Kitchens of the {DISHES_PER_CHEF_SEARCH} nearest matching dishes; fewer filters or a smaller
              distance show the rest.
            </p>
          ) : null}
        </>
      }
      cards={outcome.results.map((result) => (
        <li key={result.kitchen.id}>
          <KitchenResultCard
            result={result}
            favourite={favouriteSet.has(result.kitchen.id)}
            timeZone={timeZone}
          />
        </li>
      ))}
      nothing={{
        title: 'No chef matches just now.',
        text: (distance) =>
          `No kitchen within ${distance} is taking orders with these filters. Try a larger distance or fewer filters.`,
      }}
    />
  );
}
