import { DeliveryOption } from '@hearth/shared';
import { conflict } from '../../common/problem/problem.exception.js';
import type { MenuOccurrence } from './menu-schedule.js';

/** The parts of a menu that decide how customers can get its food. */
export interface FulfilmentTerms {
  associatedAddressId: string | null;
  deliveryZipCodes: string[];
  deliveryRadius: string | null;
}

/**
 * What the menu itself makes possible: pickup needs a pickup address; delivery needs zip codes or a
 * radius to deliver to. An item is then offered for the options it allows among these.
 */
export function menuFulfilment(menu: FulfilmentTerms): DeliveryOption[] {
  const options: DeliveryOption[] = [];
  if (menu.associatedAddressId) options.push(DeliveryOption.PICKUP);
  if (menu.deliveryZipCodes.length > 0 || Number(menu.deliveryRadius ?? 0) > 0)
    options.push(DeliveryOption.DELIVERY);
  return options;
}

export interface PublishFacts {
  menu: FulfilmentTerms & { deliveryDate: string | null };
  /** Items on the menu that customers can see (not deleted or hidden). */
  items: Array<{ deliveryOptions: DeliveryOption[] }>;
  /** Expanded dates, without those the chef deleted. */
  occurrences: MenuOccurrence[];
  now: Date;
}

/**
 * Refuses (409) to publish, resume or keep published a menu that customers could not order from: no
 * items, no date whose cut-off is still ahead, or no way to get the food.
 */
export function assertPublishable(f: PublishFacts): void {
  if (f.items.length === 0) {
    throw conflict('Add at least one item before publishing.', 'error.menu.noItems');
  }
  if (!f.menu.deliveryDate) {
    throw conflict('Choose a delivery date (deliveryDate) before publishing.', 'error.menu.noFutureDate');
  }
  const open = f.occurrences.some((o) => o.slots.some((s) => s.cutoffAt.getTime() > f.now.getTime()));
  if (!open) {
    throw conflict(
      'The menu has no upcoming date that can still be ordered: the order cut-off of every date has passed. Choose a later delivery date.',
      'error.menu.noFutureDate',
    );
  }
  const possible = menuFulfilment(f.menu);
  if (!f.items.some((i) => i.deliveryOptions.some((o) => possible.includes(o)))) {
    throw conflict(
      'Customers could neither pick up nor get delivery: choose a pickup address (associatedAddress) for items sold for pickup, ' +
        'or delivery zip codes (deliveryZipCodes) or a delivery radius (deliveryRadius) for items sold for delivery.',
      'error.menu.noFulfilment',
      { possible },
    );
  }
}
