import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { DeliveryOption, dayLabel } from '@hearth/shared';
import { FieldError, FormAlert } from '~/components/form-feedback';
import { buttonClass, container, inputClass, labelClass, linkClass } from '~/components/ui';
import { COUNTRY_NAMES, formatAddress } from '~/lib/account/address';
import type { Address } from '~/lib/account/address';
import { listAddresses } from '~/lib/account/address.server';
import { apiFetch, isApiError } from '~/lib/api/client.server';
import { cartSummaries, toCart } from '~/lib/cart/cart';
import { withKitchenBrands } from '~/lib/cart/cart.server';
import type { PickupPlace } from '~/lib/catalog/catalog';
import { getKitchenPage } from '~/lib/catalog/catalog.server';
import {
  PAYMENT_METHODS,
  PICKUP_PREFIX,
  mapCheckoutProblem,
  readCheckout,
  toCheckoutBody,
} from '~/lib/cart/checkout';
import type { CheckoutErrors, CheckoutField, CheckoutValues } from '~/lib/cart/checkout';
import { requireNonEmptyCart, requireUser } from '~/lib/session/guards.server';
import { formatAmount } from '~/lib/format/money';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';
import type { Schemas } from '~/lib/api/schemas';

export const meta: MetaFunction = () => [{ title: 'Check out — Hearth' }];

