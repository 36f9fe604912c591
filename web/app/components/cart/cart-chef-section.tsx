import { Form, Link, useNavigation } from '@remix-run/react';
import { dayLabel } from '@hearth/shared';
import { FieldError } from '~/components/form-feedback';
import { itemHref, kitchenHref } from '~/components/search-results';
import { buttonClass, inputClass, linkClass } from '~/components/ui';
import { lineFactors, plural } from '~/lib/cart/cart';
import type { CartChefGroup, CartLine } from '~/lib/cart/cart';
import { slotLabel, slotsLabel, zoneName } from '~/lib/format/dates';
import { formatAmount } from '~/lib/format/money';

/** What the cart's action answers when changing a line failed, for that line. */
export interface LineResult {
  cartItemId: string;
  intent: 'update' | 'remove';
  orderQuantity?: string;
  error: string;
}

/** Quantity and remove for one line (plain forms; the quantity keeps what was typed when refused). */
function LineControls({ line, result }: { line: CartLine; result: LineResult | undefined }) {
  const navigation = useNavigation();
  const mine = navigation.formData?.get('cartItemId') === line.cartItemId;
  const busy = mine && navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const error = result?.cartItemId === line.cartItemId ? result.error : null;
  const qtyId = `qty-${line.cartItemId}`;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Form method="post" className="flex items-end gap-2" key={`${line.cartItemId}:${line.orderQuantity}`}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="cartItemId" value={line.cartItemId} />
        <div>
          <label htmlFor={qtyId} className="mb-1 block text-xs font-semibold text-cocoa-700">
            Quantity<span className="sr-only"> of {line.item.name}</span>
          </label>
          <input
            id={qtyId}
            name="orderQuantity"
            type="number"
            min={1}
            max={100}
            step={1}
            inputMode="numeric"
            defaultValue={error && result?.intent === 'update' ? result.orderQuantity : line.orderQuantity}
            aria-invalid={error && result?.intent === 'update' ? true : undefined}
            aria-describedby={error ? `${qtyId}-error` : undefined}
            className={`${inputClass} w-24 py-1.5`}
          />
        </div>
        <button type="submit" className={`${buttonClass.secondary} py-1.5`} disabled={busy === 'update'}>
          {busy === 'update' ? 'Updating…' : 'Update'}
          <span className="sr-only"> {line.item.name}</span>
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="cartItemId" value={line.cartItemId} />
        <input type="hidden" name="itemName" value={line.item.name} />
        <button type="submit" className={`${buttonClass.ghost} py-1.5`} disabled={busy === 'remove'}>
          {busy === 'remove' ? 'Removing…' : 'Remove'}
          <span className="sr-only"> {line.item.name}</span>
        </button>
      </Form>
      <div className="basis-full">
        <FieldError id={`${qtyId}-error`} message={error} />
      </div>
    </div>
  );
}

/** "1 Plate": the chosen pricing option's size (the API sends its quantity as a decimal, "1.00"). */
function portionLabel(line: CartLine): string {
  const { quantity, measurement } = line.userSelectedPricingOption;
  const n = Number(quantity);
  return `${Number.isFinite(n) ? n : quantity} ${measurement}`;
}

/** "$8.99 × 2 × 1 slot × 2 dates = $35.96" (spec §9), with the API's amounts. */
function LineFormula({ line }: { line: CartLine }) {
  const f = lineFactors(line);
  const price = formatAmount(line.userSelectedPricingOption.chefPrice, line.currencyCode);
  const factors =
    f.slotsPerDate !== null
      ? `${plural(f.slotsPerDate, 'slot')} × ${plural(f.dates, 'date')}`
      : `${plural(f.slotCount, 'date and slot', 'dates and slots')}`;
  return (
    <p className="text-sm text-cocoa-700" data-testid="line-formula">
      {price} × {line.orderQuantity} × {factors} ={' '}
      <strong className="font-semibold text-cocoa-900">
        {formatAmount(line.itemTotalChefPrice, line.currencyCode)}
      </strong>
    </p>
  );
}

