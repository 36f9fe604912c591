import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { dayLabel } from '@hearth/shared';
import { FieldError, FormAlert } from '~/components/form-feedback';
import { itemHref, kitchenHref } from '~/components/search-results';
import { buttonClass, container, inputClass, linkClass } from '~/components/ui';
import { apiFetch, isApiError } from '~/lib/api/client.server';
import { authHref } from '~/lib/session/auth';
import { getUser } from '~/lib/session/auth.server';
import { groupCart, lineFactors, plural, toCart } from '~/lib/cart/cart';
import { withKitchenBrands } from '~/lib/cart/cart.server';
import type { Cart, CartChefGroup, CartLine } from '~/lib/cart/cart';
import { slotLabel, slotsLabel, zoneName } from '~/lib/format/dates';
import { requireNonEmptyCart } from '~/lib/session/guards.server';
import { formatAmount } from '~/lib/format/money';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { passOnCookies } from '~/lib/http/redirect';
import { redirectWithToast } from '~/lib/ui/toast.server';

const PAGE = '/l/cart';
const CHECKOUT_PATH = '/l/cart/checkout';

export const meta: MetaFunction = () => [{ title: 'Your cart — Hearth' }];

/**
 * /l/cart, for guests (the API's `hearth_cart` cookie) and customers: the lines by chef and date, each
 * priced by the API with the shared rules, the delivery fees charged once per chef, date and slot, the
 * totals per currency, and why anything was removed. An empty cart goes to find food (the guard).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const guarded = await requireNonEmptyCart(request);
  const [user, cart] = await Promise.all([
    getUser(request),
    withKitchenBrands(request, toCart(guarded.body)),
  ]);
  return data({ cart, signedIn: user !== null }, { headers: guarded.headers });
}

interface LineResult {
  cartItemId: string;
  intent: 'update' | 'remove';
  orderQuantity?: string;
  error: string;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const cartItemId = form.get('cartItemId');
  if ((intent !== 'update' && intent !== 'remove') || typeof cartItemId !== 'string' || !cartItemId) {
    throw data('This form is not known here.', { status: 400 });
  }
  const path = `cart/items/${encodeURIComponent(cartItemId)}`;
  const orderQuantity = String(form.get('orderQuantity') ?? '').trim();
  if (intent === 'update') {
    const quantity = Number(orderQuantity);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100) {
      return data<LineResult>(
        { cartItemId, intent, orderQuantity, error: 'Enter a whole number from 1 to 100.' },
        { status: 400 },
      );
    }
  }
  try {
    const { data: cart, headers } =
      intent === 'update'
        ? await apiFetch<Cart>(request, path, { method: 'PUT', json: { orderQuantity: Number(orderQuantity) } })
        : await apiFetch<Cart>(request, path, { method: 'DELETE' });
    // Say what changed: the line's name from the cart's answer, else from the form (a removed line).
    const name =
      cart?.cartItems?.find((l) => l.cartItemId === cartItemId)?.item?.name ??
      (String(form.get('itemName') ?? '').trim().slice(0, 120) || 'the item');
    const text =
      intent === 'update' ? `Quantity of ${name} updated to ${orderQuantity}` : `Removed ${name} from your cart`;
    return redirectWithToast(PAGE, successNotification(text), { headers: passOnCookies(headers) });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const problem = error.problem;
    const message = problem?.fieldErrors?.[0]?.message ?? problem?.detail ?? failureText(problem);
    return data<LineResult>(
      { cartItemId, intent, orderQuantity, error: message },
      { status: error.unreachable ? 503 : error.status, headers: passOnCookies(error.headers) },
    );
  }
}

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

function ChefSection({ chef, result }: { chef: CartChefGroup; result: LineResult | undefined }) {
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
        <p className="mt-1 text-xs text-cocoa-600">Dates and times are {zoneName(chef.lines[0].item.timeZone)}.</p>
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

export default function CartRoute() {
  const { cart, signedIn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const chefs = groupCart(cart);
  const count = cart.cartItems.length;
  const errors = cart.errors.map((e) => e.message);
  return (
    <section className={`${container} max-w-4xl py-12 md:py-16`} aria-labelledby="cart-heading">
      <h1 id="cart-heading" className="font-display text-4xl font-semibold tracking-tight text-cocoa-900">
        Your cart
      </h1>
      <p className="mt-2 text-cocoa-700">{count === 1 ? '1 item' : `${count} items`} in your cart.</p>

      {cart.removed.length ? (
        <div
          role="status"
          className="mt-6 rounded-3xl border border-amber-600/30 bg-amber-50 p-5 text-amber-950"
          data-testid="cart-removed"
        >
          <p className="font-semibold">We took some things out of your cart:</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {cart.removed.map((r) => (
              <li key={r.cartItemId}>{r.message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="mt-8 space-y-6">
        {chefs.map((chef) => (
          <ChefSection key={chef.publisherId} chef={chef} result={result} />
        ))}
      </div>

      <section
        aria-labelledby="totals-heading"
        className="mt-8 rounded-3xl bg-cocoa-900 p-6 text-cream-100"
        data-testid="cart-totals"
      >
        <h2 id="totals-heading" className="font-display text-2xl font-semibold text-white">
          Total
        </h2>
        {cart.totals.map((t) => (
          <dl key={t.currencyCode} className="mt-3 space-y-1">
            <div className="flex justify-between text-sm">
              <dt>Items ({t.currencyCode})</dt>
              <dd data-amount="items">{formatAmount(t.itemsTotal, t.currencyCode)}</dd>
            </div>
            <div className="flex justify-between text-sm">
              <dt>Delivery fees ({t.currencyCode})</dt>
              <dd data-amount="fees">{formatAmount(t.deliveryFeesTotal, t.currencyCode)}</dd>
            </div>
            <div className="flex justify-between text-lg font-semibold text-white">
              <dt>Cart total ({t.currencyCode})</dt>
              <dd data-testid="cart-total" data-amount="total">
                {formatAmount(t.cartTotal, t.currencyCode)}
              </dd>
            </div>
          </dl>
        ))}
        {cart.totals.length > 1 ? (
          <p className="mt-3 text-xs text-cream-200">
            Chefs who sell in different currencies are totalled separately.
          </p>
        ) : null}
      </section>

      <div className="mt-6 space-y-4">
        {errors.length ? <FormAlert messages={errors} id="cart-errors" /> : null}
        <div className="flex flex-wrap items-center gap-3">
          {!cart.isValid ? (
            <button
              type="button"
              className={`${buttonClass.primary} cursor-not-allowed opacity-50`}
              disabled
              aria-describedby="cart-errors"
            >
              Check out
            </button>
          ) : signedIn ? (
            <Link to={CHECKOUT_PATH} className={buttonClass.primary}>
              Check out
            </Link>
          ) : (
            <>
              {/* A full page visit: the sign-in runs in the API, and the guest cart joins the account there. */}
              <a href={authHref('login', CHECKOUT_PATH)} className={buttonClass.primary}>
                Check out
              </a>
              <p className="text-sm text-cocoa-700">You will sign in first; your cart comes with you.</p>
            </>
          )}
          <Link to="/l/find-items" className={buttonClass.ghost}>
            Keep shopping
          </Link>
        </div>
      </div>
    </section>
  );
}
