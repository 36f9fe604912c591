import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { TAGLINE } from '@hearth/shared';
import { ChefCard } from '~/components/chef-card';
import { FavouriteToggle } from '~/components/favourite-toggle';
import {
  GallerySection,
  KitchenPages,
  NearbySection,
  SearchForm,
  kitchensHref,
} from '~/components/home-sections';
import { buttonClass, container, linkClass } from '~/components/ui';
import { apiFetch, isApiError, timeZoneFor, totalCount } from '~/lib/api/client.server';
import { getUser } from '~/lib/session/auth.server';
import { loadGallery, loadNearby } from '~/lib/search/home.server';
import { KITCHENS_PAGE_SIZE } from '~/lib/search/home';
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
    const chefs = Array.isArray(data) ? data : [];
    return { chefs, total: totalCount(headers) ?? chefs.length, page, error: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    console.warn(`Home page: could not list kitchens (${error.status || 'unreachable'})`);
    return { chefs: [] as ChefSummary[], total: 0, page, error: failureText(error.problem) };
  }
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
  ]);
  return { ...kitchens, gallery, nearby, favourites, timeZone: timeZoneFor(request) };
}

const STEPS = [
  {
    title: 'Discover',
    text: 'Browse dishes and kitchens cooking near you, filtered by diet, food type and day.',
  },
  {
    title: 'Order ahead',
    text: 'Pick your dates and a time slot. Chefs cook to order, so nothing sits around.',
  },
  {
    title: 'Pick up or get it delivered',
    text: 'Collect from the chef or have it brought to your door, fresh.',
  },
];

export default function Home() {
  const { chefs, total, page, error, gallery, nearby, favourites, timeZone } = useLoaderData<typeof loader>();
  const favouriteSet = new Set(favourites);
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

      {nearby ? <NearbySection nearby={nearby} favourites={favouriteSet} timeZone={timeZone} /> : null}
      {gallery.length ? <GallerySection gallery={gallery} /> : null}

      <section className="pb-16 pt-8 md:pb-20" aria-labelledby="kitchens-heading">
        <div className={container}>
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2
                id="kitchens-heading"
                className="font-display text-3xl font-semibold tracking-tight text-cocoa-900 md:text-4xl"
              >
                Kitchens on Hearth
              </h2>
              <p className="mt-2 text-cocoa-700">
                {total > 0
                  ? `${total} ${total === 1 ? 'kitchen is' : 'kitchens are'} cooking on Hearth.`
                  : 'Independent cooks, reviewed by our team.'}
              </p>
            </div>
            <Link to="/l/find-chefs" className={linkClass}>
              Find chefs near you →
            </Link>
          </div>

          {error ? (
            <div
              role="status"
              className="mt-8 rounded-3xl border border-amber-600/30 bg-amber-50 p-6 text-amber-950"
            >
              <p className="font-semibold">We couldn’t load the kitchens just now.</p>
              <p className="mt-1 text-sm">{error}</p>
            </div>
          ) : chefs.length === 0 && total > 0 ? (
            <p className="mt-8 text-cocoa-700">
              This page is past the last kitchen.{' '}
              <Link to={kitchensHref(0)} className={linkClass}>
                Back to the first kitchens
              </Link>
            </p>
          ) : chefs.length === 0 ? (
            <div className="mt-8 rounded-3xl border border-dashed border-cocoa-700/20 bg-white/60 p-8 text-center">
              <p className="font-semibold text-cocoa-900">No kitchens are open yet.</p>
              <p className="mt-1 text-cocoa-700">
                Cook something people love? Your kitchen could be the first.
              </p>
            </div>
          ) : (
            <>
              {/* grid-cols-1 is minmax(0, 1fr): an implicit column would grow to the longest unbroken name. */}
              <ul className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
                {chefs.map((chef) => (
                  <li key={chef.id}>
                    <ChefCard
                      chef={chef}
                      actions={
                        <FavouriteToggle
                          kitchenId={String(chef.id)}
                          kitchenName={chef.brandDisplayName || chef.kitchenName}
                          isFavourite={favouriteSet.has(String(chef.id))}
                          compact
                        />
                      }
                    />
                  </li>
                ))}
              </ul>
              <KitchenPages page={page} total={total} />
            </>
          )}
        </div>
      </section>

      <section className="bg-white py-16 md:py-20" aria-labelledby="how-heading">
        <div className={container}>
          <h2 id="how-heading" className="font-display text-3xl font-semibold tracking-tight text-cocoa-900">
            How Hearth works
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, i) => (
              <li key={step.title} className="rounded-3xl bg-cream-100 p-6">
                <span
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-ember-700 font-display text-lg font-semibold text-white"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-cocoa-900">{step.title}</h3>
                <p className="mt-2 leading-relaxed text-cocoa-700">{step.text}</p>
              </li>
            ))}
          </ol>
          <p className="mt-8">
            <Link to="/resources/howItWorks" className={linkClass}>
              Learn more about ordering and cooking on Hearth
            </Link>
          </p>
        </div>
      </section>

      <section className="py-16 md:py-20" aria-labelledby="chef-cta-heading">
        <div className={`${container}`}>
          <div className="grid gap-8 overflow-hidden rounded-[2rem] bg-cocoa-900 p-8 text-cream-100 md:grid-cols-[1.4fr_1fr] md:items-center md:p-14">
            <div>
              <h2
                id="chef-cta-heading"
                className="font-display text-3xl font-semibold tracking-tight text-white md:text-4xl"
              >
                Your kitchen, your brand.
              </h2>
              <p className="mt-4 max-w-xl leading-relaxed text-cream-200">
                Publish menus for the days you want to cook, set your own prices, offer pickup or delivery and
                get paid online. No storefront, no lease — just your cooking.
              </p>
            </div>
            <div className="flex flex-wrap gap-3 md:justify-end">
              <Link to="/l/chef-registration" className={buttonClass.primary}>
                Become a chef
              </Link>
              <Link to="/resources/trainings" className={`${buttonClass.secondary} border-transparent`}>
                Free chef trainings
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
