import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { DeliveryOption, Role } from '@hearth/shared';
import { AddToCartForm } from '~/components/add-to-cart-form';
import { FavouriteToggle } from '~/components/favourite-toggle';
import { ReviewList } from '~/components/review-list';
import { itemHref, kitchenHref } from '~/components/search-results';
import { container, linkClass } from '~/components/ui';
import { addToCartAction } from '~/lib/cart/add-to-cart.server';
import { timeZoneFor } from '~/lib/api/client.server';
import { getUser } from '~/lib/session/auth.server';
import { itemDates } from '~/lib/catalog/catalog';
import { getItem, getKitchenPage, listReviews } from '~/lib/catalog/catalog.server';
import { FOOD_TYPE_LABELS } from '~/lib/search/search';
import { favouriteIds } from '~/lib/search/search.server';
import { notFound } from '~/lib/http/http.server';
import { displayZone } from '~/lib/format/dates';
import { formatAmount, isPositiveAmount } from '~/lib/format/money';
import { Pictures, TextBlock, NutritionPanel } from '~/components/catalog/item-details';

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.item.name} — Hearth` }, { name: 'description', content: data.item.description ?? '' }]
    : [];

/**
 * /items/{id}: an item with its pictures, portions, nutrition, tags and ingredients, the dates and slots
 * it can be ordered for (from the kitchen's next 30 days, with cut-offs), its reviews, and the
 * add-to-cart form.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.itemId ?? '';
  const item = await getItem(request, id);
  if (!item) throw notFound(`This dish is not on Hearth (any more): ${new URL(request.url).pathname}`);
  const user = await getUser(request);
  const [kitchen, reviews, favourites] = await Promise.all([
    getKitchenPage(request, item.publisherId),
    listReviews(request, item.publisherId, { itemId: item.id }),
    favouriteIds(request, user !== null),
  ]);
  // No review of this dish yet: a few of the kitchen's, so the page still says what people think.
  const kitchenReviews =
    reviews && reviews.length === 0
      ? ((await listReviews(request, item.publisherId, { size: 3 })) ?? [])
      : [];
  const dates = kitchen ? itemDates(kitchen, item.id) : [];
  const offered = new Set(dates.flatMap((d) => d.fulfilmentOptions));
  const deliveryOptions = item.deliveryOptions.filter((o) => offered.size === 0 || offered.has(o));
  return {
    item,
    kitchen: kitchen
      ? {
          id: kitchen.id,
          name: kitchen.brandDisplayName || kitchen.kitchenName,
          rating: kitchen.rating,
          timeZone: kitchen.timeZone,
        }
      : { id: item.publisherId, name: item.publishedBy, rating: null, timeZone: null },
    datesKnown: kitchen !== null,
    dates,
    deliveryOptions,
    reviews,
    kitchenReviews,
    favourite: favourites.includes(item.publisherId),
    // Admins moderate the dish's pictures from here (issue 18 part 8).
    isAdmin: user?.roles.includes(Role.ADMIN) ?? false,
    preselectDate: new URL(request.url).searchParams.get('date'),
    // One clock: the dish's dates and cut-offs in its kitchen's zone (the viewer's only when unknown).
    timeZone: displayZone(kitchen?.timeZone, timeZoneFor(request)),
  };
}

/** Adds the item to the cart, in place with JavaScript, else coming back to this page (see the form). */
export async function action({ request, params }: ActionFunctionArgs) {
  const itemId = params.itemId ?? '';
  return addToCartAction(request, await request.formData(), { itemId, back: itemHref(itemId) });
}

export default function ItemRoute() {
  const {
    item,
    kitchen,
    datesKnown,
    dates,
    deliveryOptions,
    reviews,
    kitchenReviews,
    favourite,
    isAdmin,
    preselectDate,
    timeZone,
  } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const tags = [...item.foodType.map((t) => FOOD_TYPE_LABELS[t] ?? t)];
  return (
    <article className={`${container} py-10 md:py-14`} aria-labelledby="item-heading">
      <nav aria-label="Breadcrumb" className="text-sm text-cocoa-700">
        <Link to="/l/find-items" className={linkClass}>
          Find food
        </Link>{' '}
        /{' '}
        <Link to={kitchenHref(kitchen.id)} className={linkClass}>
          {kitchen.name}
        </Link>
      </nav>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <div>
          <Pictures item={item} />
          {isAdmin ? (
            <p className="mt-3 text-sm">
              <Link to={`/l/admin/items/${item.id}`} className={linkClass}>
                {item.blockImage ? 'Show the pictures again (admin)' : 'Hide the pictures (admin)'}
              </Link>
            </p>
          ) : null}
        </div>
        <div>
          <h1 id="item-heading" className="font-display text-4xl font-semibold tracking-tight text-cocoa-900">
            {item.name}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-3 text-cocoa-800">
            <span>
              by{' '}
              <Link to={kitchenHref(kitchen.id)} className={linkClass}>
                {kitchen.name}
              </Link>
            </span>
            <FavouriteToggle kitchenId={kitchen.id} kitchenName={kitchen.name} isFavourite={favourite} />
          </div>
          {item.description ? (
            <p className="mt-4 text-lg leading-relaxed text-cocoa-800">{item.description}</p>
          ) : null}
          <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-cocoa-700">
            <div>
              <dt className="inline">Serves </dt>
              <dd className="inline font-semibold text-cocoa-900">{item.serves}</dd>
            </div>
            <div>
              <dt className="inline">Best within </dt>
              <dd className="inline font-semibold text-cocoa-900">{item.bestBefore} days</dd>
            </div>
            {isPositiveAmount(item.deliveryFees, item.currencyCode) ? (
              <div>
                <dt className="inline">Delivery fee </dt>
                <dd className="inline font-semibold text-cocoa-900">
                  {formatAmount(item.deliveryFees, item.currencyCode)} per trip
                </dd>
              </div>
            ) : null}
            {isPositiveAmount(item.deliveryMinimumAmount, item.currencyCode) ? (
              <div>
                <dt className="inline">Delivery minimum </dt>
                <dd className="inline font-semibold text-cocoa-900">
                  {formatAmount(item.deliveryMinimumAmount, item.currencyCode)}
                </dd>
              </div>
            ) : null}
          </dl>
          {tags.length || item.medicalFriendly.length ? (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Food type and diet">
              {tags.map((t) => (
                <li
                  key={t}
                  className="rounded-full bg-cream-200 px-3 py-1 text-xs font-semibold text-cocoa-800"
                >
                  {t}
                </li>
              ))}
              {item.medicalFriendly.map((m) => (
                <li
                  key={m}
                  className="rounded-full bg-sage-100 px-3 py-1 text-xs font-semibold text-sage-700"
                >
                  {m}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-6">
            {datesKnown ? (
              <AddToCartForm
                dish={{
                  id: item.id,
                  name: item.name,
                  currencyCode: item.currencyCode,
                  deliveryFees: item.deliveryFees,
                  pricingOptions: item.pricingOptions,
                }}
                dates={dates}
                deliveryOptions={deliveryOptions.length ? deliveryOptions : [DeliveryOption.DELIVERY]}
                zone={timeZone}
                result={result}
                preselectDate={preselectDate}
              />
            ) : (
              <p role="status" className="rounded-3xl bg-amber-50 p-5 text-amber-950">
                We could not load the dates this dish is cooked on just now. Please try again in a moment.
              </p>
            )}
          </div>
        </div>
      </div>

      <div className="mt-12 grid gap-10 md:grid-cols-2">
        <section aria-labelledby="about-heading" className="space-y-4">
          <h2 id="about-heading" className="font-display text-2xl font-semibold text-cocoa-900">
            What is in it
          </h2>
          <TextBlock title="Ingredients" text={item.ingredients} />
          <TextBlock title="Organic ingredients" text={item.organicIngredients} />
          <TextBlock title="Health benefits" text={item.healthBenefits} />
          <TextBlock title="Good to know" text={item.sideEffects} />
          {!item.ingredients && !item.organicIngredients && !item.healthBenefits && !item.sideEffects ? (
            <p className="text-sm text-cocoa-700">Ask the chef about ingredients and allergens.</p>
          ) : null}
        </section>
        <section aria-labelledby="nutrition-heading">
          <h2 id="nutrition-heading" className="font-display text-2xl font-semibold text-cocoa-900">
            Nutrition facts
          </h2>
          <div className="mt-4">
            <NutritionPanel nutrition={item.nutrition ?? {}} />
          </div>
        </section>
      </div>

      <section aria-labelledby="reviews-heading" className="mt-12">
        <h2 id="reviews-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Reviews
        </h2>
        {reviews === null ? (
          <p className="mt-3 text-cocoa-700">Reviews could not be loaded just now.</p>
        ) : reviews.length ? (
          <ReviewList reviews={reviews} timeZone={timeZone} />
        ) : (
          <>
            <p className="mt-3 text-cocoa-700">No one has reviewed this dish yet.</p>
            {kitchenReviews.length ? (
              <>
                <h3 className="mt-6 font-semibold text-cocoa-900">What people say about {kitchen.name}</h3>
                <ReviewList reviews={kitchenReviews} timeZone={timeZone} />
              </>
            ) : null}
          </>
        )}
      </section>
    </article>
  );
}
