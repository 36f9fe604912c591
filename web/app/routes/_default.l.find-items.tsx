import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SearchScreen } from '~/components/search-screen';
import { SearchSummary } from '~/components/search-results';
import { ItemResultCard } from '~/components/search-result-cards';
import { loadSearchPage } from '~/lib/search/search-page.server';
import { searchItems } from '~/lib/search/search.server';

export const meta: MetaFunction = () => [{ title: 'Find food near you — Hearth' }];

/**
 * /l/find-items: dishes near a zip code, the browser's position or the signed-in customer's saved
 * address, filtered by the GET form (so every search is a link). Bad filters answer 400 with the API's
 * words beside the fields.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadSearchPage(request, searchItems);
}

export default function FindItemsRoute() {
  const { form, outcome, favourites, path, timeZone } = useLoaderData<typeof loader>();
  const favouriteSet = new Set(favourites);
  return (
    <SearchScreen
      id="find-items"
      title="Find food near you"
      intro="Dishes home chefs are cooking for the days ahead."
      other={{ href: '/l/find-chefs', label: 'Browse chefs instead' }}
      filtersHeading="Search dishes"
      form={form}
      outcome={outcome}
      path={path}
      summary={<SearchSummary outcome={outcome} noun={['dish', 'dishes']} />}
      cards={outcome.results.map((item, index) => (
        <li key={item.id}>
          <ItemResultCard
            item={item}
            favourite={favouriteSet.has(item.kitchen.id)}
            timeZone={timeZone}
            // The first row's pictures are in view at once (the largest paint on a phone): not lazy.
            eager={index < 3}
          />
        </li>
      ))}
      nothing={{
        title: 'Nothing matches just now.',
        text: (distance) =>
          `No dish within ${distance} can be ordered with these filters. Try a larger distance, fewer filters, or tick “Coming soon” to see dates further ahead.`,
      }}
    />
  );
}
