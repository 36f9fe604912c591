import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { TAGLINE } from '@hearth/shared';
import { BelowTheFold, SearchForm, loadBelowTheFold } from '~/components/home-sections';
import type { HomeGalleryItem, HomeKitchen } from '~/components/home-sections-below';
import { container } from '~/components/ui';
import { apiFetch, isApiError, timeZoneFor, totalCount } from '~/lib/api/client.server';
import { getUser } from '~/lib/session/auth.server';
import { loadGallery, loadNearby } from '~/lib/search/home.server';
import { KITCHENS_PAGE_SIZE } from '~/lib/search/home';
import type { GalleryItem } from '~/lib/search/home';
import { failureText } from '~/lib/ui/notifications';
import { favouriteIds, rememberedPlace } from '~/lib/search/search.server';
import type { ChefSummary } from '~/lib/catalog/catalog';

export const meta: MetaFunction = () => [
  { title: 'Hearth — home-cooked food from chefs near you' },
  { name: 'description', content: `${TAGLINE}. Order ahead from home chefs near you.` },
];

/**
 * One page of the approved kitchens, best rated first (`?page=` from 0); the page renders (with a notice)
 * when the API cannot list them.
 */
async function loadKitchens(request: Request, page: number) {
  try {
    const { data, headers } = await apiFetch<ChefSummary[]>(request, 'publisher/findByStatus', {
      query: { status: 'APPROVED', page, size: KITCHENS_PAGE_SIZE },
    });
    const chefs = (Array.isArray(data) ? data : []).map(homeKitchen);
    return { chefs, total: totalCount(headers) ?? chefs.length, page, error: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    console.warn(`Home page: could not list kitchens (${error.status || 'unreachable'})`);
    return { chefs: [] as HomeKitchen[], total: 0, page, error: failureText(error.problem) };
  }
}

/**
 * What the kitchen cards show, and nothing else: the page's data travels twice (as HTML and again in
 * the hydration payload), so fields no card shows are left out.
 */
function homeKitchen(chef: ChefSummary): HomeKitchen {
  const { id, kitchenName, brandDisplayName, speciality, profileDescription, logo, rating } = chef;
  const { city, state, country } = chef;
  return {
    id,
    kitchenName,
    brandDisplayName,
    speciality,
    profileDescription,
    logo,
    rating,
    city,
    state,
    country,
  };
}

function homeGalleryItem(g: GalleryItem): HomeGalleryItem {
  return {
    itemId: g.itemId,
    itemName: g.itemName,
    picture: g.picture,
    kitchen: g.kitchen.brandDisplayName || g.kitchen.kitchenName,
  };
}

function pageOf(url: URL): number {
  const page = Math.floor(Number(url.searchParams.get('page')));
  return Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 0;
}

/**
 * The home page: the kitchens on Hearth, the dishes ordered lately, and, when we know where the visitor
 * is (the zip code they searched last, else a signed-in customer's saved address), chefs and popular
 * dishes near them.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const signedIn = user !== null;
  const [kitchens, gallery, nearby, favourites] = await Promise.all([
    loadKitchens(request, pageOf(new URL(request.url))),
    loadGallery(request),
    loadNearby(request, rememberedPlace(request), signedIn),
    favouriteIds(request, signedIn),
    // Rendered in place below, never streamed in later (see BelowTheFold).
    loadBelowTheFold(),
  ]);
  return {
    ...kitchens,
    gallery: gallery.map(homeGalleryItem),
    nearby,
    favourites,
    timeZone: timeZoneFor(request),
  };
}

export default function Home() {
  const { chefs, total, page, error, gallery, nearby, favourites, timeZone } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="pb-12 pt-8 md:pb-16 md:pt-14" aria-labelledby="hero-heading">
        <div className={`${container} max-w-4xl text-center`}>
          <p className="inline-flex rounded-full bg-white/70 px-4 py-1.5 text-sm font-semibold text-ember-800 ring-1 ring-ember-200">
            {TAGLINE}
          </p>
          <h1
            id="hero-heading"
            className="mt-6 font-display text-4xl font-semibold leading-tight tracking-tight text-cocoa-900 sm:text-5xl md:text-6xl"
          >
            Real food from real kitchens, <span className="text-ember-700">right around the corner.</span>
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-cocoa-700">
            Order ahead from home chefs, small stores and marts near you — family recipes, weekly meal plans
            and festive specials, cooked fresh for your order.
          </p>
          <SearchForm />
        </div>
      </section>

      <BelowTheFold
        kitchens={{ chefs, total, page, error }}
        gallery={gallery}
        nearby={nearby}
        favourites={favourites}
        timeZone={timeZone}
      />
    </>
  );
}
