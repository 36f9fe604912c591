import { formatAmount } from '~/lib/format/money';
import { FieldError } from '../form-feedback';
import type { CartDish } from './cart-dish';
import { legendClass, radioClass } from './classes';

/** The portions of a dish as radio buttons with their prices (the item page lists them; the kitchen card in a row). */
export function PortionChoice({
  dish,
  chosen,
  compact,
  error,
  errorId,
  describedBy,
}: {
  dish: CartDish;
  chosen: string;
  compact: boolean;
  error: string | undefined;
  errorId: string;
  describedBy: string | undefined;
}) {
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className={legendClass}>Portion</legend>
      <div className={`mt-2 ${compact ? 'flex flex-wrap gap-2' : 'space-y-2'}`}>
        {dish.pricingOptions.map((option) => (
          <label
            key={option.id}
            className="flex cursor-pointer items-center gap-3 rounded-2xl border border-cocoa-700/15 px-4 py-2.5 has-[:checked]:border-ember-700 has-[:checked]:bg-ember-50"
          >
            <input
              type="radio"
              name="pricingOption"
              value={option.id}
              defaultChecked={chosen === option.id}
              className={radioClass}
            />
            <span className="flex-1 text-cocoa-900">
              {option.quantity} {option.measurement}
              <span className="text-sm text-cocoa-600"> · serves {option.serves}</span>
            </span>
            <span className="font-semibold text-cocoa-900">
              {formatAmount(option.chefPrice, option.currencyCode || dish.currencyCode)}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
