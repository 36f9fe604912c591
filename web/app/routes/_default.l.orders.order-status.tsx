import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { dayLabel } from '@hearth/shared';
import { DateAmounts, OrderTotals, SettlementLabel, StatusBadge } from '~/components/order-bits';
import { OrderTimeline } from '~/components/order-timeline';
import { itemHref } from '~/components/search-results';
import { buttonClass, container, linkClass } from '~/components/ui';
import { isApiError, timeZoneFor } from '~/lib/api/client.server';
import { listReviews } from '~/lib/catalog/catalog.server';
import { displayZone, instantLabel, slotsLabel } from '~/lib/format/dates';
import { requireUser } from '~/lib/session/guards.server';
import { notFound } from '~/lib/http/http.server';
import { formatAmount } from '~/lib/format/money';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { PAYMENT_METHOD_LABELS, canRate, timelineOf } from '~/lib/orders/orders';
import { DatePayment } from '~/components/orders/date-payment';
import type { Order } from '~/lib/orders/orders';
import { cancelDateSelection, getOrder, postRating } from '~/lib/orders/orders.server';
import { ordersWithKitchenBrands } from '~/lib/cart/cart.server';
import { mapRatingProblem, parseRating } from '~/lib/orders/rating';
import { redirectWithToast } from '~/lib/ui/toast.server';
import { CancelForm } from '~/components/orders/cancel-date-form';
import type { CancelResult } from '~/components/orders/cancel-date-form';
import { RatingForm } from '~/components/orders/rating-form';
import type { RateResult } from '~/components/orders/rating-form';
import { OrderThreadPanel, type MessageResult } from '~/components/order-messages/order-thread';
import { orderThreads, sendOrderMessage, type OrderThread } from '~/lib/orders/order-messages.server';
import { FeedbackForm, type FeedbackResult } from '~/components/feedback/feedback-form';
import { FEEDBACK_FIELDS, parseFeedbackForm, starsText, type Feedback } from '~/lib/feedback/feedback';
import { orderFeedback, sendFeedback } from '~/lib/feedback/feedback.server';
import { mapFieldErrors } from '~/lib/forms/field-errors';

