import { Link } from '@remix-run/react';
import { dayLabel, type DeliveryOption } from '@hearth/shared';
import { focusRing } from '~/components/ui';
import { slotsLabel } from '~/lib/format/dates';
import { boardHref, customerOf, type OrderSearchHit } from '~/lib/orders/order-search';
import { statusLabel } from '~/lib/orders/orders';

const th = 'border-b border-cocoa-200 px-2 py-2 text-left font-semibold';
const td = 'border-b border-cocoa-100 px-2 py-2 align-top';

/**
 * Found orders, one row per date like the board: order number, customer, phone, date and slot, dish, status.
 * `link="board"` (a chef) links the number to the row's card on the board; `link="order"` (an admin) to the
 * order's page, and names the kitchen of each row.
 */
export function OrderSearchTable({
  items,
  link,
}: {
  items: readonly OrderSearchHit[];
  link: 'board' | 'order';
}) {
  const admin = link === 'order';
  return (
    <div className="overflow-x-auto rounded-3xl bg-white p-4 shadow-card">
      <table className="w-full border-collapse text-sm" data-testid="order-search-results">
        <caption className="sr-only">Orders found, one row per date</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>
              Order
            </th>
            {admin ? (
              <th scope="col" className={th}>
                Kitchen
              </th>
            ) : null}
            <th scope="col" className={th}>
              Customer
            </th>
            <th scope="col" className={th}>
              Phone
            </th>
            <th scope="col" className={th}>
              Date
            </th>
            <th scope="col" className={th}>
              Dish
            </th>
            <th scope="col" className={th}>
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((hit) => {
            const customer = customerOf(hit);
            const to = admin
              ? `/l/orders/order-status?orderNumber=${encodeURIComponent(hit.orderNumber)}`
              : boardHref(hit);
            return (
              <tr key={hit.dateSelectionId} data-testid="order-search-row">
                <th scope="row" className={`${td} text-left font-semibold`}>
                  <Link to={to} className={`text-ember-700 underline ${focusRing}`}>
                    {hit.orderNumber}
                  </Link>
                </th>
                {admin ? <td className={td}>{hit.kitchenName}</td> : null}
                <td className={td}>
                  {customer.name}
                  {customer.email ? <span className="block text-cocoa-700">{customer.email}</span> : null}
                </td>
                <td className={td}>{customer.phone}</td>
                <td className={td}>
                  {dayLabel(hit.date)}
                  <span className="block text-cocoa-700">
                    {slotsLabel(hit.timeSlots)} · {hit.deliveryOption === 'PICKUP' ? 'Pickup' : 'Delivery'}
                  </span>
                </td>
                <td className={td}>
                  {hit.orderQuantity} × {hit.itemName}
                </td>
                <td className={td}>{statusLabel(hit.orderStatus, hit.deliveryOption as DeliveryOption)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
