import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { DeliveryOption } from '@hearth/shared';
import { checkoutInput } from '~/components/checkout/checkout-field';
import { ContactSection } from '~/components/checkout/contact-section';
import { DeliverySection } from '~/components/checkout/delivery-section';
import { OrderSummary } from '~/components/checkout/order-summary';
import { PaymentSection } from '~/components/checkout/payment-section';
import { PickupSection } from '~/components/checkout/pickup-section';
import type { PickupLine } from '~/components/checkout/pickup-section';
import { FormAlert } from '~/components/form-feedback';
import { buttonClass, container, linkClass } from '~/components/ui';
import type { Address } from '~/lib/account/address';
import { listAddresses } from '~/lib/account/address.server';
import { apiFetch, isApiError } from '~/lib/api/client.server';
import type { Schemas } from '~/lib/api/schemas';
import { toCart } from '~/lib/cart/cart';
import { withKitchenBrands } from '~/lib/cart/cart.server';
import { CASH_ONLY, mapCheckoutProblem, readCheckout, toCheckoutBody } from '~/lib/cart/checkout';
import type { CheckoutErrors, CheckoutValues, PaymentMethodOption } from '~/lib/cart/checkout';
import type { PickupPlace } from '~/lib/catalog/catalog';
import { getKitchenPage } from '~/lib/catalog/catalog.server';
import { requireNonEmptyCart, requireUser } from '~/lib/session/guards.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

export const meta: MetaFunction = () => [{ title: 'Check out — Hearth' }];

const ORDER_STATUS_PATH = '/l/orders/order-status';
const PAYMENT_PATH = '/l/orders/payment';

async function optional<T>(promise: Promise<T>, fallback: T): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (!isApiError(error)) throw error;
    return fallback;
  }
}