const ORDER_STATUS_PATH = '/l/orders/order-status';

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
  const [addresses, consumer, kitchens] = await Promise.all([
    optional(listAddresses(request), [] as Address[]),
    optional(
      apiFetch<Schemas['ConsumerDetailsDto']>(request, 'consumer').then(
        (r) => r.data,
      ),
      null,
    ),
    Promise.all(kitchenIds.map((id) => getKitchenPage(request, id))),
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
      pickups: pickupLines.map((l) => ({
        cartItemId: l.cartItemId,
        itemName: l.item.name,
        kitchenName: l.item.kitchenName,
        dates: l.dates.filter((d) => d.deliveryOption === DeliveryOption.PICKUP).map((d) => d.date),
        chosen: l.dates.find((d) => d.pickupLocationId)?.pickupLocationId ?? null,
        places: placesByKitchen.get(l.item.publisherId) ?? [],
      })),
      cart,
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

/** Places the order (`POST order`); on success the order's status page says "Order HR-… placed". */
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
    const { data: order } = await apiFetch<Schemas['OrderDto']>(request, 'order', {
      method: 'POST',
      json: parsed.body,
    });
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

function Field({
  id,
  label,
  error,
  children,
  className = '',
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function placeLabel(p: PickupPlace): string {
  return [
    p.name,
    formatAddress({
      address: p.address,
      addressLine1: p.addressLine1,
      addressLine2: p.addressLine2,
      city: p.city,
      state: p.state,
      zipcode: p.zipcode,
    }),
  ]
    .filter(Boolean)
    .join(' — ');
}

export default function CheckoutRoute() {
  const { contact, addresses, needsAddress, pickups, cart, idempotencyKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const placing = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'place-order';
  const v = result?.values;
  const errors = result?.fieldErrors ?? {};
  const input = (name: CheckoutField, fallback = '') => ({
    id: `checkout-${name}`,
    name,
    defaultValue: v ? String(v[name as keyof CheckoutValues] ?? '') : fallback,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `checkout-${name}-error` : undefined,
    className: inputClass,
  });
  const defaultAddress = addresses.find((a) => a.isUnderUse)?.id ?? addresses[0]?.id ?? 'new';
  const addressChoice = v?.deliveryAddressId || defaultAddress;

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

          <section className="rounded-3xl bg-white p-5 shadow-card md:p-6" aria-labelledby="contact-heading">
            <h2 id="contact-heading" className="font-display text-2xl font-semibold text-cocoa-900">
              Contact details
            </h2>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <Field id="checkout-contactName" label="Name" error={errors.contactName}>
                <input type="text" autoComplete="name" {...input('contactName', contact.name)} />
              </Field>
              <Field id="checkout-contactEmail" label="Email" error={errors.contactEmail}>
                <input type="email" autoComplete="email" {...input('contactEmail', contact.email)} />
              </Field>
              <Field id="checkout-contactPhone" label="Phone" error={errors.contactPhone}>
                <input type="tel" autoComplete="tel" {...input('contactPhone', contact.phone)} />
              </Field>
            </div>
          </section>

          {needsAddress ? (
            <section
              className="rounded-3xl bg-white p-5 shadow-card md:p-6"
              aria-labelledby="delivery-heading"
            >
              <h2 id="delivery-heading" className="font-display text-2xl font-semibold text-cocoa-900">
                Delivery address
              </h2>
              <div
                className="mt-4 space-y-2"
                role="radiogroup"
                aria-labelledby="delivery-heading"
                aria-describedby={errors.deliveryAddressId ? 'checkout-deliveryAddressId-error' : undefined}
              >
                {addresses.map((a) => (
                  <label
                    key={a.id}
                    className="flex cursor-pointer items-start gap-3 rounded-2xl border border-cocoa-700/15 px-4 py-3 has-[:checked]:border-ember-700 has-[:checked]:bg-ember-50"
                  >
                    <input
                      type="radio"
                      name="deliveryAddressId"
                      value={a.id}
                      defaultChecked={addressChoice === a.id}
                      className="mt-1 h-4 w-4 text-ember-700"
                    />
                    <span>
                      <span className="font-semibold text-cocoa-900">{a.name}</span>
                      <span className="block text-sm text-cocoa-700">{formatAddress(a)}</span>
                    </span>
                  </label>
                ))}
                <label className="flex cursor-pointer items-start gap-3 rounded-2xl border border-cocoa-700/15 px-4 py-3 has-[:checked]:border-ember-700 has-[:checked]:bg-ember-50">
                  <input
                    type="radio"
                    name="deliveryAddressId"
                    value="new"
                    defaultChecked={addressChoice === 'new'}
                    className="mt-1 h-4 w-4 text-ember-700"
                  />
                  <span>
                    <span className="font-semibold text-cocoa-900">A new address</span>
                    <span className="block text-sm text-cocoa-700">
                      Fill in the fields below; they are used only when this is chosen.
                    </span>
                  </span>
                </label>
              </div>
              <FieldError id="checkout-deliveryAddressId-error" message={errors.deliveryAddressId} />
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                <Field
                  id="checkout-addressLine1"
                  label="Address line 1"
                  error={errors.addressLine1}
                  className="sm:col-span-2"
                >
                  <input type="text" autoComplete="address-line1" {...input('addressLine1')} />
                </Field>
                <Field
                  id="checkout-addressLine2"
                  label="Address line 2"
                  error={errors.addressLine2}
                  className="sm:col-span-2"
                >
                  <input type="text" autoComplete="address-line2" {...input('addressLine2')} />
                </Field>
                <Field id="checkout-city" label="City" error={errors.city}>
                  <input type="text" autoComplete="address-level2" {...input('city')} />
                </Field>
                <Field id="checkout-state" label="State" error={errors.state}>
                  <input type="text" autoComplete="address-level1" {...input('state')} />
                </Field>
                <Field id="checkout-zipcode" label="Zip code" error={errors.zipcode}>
                  <input type="text" autoComplete="postal-code" {...input('zipcode')} />
                </Field>
                <Field id="checkout-country" label="Country" error={errors.country}>
                  <select autoComplete="country-name" {...input('country', 'United States')}>
                    {COUNTRY_NAMES.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field
                  id="checkout-deliveryNote"
                  label="Note for the driver"
                  error={errors.deliveryNote}
                  className="sm:col-span-2"
                >
                  <input type="text" {...input('deliveryNote')} />
                </Field>
              </div>
            </section>
          ) : null}

          {pickups.length ? (
            <section className="rounded-3xl bg-white p-5 shadow-card md:p-6" aria-labelledby="pickup-heading">
              <h2 id="pickup-heading" className="font-display text-2xl font-semibold text-cocoa-900">
                Pickup
              </h2>
              <FieldError id="checkout-pickup-error" message={errors.pickup} />
              <div className="mt-4 space-y-4">
                {pickups.map((p) => {
                  const id = `checkout-pickup-${p.cartItemId}`;
                  const chosen =
                    v?.pickup[p.cartItemId] ??
                    p.chosen ??
                    p.places.find((x) => x.isPrimary)?.id ??
                    p.places[0]?.id ??
                    '';
                  return (
                    <div key={p.cartItemId}>
                      <label htmlFor={id} className={labelClass}>
                        Where to pick up {p.itemName} ({p.kitchenName}, {p.dates.map(dayLabel).join(', ')})
                      </label>
                      {p.places.length ? (
                        <select
                          id={id}
                          name={`${PICKUP_PREFIX}${p.cartItemId}`}
                          defaultValue={chosen}
                          className={inputClass}
                          aria-describedby={errors.pickup ? 'checkout-pickup-error' : undefined}
                        >
                          {p.places.map((place) => (
                            <option key={place.id} value={place.id}>
                              {placeLabel(place)}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <p id={id} className="text-sm text-cocoa-700">
                          The chef will tell you where to collect it.
                        </p>
                      )}
                    </div>
                  );
                })}
              </div>
            </section>
          ) : null}

          <div className="rounded-3xl bg-white p-5 shadow-card md:p-6">
            <Field id="checkout-note" label="Note for the chef (optional)" error={errors.note}>
              <textarea rows={3} maxLength={1000} {...input('note')} />
            </Field>
            <fieldset
              className="mt-6"
              aria-describedby={errors.paymentMethod ? 'checkout-paymentMethod-error' : undefined}
            >
              <legend className={labelClass}>Payment</legend>
              {PAYMENT_METHODS.map((m) => (
                <label
                  key={m.value}
                  className="flex items-start gap-3 rounded-2xl border border-ember-700 bg-ember-50 px-4 py-3"
                >
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={m.value}
                    defaultChecked
                    className="mt-1 h-4 w-4 text-ember-700"
                  />
                  <span>
                    <span className="font-semibold text-cocoa-900">{m.label}</span>
                    <span className="block text-sm text-cocoa-700">{m.hint}</span>
                  </span>
                </label>
              ))}
              <FieldError id="checkout-paymentMethod-error" message={errors.paymentMethod} />
            </fieldset>
          </div>

          <button type="submit" className={`${buttonClass.primary} px-8 py-3 text-base`} disabled={placing}>
            {placing ? 'Placing your order…' : 'Place order'}
          </button>
        </Form>

        <aside
          aria-labelledby="summary-heading"
          className="h-fit rounded-3xl bg-cocoa-900 p-6 text-cream-100"
        >
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
                  <li key={`${f.publisherId}-${f.date}-${f.firstTimeSlot}`} className="flex justify-between gap-3">
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
      </div>
    </section>
  );
}
