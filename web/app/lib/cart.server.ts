import type { Cart } from './cart';
import { brandNames, withBrandNames } from './kitchen-names.server';
import type { Order } from './orders';

/** The cart with each kitchen named by its brand ("Priya's Kitchen") rather than its storefront name. */
export async function withKitchenBrands(request: Request, cart: Cart): Promise<Cart> {
  const names = await brandNames(
    request,
    cart.cartItems.map((l) => l.item.kitchenName),
  );
  return {
    ...cart,
    cartItems: cart.cartItems.map((l) => ({
      ...l,
      item: { ...l.item, kitchenName: names.get(l.item.kitchenName) ?? l.item.kitchenName },
    })),
    deliveryFees: withBrandNames(cart.deliveryFees, names),
    totalsByPublisher: withBrandNames(cart.totalsByPublisher, names),
  };
}

/** Orders with each kitchen named by its brand. */
export async function ordersWithKitchenBrands(request: Request, orders: Order[]): Promise<Order[]> {
  const names = await brandNames(
    request,
    orders.flatMap((o) => o.cartItems.map((l) => l.kitchenName)),
  );
  return orders.map((o) => ({ ...o, cartItems: withBrandNames(o.cartItems, names) }));
}