const PAGE = '/l/orders/order-status';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order ${data.order.orderNumber} — Hearth` : 'Order — Hearth' },
];

function statusPage(orderNumber: string): string {
  return `${PAGE}?orderNumber=${encodeURIComponent(orderNumber)}`;
}

/**
 * /l/orders/order-status?orderNumber=…: the life cycle of every date of one order (shared timeline
 * labels) with each recorded change, a cancel form while a date can still be cancelled, and after
 * delivery a rating form (once per date).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const orderNumber = new URL(request.url).searchParams.get('orderNumber')?.trim() ?? '';
  if (!orderNumber) throw notFound('Which order? The link has no order number.');
  let order: Order;
  try {
    [order] = await ordersWithKitchenBrands(request, [await getOrder(request, orderNumber)]);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400))
      throw notFound(`We could not find order ${orderNumber}.`);
    throw error;
  }
  // A date already rated does not get the form again (when the API says which date a review is for).
  const delivered = order.cartItems.filter((l) => l.dates.some(canRate));
  const kitchens = [...new Set(delivered.map((l) => l.publisherId))];
  const reviews = (await Promise.all(kitchens.map((id) => listReviews(request, id, { size: 100 })))).flat();
  const rated = reviews
    .map((r) => (r as { orderDateSelectionId?: unknown } | null)?.orderDateSelectionId)
    .filter((id): id is string => typeof id === 'string');
  // The messages with each kitchen of the order (reading them marks the kitchen's messages read).
  let threads: OrderThread[] = [];
  let threadsError: string | null = null;
  try {
    threads = await orderThreads(request, order.orderNumber);
  } catch (error) {
    if (!isApiError(error)) throw error;
    threadsError = failureText(error.problem);
  }
  // "Tell us how it went": once a date of the order is delivered, once per order.
  let feedback: { canGive: boolean; feedback: Feedback | null } = { canGive: false, feedback: null };
  if (order.cartItems.some((l) => l.dates.some((d) => d.orderStatus === 'DELIVERED'))) {
    try {
      feedback = await orderFeedback(request, order.orderNumber);
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  }
  return { order, rated, threads, threadsError, feedback, timeZone: timeZoneFor(request) };
}

/** "Cancelled Dal Tadka for Sun, Nov 29 — …", from the order the API sent back (the generic text if the date is not in it). */
function cancelledMessage(
  order: Order,
  ref: { cartItemId: string; dateSelectionId: string },
): string | undefined {
  const line = order.cartItems?.find((l) => l.cartItemId === ref.cartItemId);
  const date = line?.dates.find((d) => d.id === ref.dateSelectionId);
  if (!line || !date) return undefined;
  return `Cancelled ${line.itemName} for ${dayLabel(date.date)} — the chef has been told`;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'cancel') {
    const ref = {
      orderNumber: String(form.get('orderNumber') ?? ''),
      cartItemId: String(form.get('cartItemId') ?? ''),
      dateSelectionId: String(form.get('dateSelectionId') ?? ''),
    };
    const reason = String(form.get('reason') ?? '').trim();
    if (!ref.orderNumber || !ref.cartItemId || !ref.dateSelectionId)
      throw data('Which date? The form did not say.', { status: 400 });
    let cancelled: Order;
    try {
      cancelled = await cancelDateSelection(request, ref, reason);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const message =
        error.problem?.fieldErrors?.[0]?.message ?? error.problem?.detail ?? failureText(error.problem);
      return data<CancelResult>(
        { intent, dateSelectionId: ref.dateSelectionId, reason, error: message },
        { status: error.unreachable ? 503 : error.status },
      );
    }
    return redirectWithToast(
      statusPage(ref.orderNumber),
      successNotification(cancelledMessage(cancelled, ref)),
    );
  }
  if (intent === 'rate') {
    const parsed = parseRating(form);
    const base = { intent, dateSelectionId: parsed.target.dateSelectionId, values: parsed.values } as const;
    if (!parsed.ok)
      return data<RateResult>({ ...base, fieldErrors: parsed.fieldErrors, formErrors: [] }, { status: 400 });
    try {
      await postRating(request, parsed.body);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 400)
        return data<RateResult>({ ...base, ...mapRatingProblem(error.problem) }, { status: 400 });
      const sentence = error.problem?.detail || failureText(error.problem);
      return data<RateResult>(
        { ...base, fieldErrors: {}, formErrors: [sentence] },
        { status: error.unreachable ? 503 : error.status },
      );
    }
    const dish = String(form.get('itemName') ?? '').trim();
    return redirectWithToast(
      statusPage(parsed.target.orderNumber),
      successNotification(
        dish ? `Thank you — your review of ${dish} is posted` : 'Thank you — your review is posted',
      ),
    );
  }
  if (intent === 'feedback') {
    const orderNumber = String(form.get('orderNumber') ?? '').trim();
    if (!orderNumber) throw data('Which order? The form did not say.', { status: 400 });
    const parsed = parseFeedbackForm(form, { orderNumber, pageUrl: PAGE });
    if (!parsed.ok)
      return data<FeedbackResult>(
        { intent, values: parsed.values, fieldErrors: parsed.fieldErrors, formErrors: [] },
        { status: 400 },
      );
    try {
      await sendFeedback(request, parsed.body);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 400)
        return data<FeedbackResult>(
          { intent, values: parsed.values, ...mapFieldErrors(error.problem, FEEDBACK_FIELDS) },
          { status: 400 },
        );
      const sentence = error.problem?.detail || failureText(error.problem);
      return data<FeedbackResult>(
        { intent, values: parsed.values, fieldErrors: {}, formErrors: [sentence] },
        { status: error.unreachable ? 503 : error.status },
      );
    }
    return redirectWithToast(
      statusPage(orderNumber),
      successNotification('Thank you — we have your feedback on this order'),
    );
  }
  if (intent === 'message') {
    const field = (name: string) => String(form.get(name) ?? '').trim();
    const orderNumber = field('orderNumber');
    const formKey = field('formKey');
    const message = field('message');
    if (!orderNumber) throw data('Which order? The form did not say.', { status: 400 });
    if (!message)
      return data<MessageResult>({ intent, formKey, message, error: 'Write a message' }, { status: 400 });
    try {
      await sendOrderMessage(request, {
        orderNumber,
        message,
        ...(field('cartItemId') ? { cartItemId: field('cartItemId') } : {}),
      });
    } catch (error) {
      if (!isApiError(error)) throw error;
      const sentence =
        error.problem?.fieldErrors?.[0]?.message ?? error.problem?.detail ?? failureText(error.problem);
      return data<MessageResult>(
        { intent, formKey, message, error: sentence },
        { status: error.unreachable ? 503 : error.status },
      );
    }
    return redirectWithToast(statusPage(orderNumber), successNotification('Message sent'));
  }
  throw data('This form is not known here.', { status: 400 });
}

export default function OrderStatusRoute() {
  const { order, rated, threads, threadsError, feedback, timeZone } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const ratedSet = new Set(rated);
  return (
    <section className={`${container} max-w-4xl py-12 md:py-16`} aria-labelledby="order-heading">
      <p className="text-sm">
        <Link to="/l/orders" className={linkClass}>
          ← All orders
        </Link>
      </p>
      <h1
        id="order-heading"
        className="mt-3 font-display text-4xl font-semibold tracking-tight text-cocoa-900"
      >
        Order {order.orderNumber}
      </h1>
      <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-2 text-sm text-cocoa-700">
        <div>
          <dt className="inline">Placed </dt>
          <dd className="inline font-semibold text-cocoa-900">
            {instantLabel(order.orderedDate, displayZone(order.cartItems[0]?.timeZone, timeZone))}
          </dd>
        </div>
        <div>
          <dt className="inline">Total </dt>
          <dd className="inline font-semibold text-cocoa-900" data-testid="order-total">
            {formatAmount(order.amounts.total, order.currencyCode)}
          </dd>
        </div>
        {order.paymentDetails ? (
          <div>
            <dt className="inline">Payment </dt>
            <dd className="inline font-semibold text-cocoa-900">
              {PAYMENT_METHOD_LABELS[order.paymentDetails.paymentMethod] ??
                order.paymentDetails.paymentMethod}
              {order.paymentDetails.isPaymentCompleted ? ' (paid)' : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      {order.note ? <p className="mt-2 text-sm text-cocoa-700">Your note: “{order.note}”</p> : null}
      {order.paymentDetails &&
      !order.paymentDetails.isPaymentCompleted &&
      order.paymentDetails.gateway !== 'cash' &&
      order.paymentDetails.holdExpiresAt ? (
        // An online order not paid yet: held until the hold ends, payable from the payment page.
        <div className="mt-4 rounded-2xl border border-ember-700 bg-ember-50 px-4 py-3 text-sm text-cocoa-900">
          <p>This order is waiting for its payment and is held for you until it is paid or the hold ends.</p>
          <Form
            method="post"
            action={`/l/orders/payment?orderNumber=${encodeURIComponent(order.orderNumber)}`}
            className="mt-2"
          >
            <button type="submit" className={buttonClass.primary}>
              Pay now
            </button>
          </Form>
        </div>
      ) : null}

      <ul className="mt-8 space-y-6">
        {order.cartItems.map((line) => (
          <li key={line.cartItemId} className="rounded-3xl bg-white p-5 shadow-card md:p-6">
            <h2 className="font-display text-2xl font-semibold text-cocoa-900">
              {line.orderQuantity} ×{' '}
              {line.itemId ? (
                <Link to={itemHref(line.itemId)} className="hover:text-ember-800">
                  {line.itemName}
                </Link>
              ) : (
                line.itemName
              )}
            </h2>
            <p className="text-sm text-cocoa-700">
              {line.kitchenName} · {formatAmount(line.unitPrice, order.currencyCode)} each
            </p>
            <ul className="mt-4 space-y-6">
              {line.dates.map((selection) => {
                const cancelResult =
                  result?.intent === 'cancel' && result.dateSelectionId === selection.id ? result : undefined;
                const rateResult =
                  result?.intent === 'rate' && result.dateSelectionId === selection.id ? result : undefined;
                return (
                  <li
                    key={selection.id}
                    className="border-t border-cocoa-700/10 pt-4"
                    data-testid="date-selection"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <h3 className="font-semibold text-cocoa-900">
                        {dayLabel(selection.date)} · {slotsLabel(selection.timeSlots)} ·{' '}
                        {selection.deliveryOption === 'PICKUP' ? 'Pickup' : 'Delivery'}
                      </h3>
                      <span className="flex items-center gap-2 text-sm">
                        <StatusBadge
                          status={selection.orderStatus}
                          deliveryOption={selection.deliveryOption}
                        />
                        <SettlementLabel
                          settlement={selection.settlement}
                          currencyCode={order.currencyCode}
                        />
                      </span>
                    </div>
                    {selection.noShowAt ? (
                      <p className="mt-2 text-sm font-medium text-red-900" data-testid="no-show">
                        The kitchen marked this date as not collected on{' '}
                        {instantLabel(selection.noShowAt, displayZone(line.timeZone, timeZone))}. Dates not
                        collected count against paying in cash: after a few, only online payment is offered.
                      </p>
                    ) : selection.cashReceivedAt ? (
                      <p className="mt-2 text-sm text-cocoa-700" data-testid="cash-received">
                        Paid in cash, received by the kitchen on{' '}
                        {instantLabel(selection.cashReceivedAt, displayZone(line.timeZone, timeZone))}.
                      </p>
                    ) : null}
                    <div className="mt-2 max-w-md">
                      <DateAmounts line={line} selection={selection} currencyCode={order.currencyCode} />
                    </div>
                    <DatePayment
                      selection={selection}
                      paymentMethod={order.paymentDetails?.paymentMethod ?? null}
                      currencyCode={order.currencyCode}
                      timeZone={displayZone(line.timeZone, timeZone)}
                    />
                    <div className="mt-4">
                      <OrderTimeline
                        steps={timelineOf(selection)}
                        deliveryOption={selection.deliveryOption}
                        changes={selection.statusChanges ?? []}
                        timeZone={displayZone(line.timeZone, timeZone)}
                      />
                    </div>
                    {selection.canCancel ? (
                      <CancelForm
                        order={order}
                        line={line}
                        selection={selection}
                        result={cancelResult}
                        timeZone={displayZone(line.timeZone, timeZone)}
                      />
                    ) : null}
                    {canRate(selection) && !ratedSet.has(selection.id) ? (
                      <RatingForm order={order} line={line} selection={selection} result={rateResult} />
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>

      {feedback.canGive ? (
        <section className="mt-8 rounded-3xl bg-white p-5 shadow-card md:p-6" data-testid="order-feedback">
          <FeedbackForm
            id="order-feedback"
            title="Tell us how it went"
            intro="How was this order, from ordering to the food at your door? The Hearth team reads every answer."
            result={result?.intent === 'feedback' ? result : undefined}
            starsRequired
            guest={false}
            submitLabel="Send feedback"
            hidden={{ orderNumber: order.orderNumber }}
          />
        </section>
      ) : feedback.feedback ? (
        <section
          aria-labelledby="order-feedback-heading"
          className="mt-8 rounded-3xl bg-white p-5 shadow-card md:p-6"
          data-testid="order-feedback"
        >
          <h2 id="order-feedback-heading" className="font-display text-2xl font-semibold text-cocoa-900">
            Your feedback
          </h2>
          <p className="mt-2 text-ember-700">
            <span aria-hidden="true">{starsText(feedback.feedback.rating)}</span>
            <span className="sr-only">{`${feedback.feedback.rating ?? 0} of 5 stars`}</span>
          </p>
          <p className="mt-1 whitespace-pre-line text-cocoa-900">{feedback.feedback.message}</p>
          <p className="mt-2 text-sm text-cocoa-700">Thank you for telling us how it went.</p>
        </section>
      ) : null}

      <section aria-labelledby="order-messages-heading" className="mt-8">
        <h2 id="order-messages-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Messages
        </h2>
        {threadsError ? (
          <p className="mt-2 text-sm text-red-900">{threadsError}</p>
        ) : (
          <div className="mt-3 space-y-4">
            {threads.map((thread) => (
              <OrderThreadPanel
                key={thread.publisherId}
                thread={thread}
                cartItemId={order.cartItems.find((l) => l.publisherId === thread.publisherId)?.cartItemId}
                timeZone={timeZone}
                result={result?.intent === 'message' ? result : undefined}
              />
            ))}
          </div>
        )}
      </section>

      <section
        aria-labelledby="order-totals-heading"
        className="mt-8 rounded-3xl bg-white p-5 shadow-card md:ml-auto md:max-w-sm md:p-6"
      >
        <h2 id="order-totals-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Order total
        </h2>
        <div className="mt-3">
          <OrderTotals order={order} />
        </div>
      </section>
    </section>
  );
}
