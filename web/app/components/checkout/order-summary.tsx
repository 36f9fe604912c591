import { dayLabel } from '@hearth/shared';
import { cartSummaries } from '~/lib/cart/cart';
import type { Cart } from '~/lib/cart/cart';
import { formatAmount } from '~/lib/format/money';

/** The checkout's summary: per currency, each line without its fee, each fee on its own row, the total. */
export function OrderSummary({ cart }: { cart: Cart }) {
  return (
    <aside aria-labelledby="summary-heading" className="h-fit rounded-3xl bg-cocoa-900 p-6 text-cream-100">
      <h2 id="summary-heading" className="font-display text-2xl font-semibold text-white">
        Your order
      </h2>
      {cartSummaries(cart).map((summary) => (
        <div key={summary.currencyCode} data-testid="checkout-summary">
          <ul className="mt-3 space-y-2 text-sm">
            {summary.lines.map((l) => (
              <li key={l.cartItemId} className="flex justify-between gap-3">
                <span>
                  {l.orderQuantity} × {l.item.name}
                  <span className="block text-xs text-cream-200">
                    {l.dates.map((d) => dayLabel(d.date)).join(', ')}
                  </span>
                </span>
                <span data-amount="item">{formatAmount(l.itemTotalChefPrice, l.currencyCode)}</span>
              </li>
            ))}
            {summary.fees.map((f) => (
              <li
                key={`${f.publisherId}-${f.date}-${f.firstTimeSlot}`}
                className="flex justify-between gap-3"
              >
                <span>
                  Delivery fee
                  <span className="block text-xs text-cream-200">
                    {f.kitchenName} · {dayLabel(f.date)}
                  </span>
                </span>
                <span data-amount="fee">{formatAmount(f.amount, f.currencyCode)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 border-t border-cream-100/20 pt-3">
            <div className="flex justify-between text-lg font-semibold text-white">
              <dt>Total ({summary.currencyCode})</dt>
              <dd data-amount="total">{formatAmount(summary.total, summary.currencyCode)}</dd>
            </div>
          </dl>
        </div>
      ))}
    </aside>
  );
}
