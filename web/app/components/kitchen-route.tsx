import type { ShouldRevalidateFunction } from '@remix-run/react';
import { DeliveryOption } from '@hearth/shared';
import { ADD_TO_CART_INTENT } from '~/lib/cart/add-to-cart';
import type { AddToCartOutcome } from '~/lib/cart/add-to-cart';
import { isUnlockRefusal } from '~/lib/catalog/kitchen-unlock';
import type { UnlockRefusal } from '~/lib/catalog/kitchen-unlock';
import type { KitchenDish, Review } from '~/lib/catalog/catalog';
import type { KitchenPage } from '~/lib/chef/chef-types';
import { AddToCartForm } from './add-to-cart-form';
import { FavouriteToggle } from './favourite-toggle';
import { FollowToggle, GuestNewsForm } from './follow-toggle';
import { EnquiryForm } from './inbox/enquiry-form';
import { KitchenCodeForm } from './kitchen-code-form';
import { KitchenPageView } from './kitchen-page';

/**
 * Adding to the cart changes nothing the kitchen page shows (portions are taken at checkout), so the
 * page keeps its data; the root loader still revalidates, and with it the header's cart count.
 */
export const kitchenShouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') === ADD_TO_CART_INTENT ? false : defaultShouldRevalidate;

/** The ways a dish can be had on its open dates (every way of its dates when none is open). */
function waysOf(dish: KitchenDish): DeliveryOption[] {
  const open = dish.dates.filter((d) => d.orderable);
  const ways = new Set((open.length ? open : dish.dates).flatMap((d) => d.fulfilmentOptions));
  return [DeliveryOption.DELIVERY, DeliveryOption.PICKUP].filter((o) => ways.has(o));
}

/** The kitchen page of the routes `/kitchen/{id}` and `/{kitchenName}`, with a real order form per dish. */
export function KitchenRouteView({
  kitchen,
  reviews,
  favourite,
  following = false,
  zone,
  result,
  unlockedByCode = false,
  codeReplaced = false,
}: {
  kitchen: KitchenPage;
  reviews: Review[] | null;
  favourite: boolean;
  following?: boolean;
  zone: string;
  result: AddToCartOutcome | UnlockRefusal | undefined;
  /** The visitor's code opened the private menus. */
  unlockedByCode?: boolean;
  /** The visitor's earlier code stopped working (and was forgotten). */
  codeReplaced?: boolean;
}) {
  const name = kitchen.brandDisplayName || kitchen.kitchenName;
  const refusal = isUnlockRefusal(result) ? result.unlock : null;
  const added = isUnlockRefusal(result) ? undefined : result;
  let code = null;
  if (unlockedByCode)
    code = (
      <p role="status" className="rounded-2xl bg-cream-100 px-4 py-3 text-sm text-cocoa-800">
        Your code from {name} is on: you see its private menus in this browser.
      </p>
    );
  else if (kitchen.hasSecretCode && !kitchen.privateMenusUnlocked)
    code = (
      <KitchenCodeForm
        kitchenId={kitchen.id}
        kitchenName={name}
        refusal={refusal}
        codeReplaced={codeReplaced}
      />
    );
  return (
    <KitchenPageView
      kitchen={kitchen}
      zone={zone}
      reviews={reviews}
      code={code}
      favourite={
        <div className="flex flex-col items-start gap-2 sm:items-end">
          <div className="flex flex-wrap gap-2">
            <FavouriteToggle kitchenId={kitchen.id} kitchenName={name} isFavourite={favourite} />
            <FollowToggle kitchenId={kitchen.id} kitchenName={name} isFollowing={following} />
          </div>
          <GuestNewsForm kitchenId={kitchen.id} kitchenName={name} />
        </div>
      }
      extra={
        <EnquiryForm
          action={`/kitchen/${kitchen.id}/ask`}
          formId="ask-chef"
          heading={`Ask ${name} a question`}
          result={null}
          submitLabel="Send question"
        />
      }
      order={(dish) => (
        <AddToCartForm
          compact
          dish={{
            id: dish.item.id,
            name: dish.item.name,
            currencyCode: kitchen.currencyCode,
            deliveryFees: dish.item.deliveryFees ?? null,
            pricingOptions: dish.item.pricingOptions,
          }}
          dates={dish.dates}
          deliveryOptions={waysOf(dish)}
          zone={zone}
          result={added}
          anchor={`dish-${dish.item.id}`}
        />
      )}
    />
  );
}
