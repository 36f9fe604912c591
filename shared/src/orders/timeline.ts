import { DeliveryOption, OrderStatus } from '../enums/index.js';

/** State of a timeline step for the current status. */
export type TimelineStepState = 'done' | 'current' | 'upcoming';

/** One step of the life cycle as a customer sees it. */
export interface TimelineStep {
  /** The status that starts this step. */
  status: OrderStatus;
  /** Every status shown as this step (internal steps fold into the visible one before them). */
  statuses: readonly OrderStatus[];
  label: string;
  state: TimelineStepState;
}

interface StepDef {
  status: OrderStatus;
  statuses: readonly OrderStatus[];
  label: string;
}

const PICKUP_STEPS: readonly StepDef[] = [
  { status: OrderStatus.PLACED, statuses: [OrderStatus.PLACED], label: 'Order placed' },
  {
    status: OrderStatus.CONFIRMED,
    statuses: [OrderStatus.CONFIRMED, OrderStatus.SHOPPING_COMPLETED],
    label: 'Confirmed by the chef',
  },
  { status: OrderStatus.IN_PREPARATION, statuses: [OrderStatus.IN_PREPARATION], label: 'Being prepared' },
  { status: OrderStatus.PICKUP_READY, statuses: [OrderStatus.PICKUP_READY], label: 'Ready for pickup' },
  { status: OrderStatus.DELIVERED, statuses: [OrderStatus.DELIVERED], label: 'Picked up' },
];

const DELIVERY_STEPS: readonly StepDef[] = [
  { status: OrderStatus.PLACED, statuses: [OrderStatus.PLACED], label: 'Order placed' },
  {
    status: OrderStatus.CONFIRMED,
    statuses: [OrderStatus.CONFIRMED, OrderStatus.SHOPPING_COMPLETED],
    label: 'Confirmed by the chef',
  },
  { status: OrderStatus.IN_PREPARATION, statuses: [OrderStatus.IN_PREPARATION], label: 'Being prepared' },
  {
    status: OrderStatus.IN_DELIVERY_TRANSIT,
    statuses: [OrderStatus.IN_DELIVERY_TRANSIT, OrderStatus.SHIPPED],
    label: 'On the way',
  },
  { status: OrderStatus.DELIVERED, statuses: [OrderStatus.DELIVERED], label: 'Delivered' },
];

/** Customer-facing words for every status. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  PLACED: 'Order placed',
  CONFIRMED: 'Confirmed by the chef',
  SHOPPING_COMPLETED: 'Ingredients bought',
  IN_PREPARATION: 'Being prepared',
  PICKUP_READY: 'Ready for pickup',
  IN_DELIVERY_TRANSIT: 'Out for delivery',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};

/**
 * A status in the customer's words for an order fulfilled this way: DELIVERED reads as the last step of its
 * timeline ("Picked up" for pickup, "Delivered" for delivery), so the progress bar and the history agree;
 * every other status as {@link ORDER_STATUS_LABELS} says.
 */
export function statusLabelFor(status: OrderStatus, deliveryOption: DeliveryOption): string {
  if (status !== OrderStatus.DELIVERED) return ORDER_STATUS_LABELS[status];
  const steps = deliveryOption === DeliveryOption.PICKUP ? PICKUP_STEPS : DELIVERY_STEPS;
  return steps[steps.length - 1].label;
}

/**
 * The life-cycle steps a customer sees for one date selection, with the current one marked.
 *
 * - Pickup: Order placed → Confirmed by the chef → Being prepared → Ready for pickup → Picked up.
 * - Delivery: Order placed → Confirmed by the chef → Being prepared → On the way → Delivered.
 *
 * SHOPPING_COMPLETED is the chef's own bookkeeping and shows as "Confirmed by the chef"; SHIPPED shows
 * as "On the way" like IN_DELIVERY_TRANSIT. Without a status, every step is upcoming. A CANCELLED
 * order shows "Order placed" (done) then "Cancelled" (current), since how far it had got is not part
 * of its status.
 */
export function orderTimeline(deliveryOption: DeliveryOption, current?: OrderStatus): TimelineStep[] {
  if (current === OrderStatus.CANCELLED) {
    return [
      { status: OrderStatus.PLACED, statuses: [OrderStatus.PLACED], label: 'Order placed', state: 'done' },
      {
        status: OrderStatus.CANCELLED,
        statuses: [OrderStatus.CANCELLED],
        label: 'Cancelled',
        state: 'current',
      },
    ];
  }
  const defs = deliveryOption === DeliveryOption.PICKUP ? PICKUP_STEPS : DELIVERY_STEPS;
  const currentIndex = current === undefined ? -1 : defs.findIndex((d) => d.statuses.includes(current));
  if (current !== undefined && currentIndex === -1) {
    throw new RangeError(`${current} is not a status of a ${deliveryOption.toLowerCase()} order`);
  }
  return defs.map((d, i) => ({
    status: d.status,
    statuses: d.statuses,
    label: d.label,
    // DELIVERED is the end: once reached it is done, not "in progress".
    state:
      i < currentIndex || (i === currentIndex && d.status === OrderStatus.DELIVERED)
        ? 'done'
        : i === currentIndex
          ? 'current'
          : 'upcoming',
  }));
}
