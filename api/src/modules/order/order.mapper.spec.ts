import { describe, expect, it } from 'vitest';
import { OrderStatus } from '@hearth/shared';
import { overallStatus } from './order.mapper.js';

describe(overallStatus.name, () => {
  it('is the least advanced status of the dates still alive', () => {
    expect(overallStatus([OrderStatus.DELIVERED, OrderStatus.CONFIRMED, OrderStatus.CANCELLED])).toBe(
      OrderStatus.CONFIRMED,
    );
    expect(overallStatus([OrderStatus.IN_PREPARATION, OrderStatus.PLACED])).toBe(OrderStatus.PLACED);
  });

  it('is DELIVERED only when every live date is, and CANCELLED only when every date is', () => {
    expect(overallStatus([OrderStatus.DELIVERED, OrderStatus.CANCELLED])).toBe(OrderStatus.DELIVERED);
    expect(overallStatus([OrderStatus.CANCELLED, OrderStatus.CANCELLED])).toBe(OrderStatus.CANCELLED);
  });
});
