import { Link } from '@remix-run/react';
import type { GalleryItem, Nearby } from '~/lib/search/home';
import { ItemResultCard, KitchenResultCard, itemHref } from './search-results';
import { container, focusRing, linkClass } from './ui';

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
