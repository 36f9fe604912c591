import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormAlert } from '~/components/form-feedback';
import { buttonClass, container } from '~/components/ui';
import { apiFetch, isApiError } from '~/lib/api/client.server';
import { authHref } from '~/lib/session/auth';
import { getUser } from '~/lib/session/auth.server';
import { groupCart, toCart } from '~/lib/cart/cart';
import { withKitchenBrands } from '~/lib/cart/cart.server';
import type { Cart } from '~/lib/cart/cart';
import { requireNonEmptyCart } from '~/lib/session/guards.server';
import { formatAmount } from '~/lib/format/money';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { passOnCookies } from '~/lib/http/redirect';
import { redirectWithToast } from '~/lib/ui/toast.server';
import { ChefSection } from '~/components/cart/cart-chef-section';
import type { LineResult } from '~/components/cart/cart-chef-section';

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
        ? await apiFetch<Cart>(request, path, {
            method: 'PUT',
            json: { orderQuantity: Number(orderQuantity) },
          })
        : await apiFetch<Cart>(request, path, { method: 'DELETE' });
    // Say what changed: the line's name from the cart's answer, else from the form (a removed line).
    const name =
      cart?.cartItems?.find((l) => l.cartItemId === cartItemId)?.item?.name ??
      (String(form.get('itemName') ?? '')
        .trim()
        .slice(0, 120) ||
        'the item');
    const text =
      intent === 'update'
        ? `Quantity of ${name} updated to ${orderQuantity}`
        : `Removed ${name} from your cart`;
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
