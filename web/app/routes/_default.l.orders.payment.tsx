import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormAlert } from '~/components/form-feedback';
import { buttonClass, container, linkClass } from '~/components/ui';
import { apiFetch, isApiError } from '~/lib/api/client.server';
import { notFound } from '~/lib/http/http.server';
import type { Order } from '~/lib/orders/orders';
import { getOrder } from '~/lib/orders/orders.server';
import { requireUser } from '~/lib/session/guards.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

const PAGE = '/l/orders/payment';
const STATUS_PAGE = '/l/orders/order-status';

/** Where the customer stands with an online payment. */
type PaymentState = 'waiting' | 'failed' | 'released' | 'cash';

interface PaymentFacts {
  gateway?: string;
  checkoutUrl?: string | null;
  failureReason?: string | null;
  holdExpiresAt?: string | null;
  isPaymentCompleted?: boolean;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Paying order ${data.orderNumber} — Hearth` : 'Payment — Hearth' },
  // Without JavaScript the page asks again every two seconds until the payment is confirmed.
  ...(data?.state === 'waiting' ? [{ httpEquiv: 'refresh', content: '2' }] : []),
];

function orderNumberOf(request: Request): string {
  const orderNumber = new URL(request.url).searchParams.get('orderNumber')?.trim() ?? '';
  if (!orderNumber) throw notFound('Which order? The link has no order number.');
  return orderNumber;
}

/** How often the loader re-reads a payment that is being confirmed. */
const CONFIRMATION_POLL_MS = 400;

/** How long one page load waits for the confirmation (PAYMENT_CONFIRM_WAIT_MS, default 6 s; 0: not at all). */
function confirmationWaitMs(): number {
  const ms = Number(process.env.PAYMENT_CONFIRM_WAIT_MS ?? 6000);
  return Number.isFinite(ms) && ms >= 0 ? ms : 6000;
}

/**
 * An online payment still being confirmed: not paid, its hold not over, and not failed (an earlier failure does
 * not count when the gateway just said it took the payment).
 */
function isOpen(order: Order, tookPayment: boolean): boolean {
  const p = (order.paymentDetails ?? {}) as PaymentFacts;
  return Boolean(
    p.gateway &&
    p.gateway !== 'cash' &&
    !p.isPaymentCompleted &&
    p.holdExpiresAt &&
    (!p.failureReason || tookPayment),
  );
}

/**
 * /l/orders/payment?orderNumber=… — where the gateways send the customer back (Stripe success_url, PayPal
 * return_url with `token` and `PayerID`, Cashfree return_url). PayPal's approval is captured here through the
 * API. The loader waits up to PAYMENT_CONFIRM_WAIT_MS for the payment events worker to mark the order paid;
 * past that the page says "Payment being confirmed…" and refreshes itself every 2 s (no JavaScript needed)
 * until it is, then goes on to the order's status page: "Order HR-… paid". A declined or failed
 * payment shows the gateway's reason with "Try again" and "Back to cart"; an order released meanwhile says so.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const orderNumber = orderNumberOf(request);
  const params = new URL(request.url).searchParams;
  const token = params.get('token');
  let captureError: string | null = null;
  if (token && params.get('PayerID')) {
    try {
      await apiFetch(request, `order/${encodeURIComponent(orderNumber)}/paypal/capture`, {
        method: 'POST',
        json: { token },
      });
    } catch (error) {
      if (!isApiError(error)) throw error;
      captureError = error.problem?.detail || failureText(error.problem);
    }
  }
  const read = async (): Promise<Order> => {
    try {
      return await getOrder(request, orderNumber);
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 400))
        throw notFound(`We could not find order ${orderNumber}.`);
      throw error;
    }
  };
  let order = await read();
  // The callback usually lands within a second of the gateway sending the customer back: wait for it here a
  // little (re-reading the order), so most customers go straight to their paid order and never see the
  // self-refreshing page below.
  const waitUntil = Date.now() + confirmationWaitMs();
  const tookPayment = params.has('session_id') || (Boolean(token) && !captureError);
  while (isOpen(order, tookPayment) && Date.now() < waitUntil) {
    await new Promise((resolve) => setTimeout(resolve, CONFIRMATION_POLL_MS));
    order = await read();
  }
  const p = (order.paymentDetails ?? {}) as PaymentFacts;
  const statusPage = `${STATUS_PAGE}?orderNumber=${encodeURIComponent(order.orderNumber)}`;
  if (p.isPaymentCompleted)
    throw await redirectWithToast(statusPage, successNotification(`Order ${order.orderNumber} paid`));
  // Back from a payment the gateway took (Stripe's success_url carries the session, PayPal's the approval):
  // an earlier attempt's failure no longer counts while the confirmation is on its way.
  const state: PaymentState =
    !p.gateway || p.gateway === 'cash'
      ? 'cash'
      : !p.holdExpiresAt
        ? 'released'
        : captureError || !p.checkoutUrl || (p.failureReason && !tookPayment)
          ? 'failed'
          : 'waiting';
  return data({
    orderNumber: order.orderNumber,
    total: `${order.orderTotal} ${order.currencyCode}`,
    state,
    reason: captureError ?? p.failureReason ?? null,
    checkoutUrl: p.checkoutUrl ?? null,
  });
}

/** "Try again": the gateway's page again (or a new one when opening it failed before), with a 303. */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const orderNumber = orderNumberOf(request);
  try {
    const { data: started } = await apiFetch<{ paymentUrl: string | null; paymentError: string | null }>(
      request,
      `order/${encodeURIComponent(orderNumber)}/pay`,
      { method: 'POST', json: {} },
    );
    if (started.paymentUrl) return redirect(started.paymentUrl, 303);
    return data({ formErrors: [started.paymentError ?? 'The payment page could not be opened. Try again.'] });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 409) return redirect(`${PAGE}?orderNumber=${encodeURIComponent(orderNumber)}`, 303);
    return data(
      { formErrors: [error.problem?.detail || failureText(error.problem)] },
      { status: error.unreachable ? 503 : error.status },
    );
  }
}

export default function PaymentRoute() {
  const { orderNumber, total, state, reason } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className={`${container} max-w-2xl py-12 md:py-16`} aria-labelledby="payment-heading">
      {state === 'waiting' ? (
        <>
          <h1 id="payment-heading" className="font-display text-3xl font-semibold text-cocoa-900">
            Payment being confirmed…
          </h1>
          <p className="mt-3 text-cocoa-700" role="status">
            We are waiting for the payment provider to confirm the payment of order {orderNumber} ({total}).
            This page refreshes by itself.
          </p>
          <p className="mt-6">
            <Link to={`${PAGE}?orderNumber=${encodeURIComponent(orderNumber)}`} className={linkClass}>
              Check again
            </Link>
          </p>
        </>
      ) : state === 'cash' ? (
        <>
          <h1 id="payment-heading" className="font-display text-3xl font-semibold text-cocoa-900">
            Nothing to pay online
          </h1>
          <p className="mt-3 text-cocoa-700">
            Order {orderNumber} ({total}) is paid in cash on pickup or delivery.
          </p>
          <p className="mt-6">
            <Link
              to={`/l/orders/order-status?orderNumber=${encodeURIComponent(orderNumber)}`}
              className={linkClass}
            >
              See the order
            </Link>
          </p>
        </>
      ) : state === 'released' ? (
        <>
          <h1 id="payment-heading" className="font-display text-3xl font-semibold text-cocoa-900">
            Order {orderNumber} was not paid
          </h1>
          <p className="mt-3 text-cocoa-700">
            The payment was not completed in time, so the order has been cancelled and nothing was charged.
          </p>
          <p className="mt-6">
            <Link to="/l/cart" className={buttonClass.primary}>
              Back to cart
            </Link>
          </p>
        </>
      ) : (
        <>
          <h1 id="payment-heading" className="font-display text-3xl font-semibold text-cocoa-900">
            Payment not completed
          </h1>
          <FormAlert messages={result?.formErrors} id="payment-errors" />
          <p className="mt-3 text-cocoa-700">
            {reason ?? 'The payment of order ' + orderNumber + ' did not go through.'} Your order{' '}
            {orderNumber} ({total}) is held for you for a little while.
          </p>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <Form method="post">
              <button type="submit" className={buttonClass.primary}>
                Try again
              </button>
            </Form>
            {/* Releases the held order and puts its lines back into the cart (a POST: it changes things). */}
            <Form method="post" action={`${PAGE}/cancel?orderNumber=${encodeURIComponent(orderNumber)}`}>
              <button type="submit" className={buttonClass.secondary}>
                Back to cart
              </button>
            </Form>
          </div>
        </>
      )}
    </section>
  );
}
