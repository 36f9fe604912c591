import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { Nearby } from '~/lib/search/home';
import { KITCHENS_PAGE_SIZE } from '~/lib/search/home';
import { ChefCard } from './chef-card';
import type { ChefCardData } from './chef-card';
import { FavouriteToggle } from './favourite-toggle';
import { itemHref } from './search-results';
import { ItemResultCard, KitchenResultCard } from './search-result-cards';
import { buttonClass, container, focusRing, linkClass } from './ui';

// The home page's sections below the fold, in a chunk of their own: the page's first JavaScript holds
// only the header, the hero and its search form; these hydrate when this chunk arrives (the server has
// rendered them into the HTML already, so they show and their links work before that, or without
// JavaScript at all). See BelowTheFold in home-sections.tsx.

/** A kitchen of the list: only what its card shows. */
export type HomeKitchen = ChefCardData;

/** A recently ordered dish: only what the gallery shows. */
export interface HomeGalleryItem {
  itemId: string;
  itemName: string;
  picture: string;
  /** The kitchen's display name. */
  kitchen: string;
}

export interface BelowTheFoldProps {
  kitchens: { chefs: HomeKitchen[]; total: number; page: number; error: string | null };
  gallery: HomeGalleryItem[];
  nearby: Nearby | null;
  favourites: string[];
  timeZone: string;
}

export function BelowTheFold({ kitchens, gallery, nearby, favourites, timeZone }: BelowTheFoldProps) {
  const favouriteSet = new Set(favourites);
  return (
    <>
      {nearby ? <NearbySection nearby={nearby} favourites={favouriteSet} timeZone={timeZone} /> : null}
      {gallery.length ? <GallerySection gallery={gallery} /> : null}
      <KitchensSection {...kitchens} favourites={favouriteSet} />
      <AboutHearth />
    </>
  );
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

/** How ordering works, and a word to chefs. */
function AboutHearth() {
  return (
    <>
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

/** Chefs and popular dishes near the visitor. */
function NearbySection({
  nearby,
  favourites,
  timeZone,
}: {
  nearby: Nearby;
  favourites: ReadonlySet<string>;
  timeZone: string;
}) {
  const where = nearby.zip ? `near ${nearby.zip}` : 'near you';
  return (
    <section className="pb-8 pt-4" aria-labelledby="nearby-heading">
      <div className={container}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2
            id="nearby-heading"
            className="font-display text-3xl font-semibold tracking-tight text-cocoa-900 md:text-4xl"
          >
            Cooking {where}
          </h2>
          <Link to={nearby.searchHref} className={linkClass}>
            See everything {where} →
          </Link>
        </div>
        {nearby.chefs.length ? (
          <>
            <h3 className="mt-6 text-lg font-semibold text-cocoa-900">Chefs near you</h3>
            <ul className="mt-3 grid gap-5 sm:grid-cols-2 md:grid-cols-4">
              {nearby.chefs.map((r) => (
                <li key={r.kitchen.id}>
                  <KitchenResultCard
                    result={r}
                    favourite={favourites.has(r.kitchen.id)}
                    timeZone={timeZone}
                  />
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {nearby.popular.length ? (
          <>
            <h3 className="mt-8 text-lg font-semibold text-cocoa-900">Popular dishes</h3>
            <ul className="mt-3 grid gap-5 sm:grid-cols-2 md:grid-cols-4">
              {nearby.popular.map((item) => (
                <li key={item.id}>
                  <ItemResultCard
                    item={item}
                    favourite={favourites.has(item.kitchen.id)}
                    timeZone={timeZone}
                  />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </section>
  );
}

/** Pictures of what people ordered lately (no customer data). */
function GallerySection({ gallery }: { gallery: HomeGalleryItem[] }) {
  return (
    <section className="py-10" aria-labelledby="gallery-heading">
      <div className={container}>
        <h2
          id="gallery-heading"
          className="font-display text-3xl font-semibold tracking-tight text-cocoa-900 md:text-4xl"
        >
          Just ordered on Hearth
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-6">
          {gallery.map((g) => (
            <li key={`${g.itemId}-${g.picture}`}>
              <Link to={itemHref(g.itemId)} className={`group block ${focusRing} rounded-2xl`}>
                <img
                  src={g.picture}
                  alt=""
                  loading="lazy"
                  className="aspect-square w-full rounded-2xl bg-cream-200 object-cover transition group-hover:opacity-90"
                />
                <span className="mt-2 block text-sm font-semibold text-cocoa-900 group-hover:text-ember-800">
                  {g.itemName}
                </span>
                <span className="block text-xs text-cocoa-600">{g.kitchen}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The approved kitchens, one page of them, with links to the other pages. */
function KitchensSection({
  chefs,
  total,
  page,
  error,
  favourites,
}: BelowTheFoldProps['kitchens'] & { favourites: ReadonlySet<string> }) {
  let list: ReactNode;
  if (error) {
    list = (
      <div
        role="status"
        className="mt-8 rounded-3xl border border-amber-600/30 bg-amber-50 p-6 text-amber-950"
      >
        <p className="font-semibold">We couldn’t load the kitchens just now.</p>
        <p className="mt-1 text-sm">{error}</p>
      </div>
    );
  } else if (chefs.length === 0 && total > 0) {
    list = (
      <p className="mt-8 text-cocoa-700">
        This page is past the last kitchen.{' '}
        <Link to={kitchensHref(0)} className={linkClass}>
          Back to the first kitchens
        </Link>
      </p>
    );
  } else if (chefs.length === 0) {
    list = (
      <div className="mt-8 rounded-3xl border border-dashed border-cocoa-700/20 bg-white/60 p-8 text-center">
        <p className="font-semibold text-cocoa-900">No kitchens are open yet.</p>
        <p className="mt-1 text-cocoa-700">Cook something people love? Your kitchen could be the first.</p>
      </div>
    );
  } else {
    list = (
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
                    isFavourite={favourites.has(String(chef.id))}
                    compact
                  />
                }
              />
            </li>
          ))}
        </ul>
        <KitchenPages page={page} total={total} />
      </>
    );
  }
  return (
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
        {list}
      </div>
    </section>
  );
}

/** `/?page=2#kitchens-heading`: the list's pages keep the visitor at the list, JavaScript or not. */
/** The home page at one page of its kitchens, scrolled to the list. */
export function kitchensHref(page: number): string {
  return `${page > 0 ? `/?page=${page}` : '/'}#kitchens-heading`;
}

/** Previous and next pages of the home page's kitchens. */
function KitchenPages({ page, total }: { page: number; total: number }) {
  const pages = Math.ceil(total / KITCHENS_PAGE_SIZE);
  if (pages <= 1) return null;
  const first = page * KITCHENS_PAGE_SIZE + 1;
  const last = Math.min(total, first + KITCHENS_PAGE_SIZE - 1);
  return (
    <nav aria-label="More kitchens" className="mt-8 flex flex-wrap items-center justify-between gap-3">
      {page > 0 ? (
        <Link to={kitchensHref(page - 1)} className={buttonClass.secondary} rel="prev">
          ← Previous kitchens
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-cocoa-700">
        Kitchens {first}–{last} of {total}
      </p>
      {page + 1 < pages ? (
        <Link to={kitchensHref(page + 1)} className={buttonClass.secondary} rel="next">
          More kitchens →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
