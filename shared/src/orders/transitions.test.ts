import { describe, expect, it } from 'vitest';
import { DeliveryOption, OrderStatus, Role } from '../enums/index.js';
import {
  actorForRole,
  canTransition as sut,
  findTransition,
  isTerminal,
  nextStatuses,
  OrderActor,
  ORDER_STATUS_TRANSITIONS,
  transitionRefusal,
} from './transitions.js';

const STATUSES = Object.values(OrderStatus);
const OPTIONS = Object.values(DeliveryOption);
const ACTORS = Object.values(OrderActor);

/**
 * The table of docs/decisions/004-order-status-transitions.md, written out again by hand (not read
 * from the code) so that a change to either shows up here: from, to, who, for which fulfilment.
 */
const EXPECTED = `
PLACED              CONFIRMED            CHEF,ADMIN           PICKUP,DELIVERY
PLACED              CANCELLED            CUSTOMER,CHEF,ADMIN  PICKUP,DELIVERY
CONFIRMED           SHOPPING_COMPLETED   CHEF,ADMIN           PICKUP,DELIVERY
CONFIRMED           IN_PREPARATION       CHEF,ADMIN           PICKUP,DELIVERY
CONFIRMED           CANCELLED            CUSTOMER,CHEF,ADMIN  PICKUP,DELIVERY
SHOPPING_COMPLETED  IN_PREPARATION       CHEF,ADMIN           PICKUP,DELIVERY
SHOPPING_COMPLETED  CANCELLED            CHEF,ADMIN           PICKUP,DELIVERY
IN_PREPARATION      PICKUP_READY         CHEF,ADMIN           PICKUP
IN_PREPARATION      IN_DELIVERY_TRANSIT  CHEF,ADMIN           DELIVERY
IN_PREPARATION      SHIPPED              CHEF,ADMIN           DELIVERY
IN_PREPARATION      CANCELLED            CHEF,ADMIN           PICKUP,DELIVERY
PICKUP_READY        DELIVERED            CHEF,ADMIN           PICKUP
IN_DELIVERY_TRANSIT DELIVERED            CHEF,ADMIN           DELIVERY
SHIPPED             DELIVERED            CHEF,ADMIN           DELIVERY
`;

type Case = [OrderStatus, OrderStatus, DeliveryOption, OrderActor];
const allowed = new Set<string>();
for (const row of EXPECTED.trim().split('\n')) {
  const [from, to, actors = '', options = ''] = row.trim().split(/\s+/);
  for (const actor of actors.split(','))
    for (const option of options.split(',')) allowed.add([from, to, option, actor].join(' '));
}

const everyCase: Case[] = [];
for (const from of STATUSES)
  for (const to of STATUSES)
    for (const option of OPTIONS) for (const actor of ACTORS) everyCase.push([from, to, option, actor]);
const allowedCases = everyCase.filter((c) => allowed.has(c.join(' ')));
const refusedCases = everyCase.filter((c) => !allowed.has(c.join(' ')));

describe('canTransition', () => {
  it('covers the whole status × status × fulfilment × actor product', () => {
    expect(everyCase).toHaveLength(9 * 9 * 2 * 3);
    expect(allowedCases).toHaveLength(48);
    expect(refusedCases).toHaveLength(486 - 48);
  });

  it.each(allowedCases)('allows %s → %s (%s) by %s', (from, to, deliveryOption, actor) => {
    expect(sut(from, to, { deliveryOption, actor })).toBe(true);
  });

  it.each(refusedCases)('refuses %s → %s (%s) by %s', (from, to, deliveryOption, actor) => {
    expect(sut(from, to, { deliveryOption, actor })).toBe(false);
  });

  it('the exported table holds the same moves as the hand-written one', () => {
    const fromCode = ORDER_STATUS_TRANSITIONS.flatMap((t) =>
      t.actors.flatMap((a) => t.deliveryOptions.map((o) => [t.from, t.to, o, a].join(' '))),
    );
    expect(new Set(fromCode)).toEqual(allowed);
  });
});

describe('the customer', () => {
  it('may only cancel, and only before the chef has bought ingredients', () => {
    const moves = everyCase.filter(
      ([from, to, o, a]) =>
        a === OrderActor.CUSTOMER &&
        o === DeliveryOption.PICKUP &&
        sut(from, to, { deliveryOption: o, actor: a }),
    );
    expect(moves.map(([from, to]) => `${from}→${to}`)).toEqual(['PLACED→CANCELLED', 'CONFIRMED→CANCELLED']);
  });
});

