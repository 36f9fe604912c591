import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { CashfreeApiError } from '../gateways/cashfree-client.js';
import { PayPalApiError } from '../gateways/paypal-client.js';
import { asRefusal, gatewayRequestId, paypalCaptureOf, selectionOfRequestId } from './settlement.service.js';

const ID = '6f1c2a4e-8b3d-4f5a-9c7e-1d2b3c4d5e6f';

describe('settlement helpers', () => {
  it('names Cashfree requests by the date selection, with a new id after each refusal, and reads them back', () => {
    expect(gatewayRequestId(ID, 0)).toBe(ID);
    expect(gatewayRequestId(ID, 1)).toBe(`${ID}-r2`);
    expect(gatewayRequestId(ID, 7).length).toBeLessThanOrEqual(40);
    expect(selectionOfRequestId(`${ID}-r2`)).toBe(ID);
    expect(selectionOfRequestId(ID.toUpperCase())).toBe(ID);
    expect(selectionOfRequestId('refund-date-2')).toBeNull();
    expect(selectionOfRequestId(42)).toBeNull();
  });

  it("finds the kitchen's PayPal capture among the order's captures", () => {
    const additionalDetails = { paypalCaptures: { kitchenA: 'CAP-A', kitchenB: 'CAP-B' } };
    expect(paypalCaptureOf({ additionalDetails, publisherId: 'kitchenB' })).toBe('CAP-B');
    expect(paypalCaptureOf({ additionalDetails, publisherId: 'kitchenC' })).toBeNull();
    expect(paypalCaptureOf({ additionalDetails: null, publisherId: 'kitchenA' })).toBeNull();
    expect(
      paypalCaptureOf({ additionalDetails: { paypalCaptures: ['CAP-A'] }, publisherId: '0' }),
    ).toBeNull();
  });

  it("keeps the gateway's words and tells a refusal from no answer", () => {
    const refused = asRefusal(
      new Stripe.errors.StripeInvalidRequestError({
        message: 'Charge ch_1 has already been refunded.',
        type: 'invalid_request_error',
        statusCode: 400,
      } as never),
    );
    expect(refused).toMatchObject({
      message: 'Stripe: Charge ch_1 has already been refunded.',
      transient: false,
    });
    expect(
      asRefusal(new Stripe.errors.StripeConnectionError({ message: 'ECONNREFUSED' } as never)).transient,
    ).toBe(true);
    expect(
      asRefusal(new PayPalApiError(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED', 'Too much', null)),
    ).toMatchObject({ message: 'PayPal: REFUND_AMOUNT_EXCEEDED: Too much', transient: false });
    expect(asRefusal(new CashfreeApiError(503, 'down', 'Try later')).transient).toBe(true);
    expect(
      asRefusal({ response: { status: 400, data: { code: 'refund_amount_invalid', message: 'too much' } } }),
    ).toMatchObject({ message: 'Cashfree: too much', transient: false });
    expect(asRefusal(new Error('socket hang up')).transient).toBe(true);
  });
});
