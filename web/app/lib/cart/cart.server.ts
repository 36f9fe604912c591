import type { Cart } from './cart';
import { kitchenNamings, withBrandNames } from '../catalog/kitchen-names.server';
import type { Order } from '../orders/orders';

/**
 * The cart with each kitchen named by its brand ("Priya's Kitchen") rather than its storefront name, and
 * each line's kitchen zone (its dates and times are shown in it).
 */
export async function withKitchenBrands(request: Request, cart: Cart): Promise<Cart> {
  const namings = await kitchenNamings(
    request,
    cart.cartItems.map((l) => l.item.kitchenName),
  );
  const names = new Map([...namings].map(([k, v]) => [k, v.name]));
  return {
    ...cart,
    cartItems: cart.cartItems.map((l) => ({
      ...l,
      item: {
        ...l.item,
        kitchenName: names.get(l.item.kitchenName) ?? l.item.kitchenName,
        timeZone: namings.get(l.item.kitchenName)?.timeZone ?? null,
      },
    })),
    deliveryFees: withBrandNames(cart.deliveryFees, names),
    totalsByPublisher: withBrandNames(cart.totalsByPublisher, names),
  };
}

/** Orders with each kitchen named by its brand, and each line's kitchen zone. */
export async function ordersWithKitchenBrands(request: Request, orders: Order[]): Promise<Order[]> {
  const namings = await kitchenNamings(
    request,
    orders.flatMap((o) => o.cartItems.map((l) => l.kitchenName)),
  );
  return orders.map((o) => ({
    ...o,
    cartItems: o.cartItems.map((l) => ({
      ...l,
      kitchenName: namings.get(l.kitchenName)?.name ?? l.kitchenName,
      timeZone: namings.get(l.kitchenName)?.timeZone ?? null,
    })),
  }));
}