/** One chef's part of the cart: its lines by date, its delivery fees and its total. */
export function ChefSection({ chef, result }: { chef: CartChefGroup; result: LineResult | undefined }) {
  const money = (amount: string) => formatAmount(amount, chef.currencyCode);
  return (
    <section
      className="rounded-3xl bg-white p-5 shadow-card md:p-6"
      aria-labelledby={`chef-${chef.publisherId}`}
      data-testid="cart-chef"
    >
      <h2 id={`chef-${chef.publisherId}`} className="font-display text-2xl font-semibold text-cocoa-900">
        <Link to={kitchenHref(chef.publisherId)} className="hover:text-ember-800">
          {chef.kitchenName}
        </Link>
      </h2>
      {chef.lines[0]?.item.timeZone ? (
        <p className="mt-1 text-xs text-cocoa-600">
          Dates and times are {zoneName(chef.lines[0].item.timeZone)}.
        </p>
      ) : null}

      {chef.dates.map((group) => (
        <div key={group.date} className="mt-5" data-testid="cart-date">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-cocoa-700">
            {dayLabel(group.date)}
          </h3>
          <table className="mt-2 w-full text-sm">
            <caption className="sr-only">
              {chef.kitchenName} on {dayLabel(group.date)}
            </caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {group.rows.map(({ line, date }) => (
                <tr key={line.cartItemId} className="border-b border-cocoa-700/10">
                  <th scope="row" className="py-2 pr-3 text-left font-normal text-cocoa-900">
                    <span className="font-semibold">{line.item.name}</span> · {line.orderQuantity} ×{' '}
                    {portionLabel(line)}
                    <span className="block text-xs text-cocoa-600">
                      {slotsLabel(date.timeSlots)} ·{' '}
                      {date.deliveryOption === 'PICKUP' ? 'Pickup' : 'Delivery'}
                      {line.isCateringItem ? ' · Catering' : ''}
                    </span>
                  </th>
                  <td className="py-2 text-right align-top font-semibold text-cocoa-900" data-amount="item">
                    {money(date.itemTotal)}
                  </td>
                </tr>
              ))}
              {group.fees.map((fee) => (
                <tr
                  key={`${fee.date}-${fee.firstTimeSlot}`}
                  className="border-b border-cocoa-700/10"
                  data-testid="delivery-fee"
                >
                  <th scope="row" className="py-2 pr-3 text-left font-normal text-cocoa-900">
                    Delivery fee · {slotLabel(fee.firstTimeSlot)}
                    <span className="block text-xs text-cocoa-600">
                      Charged once for{' '}
                      {fee.cartItemIds.length > 1 ? plural(fee.cartItemIds.length, 'item') : 'this trip'}
                    </span>
                  </th>
                  <td className="py-2 text-right align-top font-semibold text-cocoa-900" data-amount="fee">
                    {formatAmount(fee.amount, fee.currencyCode)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}

      <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-cocoa-700">
        Your items from {chef.kitchenName}
      </h3>
      <ul className="mt-2 divide-y divide-cocoa-700/10">
        {chef.lines.map((line) => (
          <li
            key={line.cartItemId}
            className="flex flex-col gap-3 py-3 md:flex-row md:items-end md:justify-between"
            data-testid="cart-line"
          >
            <div>
              <Link to={itemHref(line.itemId)} className={linkClass}>
                {line.item.name}
              </Link>
              <p className="text-xs text-cocoa-600">{line.dates.map((d) => dayLabel(d.date)).join(', ')}</p>
              <LineFormula line={line} />
            </div>
            <LineControls line={line} result={result} />
          </li>
        ))}
      </ul>

      {chef.totals ? (
        <dl className="mt-4 space-y-1 border-t border-cocoa-700/15 pt-4 text-sm" data-testid="chef-totals">
          <div className="flex justify-between">
            <dt className="text-cocoa-700">Items</dt>
            <dd className="text-cocoa-900" data-amount="items">
              {money(chef.totals.itemsTotal)}
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-cocoa-700">Delivery fees</dt>
            <dd className="text-cocoa-900" data-amount="fees">
              {money(chef.totals.deliveryFeesTotal)}
            </dd>
          </div>
          <div className="flex justify-between font-semibold">
            <dt className="text-cocoa-900">{chef.kitchenName} total</dt>
            <dd className="text-cocoa-900" data-amount="total">
              {money(chef.totals.total)}
            </dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
