/** An order as `order/{orderNumber}` describes it: two dates of Dal Tadka, one delivered and one placed. */
export const ORDER_NUMBER = 'HR-7K2F-9Q4M';
export const LINE = '11111111-1111-4111-8111-111111111111';
export const PLACED_DATE = '22222222-2222-4222-8222-222222222222';
export const DELIVERED_DATE = '33333333-3333-4333-8333-333333333333';
export const ITEM = '44444444-4444-4444-8444-444444444444';
export const KITCHEN = '55555555-5555-4555-8555-555555555555';

const selection = (id: string, date: string, orderStatus: string, canCancel: boolean) => ({
  id,
  date,
  timeSlots: ['PM_5_7'],
  orderStatus,
  statusLabel: orderStatus,
  paymentStatus: orderStatus === 'DELIVERED' ? 'COMPLETED' : 'INITIATED',
  deliveryOption: 'DELIVERY',
  payoutRefundStatus: 'DEFAULT',
  payoutRefundAmount: null,
  payoutRefundAt: null,
  payoutRefundError: null,
  cashReceivedAt: null,
  noShowAt: null,
  itemTotal: '9.00',
  deliveryFee: '4.99',
  netAmount: '13.99',
  settlement: { state: orderStatus === 'DELIVERED' ? 'PAID' : 'DUE', amount: '13.99' },
  pickupLocation: null,
  canCancel,
  cancelBefore: canCancel ? '2026-11-26T10:00:00.000Z' : null,
  statusChanges: [
    { status: 'PLACED', label: 'Order placed', at: '2026-11-20T12:00:00.000Z', reason: null, by: 'CUSTOMER' },
  ],
});

export const order = {
  id: '66666666-6666-4666-8666-666666666666',
  orderNumber: ORDER_NUMBER,
  orderedDate: '2026-11-20T12:00:00.000Z',
  orderStatus: 'PLACED',
  orderTotal: '27.98',
  currencyCode: 'USD',
  amounts: {
    itemsTotal: '18.00',
    deliveryFeesTotal: '9.98',
    ordered: '27.98',
    cancelledTotal: '0.00',
    total: '27.98',
    due: '13.99',
    paid: '13.99',
    refunded: '0.00',
    refundPending: '0.00',
  },
  note: null,
  consumerContactDetails: null,
  consumerLocationDetails: null,
  paymentDetails: {
    paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
    isPaymentCompleted: false,
    grossAmount: '27.98',
    netAmount: '27.98',
    currencyCode: 'USD',
  },
  cartItems: [
    {
      cartItemId: LINE,
      itemId: ITEM,
      itemName: 'Dal Tadka',
      publisherId: KITCHEN,
      kitchenName: 'priyas-kitchen',
      userSelectedPricingOption: {},
      unitPrice: '9.00',
      orderQuantity: 1,
      itemTotalChefPrice: '18.00',
      itemPricePerDate: '9.00',
      netAmountPerDate: '13.99',
      distributedFees: '9.98',
      netAmount: '27.98',
      isCateringItem: false,
      dates: [
        selection(DELIVERED_DATE, '2026-11-19', 'DELIVERED', false),
        selection(PLACED_DATE, '2026-11-26', 'PLACED', true),
      ],
    },
  ],
};
