import { Form, Link } from '@remix-run/react';
import { COUNTRIES } from '@hearth/shared';
import { KITCHENS_PAGE_SIZE } from '~/lib/search/home';
import type { GalleryItem, Nearby } from '~/lib/search/home';
import { itemHref } from './search-results';
import { ItemResultCard, KitchenResultCard } from './search-result-cards';
import { buttonClass, container, focusRing, inputClass, labelClass, linkClass } from './ui';

/** Chefs and popular dishes near the visitor. */
export function NearbySection({
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
export function GallerySection({ gallery }: { gallery: GalleryItem[] }) {
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
                <span className="block text-xs text-cocoa-600">
                  {g.kitchen.brandDisplayName || g.kitchen.kitchenName}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** "What are you hungry for?" with a zip code: a GET form to /l/find-items. */
export function SearchForm() {
  return (
    <Form
      method="get"
      action="/l/find-items"
      role="search"
      aria-label="Find food near you"
      className="mt-10 grid gap-3 rounded-3xl bg-white p-3 text-left shadow-card sm:grid-cols-[1fr_13rem_auto] sm:items-end sm:p-4"
    >
      <div>
        <label htmlFor="zip" className={`${labelClass} px-1`}>
          Zip or postal code
        </label>
        <input
          id="zip"
          name="zip"
          inputMode="text"
          autoComplete="postal-code"
          placeholder="e.g. 94107"
          className={`${inputClass} h-12`}
        />
      </div>
      <div>
        <label htmlFor="country" className={`${labelClass} px-1`}>
          Country
        </label>
        <select id="country" name="country" defaultValue="US" className={`${inputClass} h-12`}>
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={`${buttonClass.primary} h-12 px-7`}>
        Find food
      </button>
    </Form>
  );
}

/** `/?page=2#kitchens-heading`: the list's pages keep the visitor at the list, JavaScript or not. */
/** The home page at one page of its kitchens, scrolled to the list. */
export function kitchensHref(page: number): string {
  return `${page > 0 ? `/?page=${page}` : '/'}#kitchens-heading`;
}

/** Previous and next pages of the home page's kitchens. */
export function KitchenPages({ page, total }: { page: number; total: number }) {
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
