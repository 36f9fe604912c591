import { Form, useNavigation } from '@remix-run/react';
import { dayLabel } from '@hearth/shared';
import { FieldError } from '~/components/form-feedback';
import { buttonClass, inputClass, labelClass } from '~/components/ui';
import { instantLabel } from '~/lib/format/dates';
import type { OrderMessage, OrderThread } from '~/lib/orders/order-messages.server';

/** Longest message the API takes (OrderMessage, 2000 characters). */
export const ORDER_MESSAGE_MAX = 2000;

/** What a page's action answers when a message was refused (the text typed is kept). */
export interface MessageResult {
  intent: 'message';
  /** Which form: the thread's key or the date selection it was written from. */
  formKey: string;
  message: string;
  error: string;
}

/** The messages of one thread, oldest first: who wrote, when (in `timeZone`), and the text. */
export function MessageList({
  messages,
  timeZone,
  emptyText,
}: {
  messages: readonly OrderMessage[];
  timeZone: string;
  emptyText: string;
}) {
  if (messages.length === 0) return <p className="text-sm text-cocoa-700">{emptyText}</p>;
  return (
    <ol className="space-y-3" data-testid="order-messages">
      {messages.map((m) => (
        <li
          key={m.id}
          data-testid="order-message"
          className={`rounded-2xl px-4 py-3 text-sm ${m.mine ? 'ml-8 bg-ember-50' : 'mr-8 bg-cream-100'}`}
        >
          <p className="flex flex-wrap items-baseline gap-x-2 text-cocoa-700">
            <span className="font-semibold text-cocoa-900">{m.mine ? 'You' : m.authorName}</span>
            <span>{instantLabel(m.createdAt, timeZone)}</span>
            {m.date ? <span>· about {dayLabel(m.date)}</span> : null}
            {!m.mine && !m.readAt ? (
              <span
                className="rounded-full bg-ember-700 px-2 py-0.5 text-xs font-semibold text-white"
                data-testid="unread-marker"
              >
                New
              </span>
            ) : null}
          </p>
          <p className="mt-1 whitespace-pre-wrap text-cocoa-900">{m.message}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * A form that writes on a thread: `orderNumber` and, to name a kitchen or a date, `cartItemId` and
 * `userSelectionDateId`. Posts `intent=message` to the page's action (works without JavaScript).
 */
export function MessageForm({
  formKey,
  orderNumber,
  cartItemId,
  userSelectionDateId,
  label,
  submitLabel,
  result,
  redirectTo,
}: {
  formKey: string;
  orderNumber: string;
  cartItemId?: string;
  userSelectionDateId?: string;
  label: string;
  submitLabel: string;
  result: MessageResult | undefined;
  redirectTo?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'message' &&
    navigation.formData?.get('formKey') === formKey;
  const id = `message-${formKey}`;
  const error = result?.formKey === formKey ? result.error : undefined;
  return (
    <Form method="post" className="mt-3" preventScrollReset>
      <input type="hidden" name="intent" value="message" />
      <input type="hidden" name="formKey" value={formKey} />
      <input type="hidden" name="orderNumber" value={orderNumber} />
      {cartItemId ? <input type="hidden" name="cartItemId" value={cartItemId} /> : null}
      {userSelectionDateId ? (
        <input type="hidden" name="userSelectionDateId" value={userSelectionDateId} />
      ) : null}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea
        id={id}
        name="message"
        rows={2}
        required
        maxLength={ORDER_MESSAGE_MAX}
        defaultValue={error ? result?.message : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      />
      <FieldError id={`${id}-error`} message={error} />
      <button type="submit" className={`${buttonClass.secondary} mt-2`} disabled={busy}>
        {busy ? 'Sending…' : submitLabel}
      </button>
    </Form>
  );
}

/** A whole thread with its reply form, as the customer's order page shows one per kitchen. */
export function OrderThreadPanel({
  thread,
  cartItemId,
  timeZone,
  result,
}: {
  thread: OrderThread;
  /** A line of the thread's kitchen in the order (names the kitchen when the order has several). */
  cartItemId: string | undefined;
  timeZone: string;
  result: MessageResult | undefined;
}) {
  const headingId = `thread-${thread.publisherId}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-3xl bg-white p-5 shadow-card md:p-6"
      data-testid="order-thread"
    >
      <h3 id={headingId} className="font-display text-xl font-semibold text-cocoa-900">
        Messages with {thread.kitchenName}
        {thread.unread > 0 ? <span className="sr-only"> ({thread.unread} new)</span> : null}
      </h3>
      <div className="mt-3">
        <MessageList
          messages={thread.messages}
          timeZone={timeZone}
          emptyText={`No messages yet. Write to ${thread.kitchenName} about this order here.`}
        />
      </div>
      <MessageForm
        formKey={thread.publisherId}
        orderNumber={thread.orderNumber}
        cartItemId={cartItemId}
        label={`Write to ${thread.kitchenName}`}
        submitLabel="Send message"
        result={result}
      />
    </section>
  );
}