/**
 * /l/cart/checkout (signed in): contact details, where the food goes, how to pay. A new idempotency
 * key is made each time the page renders, so that submitting the form twice places one order.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const guarded = await requireNonEmptyCart(request);
  const cart = await withKitchenBrands(request, toCart(guarded.body));
  if (!cart.isValid) {
    const text = cart.errors.map((e) => e.message).join(' ') || 'Your cart cannot be checked out yet.';
    throw await redirectWithToast('/l/cart', { kind: 'warning', text }, { headers: guarded.headers });
  }
  const pickupLines = cart.cartItems.filter((l) =>
    l.dates.some((d) => d.deliveryOption === DeliveryOption.PICKUP),
  );
  const kitchenIds = [...new Set(pickupLines.map((l) => l.item.publisherId))];
  const [addresses, consumer, kitchens, payment] = await Promise.all([
    optional(listAddresses(request), [] as Address[]),
    optional(
      apiFetch<Schemas['ConsumerDetailsDto']>(request, 'consumer').then((r) => r.data),
      null,
    ),
    Promise.all(kitchenIds.map((id) => getKitchenPage(request, id))),
    optional(
      apiFetch<{ methods: PaymentMethodOption[] }>(request, 'order/payment-methods').then((r) => r.data),
      { methods: CASH_ONLY },
    ),
  ]);
  const placesByKitchen = new Map<string, PickupPlace[]>(
    kitchenIds.map((id, i) => [id, kitchens[i]?.pickupLocations ?? []]),
  );
  return data(
    {
      contact: { name: user.name, email: user.email, phone: consumer?.consumerContactDetails?.phone ?? '' },
      addresses,
      needsAddress: cart.cartItems.some((l) =>
        l.dates.some((d) => d.deliveryOption === DeliveryOption.DELIVERY),
      ),
      pickups: pickupLines.map((l): PickupLine => ({
        cartItemId: l.cartItemId,
        itemName: l.item.name,
        kitchenName: l.item.kitchenName,
        dates: l.dates.filter((d) => d.deliveryOption === DeliveryOption.PICKUP).map((d) => d.date),
        chosen: l.dates.find((d) => d.pickupLocationId)?.pickupLocationId ?? null,
        places: placesByKitchen.get(l.item.publisherId) ?? [],
      })),
      cart,
      paymentMethods: payment.methods,
      idempotencyKey: crypto.randomUUID(),
    },
    { headers: guarded.headers },
  );
}

interface CheckoutResult {
  values: CheckoutValues;
  fieldErrors: CheckoutErrors;
  formErrors: string[];
}

/**
 * Places the order (`POST order`). Cash: the order's status page says "Order HR-… placed". An online method:
 * a 303 to the gateway's hosted payment page (no JavaScript needed); when that page could not be opened, the
 * payment page with the reason and "Pay now".
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const values = readCheckout(await request.formData());
  const parsed = toCheckoutBody(values);
  if (!parsed.ok)
    return data<CheckoutResult>(
      { values, fieldErrors: parsed.fieldErrors, formErrors: parsed.formErrors },
      { status: 400 },
    );
  try {
    const { data: order } = await apiFetch<
      Schemas['OrderDto'] & { paymentUrl?: string | null; paymentError?: string | null }
    >(request, 'order', {
      method: 'POST',
      json: parsed.body,
    });
    if (order.paymentUrl) return redirect(order.paymentUrl, 303);
    if (order.paymentError)
      return redirect(`${PAYMENT_PATH}?orderNumber=${encodeURIComponent(order.orderNumber)}`, 303);
    return redirectWithToast(
      `${ORDER_STATUS_PATH}?orderNumber=${encodeURIComponent(order.orderNumber)}`,
      successNotification(`Order ${order.orderNumber} placed`),
    );
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 400)
      return data<CheckoutResult>({ values, ...mapCheckoutProblem(error.problem) }, { status: 400 });
    // Sold out, past the cut-off, the cart changed: the API's sentence.
    const sentence = error.problem?.detail || failureText(error.problem);
    return data<CheckoutResult>(
      { values, fieldErrors: {}, formErrors: [sentence] },
      { status: error.unreachable ? 503 : error.status },
    );
  }
}

export default function CheckoutRoute() {
  const { contact, addresses, needsAddress, pickups, cart, paymentMethods, idempotencyKey } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const placing = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'place-order';
  const v = result?.values;
  const errors = result?.fieldErrors ?? {};
  const input = checkoutInput(v, errors);
  const defaultAddress = addresses.find((a) => a.isUnderUse)?.id ?? addresses[0]?.id ?? 'new';

  return (
    <section className={`${container} max-w-5xl py-12 md:py-16`} aria-labelledby="checkout-heading">
      <h1 id="checkout-heading" className="font-display text-4xl font-semibold tracking-tight text-cocoa-900">
        Check out
      </h1>
      <p className="mt-2 text-cocoa-700">
        <Link to="/l/cart" className={linkClass}>
          ← Back to your cart
        </Link>
      </p>
      <div className="mt-8 grid gap-8 md:grid-cols-[1fr_20rem]">
        <Form
          method="post"
          className="space-y-8"
          aria-labelledby="checkout-heading"
          key={JSON.stringify(v ?? null)}
        >
          <input type="hidden" name="intent" value="place-order" />
          {/* Made when this page was rendered: a second submit of the same form finds the first order. */}
          <input type="hidden" name="idempotencyKey" value={v?.idempotencyKey || idempotencyKey} />
          <FormAlert messages={result?.formErrors} id="checkout-errors" />
          <ContactSection contact={contact} errors={errors} input={input} />
          {needsAddress ? (
            <DeliverySection
              addresses={addresses}
              choice={v?.deliveryAddressId || defaultAddress}
              errors={errors}
              input={input}
            />
          ) : null}
          {pickups.length ? <PickupSection pickups={pickups} chosen={v?.pickup} errors={errors} /> : null}
          <PaymentSection errors={errors} input={input} methods={paymentMethods} chosen={v?.paymentMethod} />
          <button type="submit" className={`${buttonClass.primary} px-8 py-3 text-base`} disabled={placing}>
            {placing ? 'Placing your order…' : 'Place order'}
          </button>
        </Form>
        <OrderSummary cart={cart} />
      </div>
    </section>
  );
}
