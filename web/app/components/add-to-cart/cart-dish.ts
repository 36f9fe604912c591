import type { PricingOption } from '~/lib/catalog/catalog';

/** The dish a form adds: what the running total needs to price it by the shared rules. */
export interface CartDish {
  id: string;
  name: string;
  currencyCode: string;
  /** Item-level delivery fee (decimal string); charged once per kitchen, date and first slot. */
  deliveryFees: string | null;
  pricingOptions: PricingOption[];
}
