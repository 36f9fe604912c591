import { describe, expect, it } from 'vitest';
import { DeliveryOption, OrderStatus } from '../enums/index.js';
import { ORDER_STATUS_LABELS, orderTimeline as sut, statusLabelFor } from './timeline.js';

const view = (steps: ReturnType<typeof sut>): string[] => steps.map((s) => `${s.label}:${s.state}`);

describe('orderTimeline', () => {
  it('lists the pickup steps, all upcoming without a status', () => {
    expect(view(sut(DeliveryOption.PICKUP))).toEqual([
      'Order placed:upcoming',
      'Confirmed by the chef:upcoming',
      'Being prepared:upcoming',
      'Ready for pickup:upcoming',
      'Picked up:upcoming',
    ]);
  });

  it('lists the delivery steps', () => {
    expect(sut(DeliveryOption.DELIVERY).map((s) => s.status)).toEqual([
      'PLACED',
      'CONFIRMED',
      'IN_PREPARATION',
      'IN_DELIVERY_TRANSIT',
      'DELIVERED',
    ]);
  });

  it('marks the steps before the current one done', () => {
    expect(view(sut(DeliveryOption.PICKUP, OrderStatus.IN_PREPARATION))).toEqual([
      'Order placed:done',
      'Confirmed by the chef:done',
      'Being prepared:current',
      'Ready for pickup:upcoming',
      'Picked up:upcoming',
    ]);
  });

  it('shows SHOPPING_COMPLETED as the confirmed step and SHIPPED as on the way', () => {
    expect(
      sut(DeliveryOption.PICKUP, OrderStatus.SHOPPING_COMPLETED).find((s) => s.state === 'current')?.label,
    ).toBe('Confirmed by the chef');
    expect(sut(DeliveryOption.DELIVERY, OrderStatus.SHIPPED).find((s) => s.state === 'current')?.label).toBe(
      'On the way',
    );
  });

  it('marks every step done once delivered', () => {
    expect(sut(DeliveryOption.DELIVERY, OrderStatus.DELIVERED).every((s) => s.state === 'done')).toBe(true);
  });

  it('shows a cancelled order as placed then cancelled', () => {
    expect(view(sut(DeliveryOption.DELIVERY, OrderStatus.CANCELLED))).toEqual([
      'Order placed:done',
      'Cancelled:current',
    ]);
  });

  it('refuses a status that does not belong to the fulfilment kind', () => {
    expect(() => sut(DeliveryOption.PICKUP, OrderStatus.SHIPPED)).toThrow(RangeError);
    expect(() => sut(DeliveryOption.DELIVERY, OrderStatus.PICKUP_READY)).toThrow(RangeError);
  });

  it('has a label for every status', () => {
    expect(Object.keys(ORDER_STATUS_LABELS).sort()).toEqual(Object.values(OrderStatus).sort());
  });
});

describe('statusLabelFor', () => {
  it('names a finished pickup "Picked up" and a finished delivery "Delivered", as the last step of the progress bar does', () => {
    expect(statusLabelFor(OrderStatus.DELIVERED, DeliveryOption.PICKUP)).toBe('Picked up');
    expect(statusLabelFor(OrderStatus.DELIVERED, DeliveryOption.DELIVERY)).toBe('Delivered');
    for (const option of Object.values(DeliveryOption)) {
      const steps = sut(option, OrderStatus.DELIVERED);
      expect(steps[steps.length - 1].label).toBe(statusLabelFor(OrderStatus.DELIVERED, option));
    }
  });

  it('uses the shared words for every other status', () => {
    for (const status of Object.values(OrderStatus).filter((s) => s !== OrderStatus.DELIVERED)) {
      expect(statusLabelFor(status, DeliveryOption.PICKUP)).toBe(ORDER_STATUS_LABELS[status]);
      expect(statusLabelFor(status, DeliveryOption.DELIVERY)).toBe(ORDER_STATUS_LABELS[status]);
    }
  });
});
