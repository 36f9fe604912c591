import { DeliveryOption, OrderStatus, Role, type ValueOf } from '../enums/index.js';

/**
 * Who moves an order date selection. The API maps the signed-in user to one: the chef who sells the
 * item is CHEF, the customer who placed the order is CUSTOMER, a ROLE_ADMIN user is ADMIN. Ownership
 * (is this *your* order / *your* item?) is the API's check; this table only says what each kind of
 * actor may do.
 */
export const OrderActor = { CUSTOMER: 'CUSTOMER', CHEF: 'CHEF', ADMIN: 'ADMIN' } as const;
export type OrderActor = ValueOf<typeof OrderActor>;

/** Maps a token role to an actor (ROLE_USER → CUSTOMER). */
export function actorForRole(role: Role): OrderActor {
  if (role === Role.ADMIN) return OrderActor.ADMIN;
  if (role === Role.CHEF) return OrderActor.CHEF;
  return OrderActor.CUSTOMER;
}

/** One allowed move of the order status table. */
export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  /** Who may make the move. */
  actors: readonly OrderActor[];
  /** Fulfilment kinds the move applies to. */
  deliveryOptions: readonly DeliveryOption[];
}

/** Context of a move: how the date selection is fulfilled and who asks. */
export interface TransitionContext {
  deliveryOption: DeliveryOption;
  actor: OrderActor;
}

const BOTH = [DeliveryOption.PICKUP, DeliveryOption.DELIVERY] as const;
const PICKUP = [DeliveryOption.PICKUP] as const;
const DELIVERY = [DeliveryOption.DELIVERY] as const;
const KITCHEN = [OrderActor.CHEF, OrderActor.ADMIN] as const;
const ANYONE = [OrderActor.CUSTOMER, OrderActor.CHEF, OrderActor.ADMIN] as const;

const {
  PLACED,
  CONFIRMED,
  SHOPPING_COMPLETED,
  IN_PREPARATION,
  PICKUP_READY,
  IN_DELIVERY_TRANSIT,
  SHIPPED,
  DELIVERED,
  CANCELLED,
} = OrderStatus;

/**
 * The allowed moves of one order date selection (docs/decisions/004-order-status-transitions.md).
 * Every move not listed is refused.
 *
 * - The kitchen (chef, or an admin on the chef's behalf) moves forward: confirm, shop (optional),
 *   prepare, then PICKUP_READY for pickup, or IN_DELIVERY_TRANSIT (own delivery) or SHIPPED (courier)
 *   for delivery, then DELIVERED (which, for pickup, means collected).
 * - The customer may only cancel, and only while nothing has been spent on the order: PLACED or CONFIRMED.
 * - The kitchen may cancel until the food is ready (up to IN_PREPARATION).
 * - DELIVERED and CANCELLED are terminal; refunds after that go through the payout/refund status.
 */
export const ORDER_STATUS_TRANSITIONS: readonly OrderTransition[] = [
  { from: PLACED, to: CONFIRMED, actors: KITCHEN, deliveryOptions: BOTH },
  { from: PLACED, to: CANCELLED, actors: ANYONE, deliveryOptions: BOTH },
  { from: CONFIRMED, to: SHOPPING_COMPLETED, actors: KITCHEN, deliveryOptions: BOTH },
  { from: CONFIRMED, to: IN_PREPARATION, actors: KITCHEN, deliveryOptions: BOTH },
  { from: CONFIRMED, to: CANCELLED, actors: ANYONE, deliveryOptions: BOTH },
  { from: SHOPPING_COMPLETED, to: IN_PREPARATION, actors: KITCHEN, deliveryOptions: BOTH },
  { from: SHOPPING_COMPLETED, to: CANCELLED, actors: KITCHEN, deliveryOptions: BOTH },
  { from: IN_PREPARATION, to: PICKUP_READY, actors: KITCHEN, deliveryOptions: PICKUP },
  { from: IN_PREPARATION, to: IN_DELIVERY_TRANSIT, actors: KITCHEN, deliveryOptions: DELIVERY },
  { from: IN_PREPARATION, to: SHIPPED, actors: KITCHEN, deliveryOptions: DELIVERY },
  { from: IN_PREPARATION, to: CANCELLED, actors: KITCHEN, deliveryOptions: BOTH },
  { from: PICKUP_READY, to: DELIVERED, actors: KITCHEN, deliveryOptions: PICKUP },
  { from: IN_DELIVERY_TRANSIT, to: DELIVERED, actors: KITCHEN, deliveryOptions: DELIVERY },
  { from: SHIPPED, to: DELIVERED, actors: KITCHEN, deliveryOptions: DELIVERY },
];

/** Statuses with no way out. */
export const TERMINAL_ORDER_STATUSES: readonly OrderStatus[] = [DELIVERED, CANCELLED];

/** True for DELIVERED and CANCELLED. */
export function isTerminal(status: OrderStatus): boolean {
  return TERMINAL_ORDER_STATUSES.includes(status);
}

/** The table entry for `from → to`, whoever asks, or undefined when no one may make that move. */
export function findTransition(from: OrderStatus, to: OrderStatus): OrderTransition | undefined {
  return ORDER_STATUS_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

/**
 * Why `from → to` is refused in this context, in words fit for a problem's `detail`, or `null` when
 * it is allowed.
 */
export function transitionRefusal(
  from: OrderStatus,
  to: OrderStatus,
  context: TransitionContext,
): string | null {
  if (isTerminal(from)) return `The order is already ${from} and cannot change any more.`;
  const t = findTransition(from, to);
  if (!t) return `An order cannot go from ${from} to ${to}.`;
  if (!t.deliveryOptions.includes(context.deliveryOption)) {
    return `${to} does not apply to a ${context.deliveryOption.toLowerCase()} order.`;
  }
  if (!t.actors.includes(context.actor)) {
    return `A ${context.actor.toLowerCase()} may not move an order from ${from} to ${to}.`;
  }
  return null;
}

/** True when `actor` may move a date selection fulfilled by `deliveryOption` from `from` to `to`. */
export function canTransition(from: OrderStatus, to: OrderStatus, context: TransitionContext): boolean {
  return transitionRefusal(from, to, context) === null;
}

/** Every status `actor` may move to from `from` for this fulfilment kind, in table order. */
export function nextStatuses(from: OrderStatus, context: TransitionContext): OrderStatus[] {
  return ORDER_STATUS_TRANSITIONS.filter(
    (t) =>
      t.from === from &&
      t.actors.includes(context.actor) &&
      t.deliveryOptions.includes(context.deliveryOption),
  ).map((t) => t.to);
}
