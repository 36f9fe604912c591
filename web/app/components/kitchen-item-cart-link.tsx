import { Link } from '@remix-run/react';
import type { KitchenItemContext } from './kitchen-page';
import { buttonClass } from './ui';

/**
 * The add-to-cart action of an item on the kitchen page: a link to the item's page with the date
 * chosen there (the item page holds the whole form: portion, slots, pickup or delivery). Nothing for an
 * item that cannot be ordered that day (the card already says why).
 */
export function kitchenItemCartAction({ date, menu, item }: KitchenItemContext) {
  if (!menu.orderable || !item.orderable || item.soldOut) return null;
  return (
    <Link
      to={`/items/${encodeURIComponent(item.id)}?date=${encodeURIComponent(date.date)}`}
      className={`${buttonClass.primary} w-full`}
    >
      Add to cart
      <span className="sr-only">
        : {item.name}, {date.label}
      </span>
    </Link>
  );
}
