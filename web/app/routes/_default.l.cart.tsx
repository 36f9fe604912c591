import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ComingSoon } from '~/components/account-page';
import { container } from '~/components/ui';
import { requireNonEmptyCart } from '~/lib/guards.server';

/** /l/cart: an empty cart sends the visitor to find food with "Your cart is empty." (spec §6 guard). */
export async function loader({ request }: LoaderFunctionArgs) {
  const cart = await requireNonEmptyCart(request);
  return data({ itemCount: cart.items.length }, { headers: cart.headers });
}

export const meta: MetaFunction = () => [{ title: 'Your cart — Hearth' }];

export default function CartRoute() {
  const { itemCount } = useLoaderData<typeof loader>();
  return (
    <section className={`${container} max-w-4xl py-12 md:py-16`} aria-labelledby="cart-heading">
      <h1 id="cart-heading" className="font-display text-4xl font-semibold tracking-tight text-cocoa-900">
        Your cart
      </h1>
      <p className="mt-2 text-cocoa-700">{itemCount === 1 ? '1 item' : `${itemCount} items`} in your cart.</p>
      <div className="mt-8">
        <ComingSoon>
          Your items, their dates and the total will be listed here, ready to check out.
        </ComingSoon>
      </div>
    </section>
  );
}
