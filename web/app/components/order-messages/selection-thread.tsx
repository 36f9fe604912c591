import type { OrderThread } from '~/lib/orders/order-messages.server';
import { MessageForm, MessageList, type MessageResult } from './order-thread';

/**
 * The chef's side of one date selection: the messages with its customer (those about this date and those
 * about the whole order), a "New" marker on the customer's unread ones, and a "Message customer" form that
 * writes about this date.
 */
export function SelectionThread({
  thread,
  orderNumber,
  cartItemId,
  dateSelectionId,
  customerName,
  timeZone,
  result,
  redirectTo,
}: {
  thread: OrderThread | undefined;
  orderNumber: string;
  cartItemId: string;
  dateSelectionId: string;
  customerName: string | null;
  timeZone: string;
  result: MessageResult | undefined;
  redirectTo: string;
}) {
  const messages = (thread?.messages ?? []).filter(
    (m) => !m.userSelectionDateId || m.userSelectionDateId === dateSelectionId,
  );
  const unread = messages.filter((m) => !m.mine && !m.readAt).length;
  const refused = result?.formKey === dateSelectionId;
  const who = customerName || 'the customer';
  return (
    <details
      className="mt-2 rounded-2xl bg-white p-4 shadow-card"
      open={unread > 0 || refused || undefined}
      data-testid="selection-thread"
    >
      <summary className="cursor-pointer text-sm font-semibold text-cocoa-900">
        Messages with {who} ({messages.length}
        {unread > 0 ? `, ${unread} new` : ''})<span className="sr-only"> about order {orderNumber}</span>
      </summary>
      <div className="mt-3">
        <MessageList messages={messages} timeZone={timeZone} emptyText="No messages yet." />
      </div>
      <MessageForm
        formKey={dateSelectionId}
        orderNumber={orderNumber}
        cartItemId={cartItemId}
        userSelectionDateId={dateSelectionId}
        label={`Message ${who} (order ${orderNumber})`}
        submitLabel="Message customer"
        result={result}
        redirectTo={redirectTo}
      />
    </details>
  );
}