describe('cancellation', () => {
  it('is possible for the kitchen until preparation is done, never after', () => {
    const ctx = { deliveryOption: DeliveryOption.DELIVERY, actor: OrderActor.ADMIN };
    const cancellable = STATUSES.filter((s) => sut(s, OrderStatus.CANCELLED, ctx));
    expect(cancellable).toEqual(['PLACED', 'CONFIRMED', 'SHOPPING_COMPLETED', 'IN_PREPARATION']);
  });
});

describe('nextStatuses', () => {
  it.each([
    ['PLACED', 'PICKUP', 'CHEF', ['CONFIRMED', 'CANCELLED']],
    ['PLACED', 'DELIVERY', 'CUSTOMER', ['CANCELLED']],
    ['CONFIRMED', 'PICKUP', 'CHEF', ['SHOPPING_COMPLETED', 'IN_PREPARATION', 'CANCELLED']],
    ['SHOPPING_COMPLETED', 'DELIVERY', 'CUSTOMER', []],
    ['IN_PREPARATION', 'PICKUP', 'CHEF', ['PICKUP_READY', 'CANCELLED']],
    ['IN_PREPARATION', 'DELIVERY', 'ADMIN', ['IN_DELIVERY_TRANSIT', 'SHIPPED', 'CANCELLED']],
    ['PICKUP_READY', 'PICKUP', 'CHEF', ['DELIVERED']],
    ['IN_DELIVERY_TRANSIT', 'DELIVERY', 'CHEF', ['DELIVERED']],
    ['SHIPPED', 'DELIVERY', 'ADMIN', ['DELIVERED']],
    ['DELIVERED', 'DELIVERY', 'ADMIN', []],
    ['CANCELLED', 'PICKUP', 'ADMIN', []],
  ] as const)('from %s (%s) for %s: %j', (from, deliveryOption, actor, expected) => {
    expect(nextStatuses(from, { deliveryOption, actor })).toEqual(expected);
  });
});

describe('isTerminal', () => {
  it('is true for DELIVERED and CANCELLED only', () => {
    expect(STATUSES.filter(isTerminal)).toEqual(['DELIVERED', 'CANCELLED']);
  });

  it('agrees with the table: terminal statuses have no move out, the others have one', () => {
    for (const s of STATUSES) expect(ORDER_STATUS_TRANSITIONS.some((t) => t.from === s)).toBe(!isTerminal(s));
  });
});

describe('transitionRefusal', () => {
  const chefPickup = { deliveryOption: DeliveryOption.PICKUP, actor: OrderActor.CHEF };

  it('is null for an allowed move', () => {
    expect(transitionRefusal('PLACED', 'CONFIRMED', chefPickup)).toBeNull();
  });

  it('explains each kind of refusal', () => {
    expect(transitionRefusal('DELIVERED', 'CANCELLED', chefPickup)).toBe(
      'The order is already DELIVERED and cannot change any more.',
    );
    expect(transitionRefusal('PLACED', 'DELIVERED', chefPickup)).toBe(
      'An order cannot go from PLACED to DELIVERED.',
    );
    expect(transitionRefusal('IN_PREPARATION', 'SHIPPED', chefPickup)).toBe(
      'SHIPPED does not apply to a pickup order.',
    );
    expect(
      transitionRefusal('PLACED', 'CONFIRMED', {
        deliveryOption: DeliveryOption.PICKUP,
        actor: OrderActor.CUSTOMER,
      }),
    ).toBe('A customer may not move an order from PLACED to CONFIRMED.');
  });

  it('finds the table entry regardless of context', () => {
    expect(findTransition('IN_PREPARATION', 'SHIPPED')?.deliveryOptions).toEqual(['DELIVERY']);
    expect(findTransition('DELIVERED', 'PLACED')).toBeUndefined();
  });
});

describe('actorForRole', () => {
  it('maps token roles to actors', () => {
    expect(actorForRole(Role.USER)).toBe('CUSTOMER');
    expect(actorForRole(Role.CHEF)).toBe('CHEF');
    expect(actorForRole(Role.ADMIN)).toBe('ADMIN');
  });
});
