// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { timelineOf } from '~/lib/orders/orders';
import { OrderTimeline } from './order-timeline';

afterEach(cleanup);

describe('OrderTimeline', () => {
  it('shows the delivery life cycle of the shared timeline with the current step, then every recorded change', () => {
    render(
      <OrderTimeline
        steps={timelineOf({ deliveryOption: 'DELIVERY', orderStatus: 'IN_PREPARATION' })}
        deliveryOption="DELIVERY"
        changes={[
          {
            status: 'PLACED',
            label: 'Order placed',
            at: '2026-11-20T12:00:00.000Z',
            reason: null,
            by: 'CUSTOMER',
          },
          {
            status: 'CONFIRMED',
            label: 'Confirmed by the chef',
            at: '2026-11-20T13:00:00.000Z',
            reason: null,
            by: 'CHEF',
          },
          {
            status: 'IN_PREPARATION',
            label: 'Being prepared',
            at: '2026-11-24T15:30:00.000Z',
            reason: 'Started early',
            by: 'CHEF',
          },
        ]}
        timeZone="America/New_York"
      />,
    );
    const steps = within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      '✓Order placed (done)',
      '✓Confirmed by the chef (done)',
      '3Being prepared (current step)',
      '4On the way (to come)',
      '5Delivered (to come)',
    ]);
    expect(steps[2].getAttribute('aria-current')).toBe('step');
    const history = screen.getByTestId('status-history').textContent;
    expect(history).toContain('Being prepared · Tue, Nov 24, 10:30 AM EST · by the chef“Started early”');
  });

  it('shows a cancelled date as placed, then cancelled', () => {
    render(
      <OrderTimeline
        steps={timelineOf({ deliveryOption: 'PICKUP', orderStatus: 'CANCELLED' })}
        deliveryOption="PICKUP"
        changes={[]}
        timeZone="UTC"
      />,
    );
    expect(
      within(screen.getByRole('list', { name: 'Progress' }))
        .getAllByRole('listitem')
        .map((s) => s.textContent),
    ).toEqual(['✓Order placed (done)', '2Cancelled (current step)']);
  });

  it.each([
    ['PICKUP', 'Picked up'],
    ['DELIVERY', 'Delivered'],
  ] as const)(
    'names a finished %s the same in the progress bar and the history: "%s"',
    (deliveryOption, words) => {
      render(
        <OrderTimeline
          steps={timelineOf({ deliveryOption, orderStatus: 'DELIVERED' })}
          deliveryOption={deliveryOption}
          // An API of before this change labelled every DELIVERED entry "Delivered".
          changes={[
            {
              status: 'DELIVERED',
              label: 'Delivered',
              at: '2026-11-24T23:00:00.000Z',
              reason: null,
              by: 'CHEF',
            },
          ]}
          timeZone="America/New_York"
        />,
      );
      const steps = within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
      expect(steps[steps.length - 1].textContent).toBe(`✓${words} (done)`);
      expect(screen.getByTestId('status-history').textContent).toMatch(new RegExp(`^${words} · `));
    },
  );

  it("puts the kitchen's reason for a cancel above the timeline; a customer's own cancel only in the history", () => {
    const placed = {
      status: 'PLACED',
      label: 'Order placed',
      at: '2026-11-20T12:00:00.000Z',
      reason: null,
      by: 'CUSTOMER',
    } as const;
    const { unmount } = render(
      <OrderTimeline
        steps={timelineOf({ deliveryOption: 'DELIVERY', orderStatus: 'CANCELLED' })}
        deliveryOption="DELIVERY"
        changes={[
          placed,
          {
            status: 'CANCELLED',
            label: 'Cancelled',
            at: '2026-11-21T12:00:00.000Z',
            reason: 'Out of lentils this week',
            by: 'CHEF',
          },
        ]}
        timeZone="UTC"
      />,
    );
    expect(screen.getByTestId('cancel-reason').textContent).toBe(
      'Cancelled by the chef: “Out of lentils this week”',
    );
    expect(screen.getByTestId('status-history').textContent).toContain('“Out of lentils this week”');
    unmount();
    render(
      <OrderTimeline
        steps={timelineOf({ deliveryOption: 'DELIVERY', orderStatus: 'CANCELLED' })}
        deliveryOption="DELIVERY"
        changes={[
          placed,
          {
            status: 'CANCELLED',
            label: 'Cancelled',
            at: '2026-11-21T12:00:00.000Z',
            reason: 'Plans changed',
            by: 'CUSTOMER',
          },
        ]}
        timeZone="UTC"
      />,
    );
    expect(screen.queryByTestId('cancel-reason')).toBeNull();
    expect(screen.getByTestId('status-history').textContent).toContain('“Plans changed”');
  });
});
