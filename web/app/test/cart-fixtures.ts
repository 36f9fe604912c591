/**
 * A cart as the API prices it (`GET cart`, CartDto): Priya's Kitchen with Dal Tadka on two dates and
 * Butter Chicken on the first of them (one delivery trip, one fee), Hoboken Harvest with a Greek Salad,
 * and a line the API removed because its date passed.
 */
const date = (d: string, itemTotal: string, deliveryFee: string, slots = ['PM_5_7']) => ({
  date: d,
  timeSlots: slots,
  deliveryOption: 'DELIVERY',
  pickupLocationId: null,
  firstTimeSlot: slots[0],
  itemTotal,
  deliveryFee,
  netAmount: (Number(itemTotal) + Number(deliveryFee)).toFixed(2),
  remainingPortions: 8,
});

const item = (
  id: string,
  name: string,
  publisherId: string,
  kitchenName: string,
  fee = '4.99',
  minimum = '0.00',
) => ({
  id,
  name,
  publisherId,
  kitchenName,
  currencyCode: 'USD',
  deliveryFees: fee,
  deliveryMinimumAmount: minimum,
  pictures: [],
});

export const PRIYA = 'fe3de0b2-905c-42d8-91aa-fc881c0d12a9';
export const HOBOKEN = '1b8e1f7e-1d2c-4c3a-9b0e-2f3d4c5b6a79';

export const cartDto = {
  id: 'c1',
  cartItems: [
    {
      cartItemId: 'line-dal',
      tempId: null,
      itemId: 'dal',
      item: item('dal', 'Dal Tadka', PRIYA, 'priyas-kitchen'),
      userSelectedPricingOption: {
        id: 'o1',
        measurement: 'Bowl',
        quantity: '1.00',
        chefPrice: '9.00',
        serves: 2,
      },
      orderQuantity: 1,
      isCateringItem: false,
      currencyCode: 'USD',
      slotCount: 2,
      itemTotalChefPrice: '18.00',
      distributedFees: '9.98',
      netAmount: '27.98',
      dates: [date('2026-11-24', '9.00', '4.99'), date('2026-11-26', '9.00', '4.99')],
    },
    {
      cartItemId: 'line-chicken',
      tempId: null,
      itemId: 'chicken',
      item: item('chicken', 'Butter Chicken', PRIYA, 'priyas-kitchen'),
      userSelectedPricingOption: {
        id: 'o2',
        measurement: 'Plate',
        quantity: '1.00',
        chefPrice: '14.50',
        serves: 1,
      },
      orderQuantity: 2,
      isCateringItem: false,
      currencyCode: 'USD',
      slotCount: 1,
      itemTotalChefPrice: '29.00',
      distributedFees: '0.00',
      netAmount: '29.00',
      dates: [date('2026-11-24', '29.00', '0.00')],
    },
    {
      cartItemId: 'line-salad',
      tempId: null,
      itemId: 'salad',
      item: item('salad', 'Greek Salad', HOBOKEN, 'hoboken-harvest', '3.99', '25.00'),
      userSelectedPricingOption: {
        id: 'o3',
        measurement: 'Plate',
        quantity: '1.00',
        chefPrice: '11.00',
        serves: 1,
      },
      orderQuantity: 1,
      isCateringItem: false,
      currencyCode: 'USD',
      slotCount: 1,
      itemTotalChefPrice: '11.00',
      distributedFees: '3.99',
      netAmount: '14.99',
      dates: [date('2026-11-23', '11.00', '3.99', ['LUNCH_12PM'])],
    },
  ],
  deliveryFees: [
    {
      publisherId: PRIYA,
      kitchenName: 'priyas-kitchen',
      date: '2026-11-24',
      firstTimeSlot: 'PM_5_7',
      amount: '4.99',
      currencyCode: 'USD',
      chargedToCartItemId: 'line-dal',
      cartItemIds: ['line-dal', 'line-chicken'],
    },
    {
      publisherId: PRIYA,
      kitchenName: 'priyas-kitchen',
      date: '2026-11-26',
      firstTimeSlot: 'PM_5_7',
      amount: '4.99',
      currencyCode: 'USD',
      chargedToCartItemId: 'line-dal',
      cartItemIds: ['line-dal'],
    },
    {
      publisherId: HOBOKEN,
      kitchenName: 'hoboken-harvest',
      date: '2026-11-23',
      firstTimeSlot: 'LUNCH_12PM',
      amount: '3.99',
      currencyCode: 'USD',
      chargedToCartItemId: 'line-salad',
      cartItemIds: ['line-salad'],
    },
  ],
  totalsByPublisher: [
    {
      publisherId: PRIYA,
      kitchenName: 'priyas-kitchen',
      currencyCode: 'USD',
      itemsTotal: '47.00',
      deliveryFeesTotal: '9.98',
      total: '56.98',
    },
    {
      publisherId: HOBOKEN,
      kitchenName: 'hoboken-harvest',
      currencyCode: 'USD',
      itemsTotal: '11.00',
      deliveryFeesTotal: '3.99',
      total: '14.99',
    },
  ],
  totals: [{ currencyCode: 'USD', itemsTotal: '58.00', deliveryFeesTotal: '13.97', cartTotal: '71.97' }],
  errors: [
    {
      code: 'DELIVERY_MINIMUM_NOT_MET',
      cartItemId: 'line-salad',
      itemId: 'salad',
      itemName: 'Greek Salad',
      message: 'Add more of "Greek Salad": delivery needs a minimum of $25.00.',
      minimum: '25.00',
      currencyCode: 'USD',
    },
  ],
  isValid: false,
  removed: [
    {
      cartItemId: 'line-old',
      itemId: 'pie',
      itemName: 'Apple Pie',
      reason: 'PAST_DATE',
      message: '"Apple Pie" was removed from your cart: its date 2026-11-20 has passed.',
    },
  ],
};

/** The same cart once the salad reaches its minimum: valid, nothing removed. */
export const validCartDto = {
  ...cartDto,
  errors: [],
  isValid: true,
  removed: [],
};

/** `publisher/find-by-kitchen-name` answers for the two kitchens. */
export const BRANDS: Record<string, string> = {
  'priyas-kitchen': "Priya's Kitchen",
  'hoboken-harvest': 'Hoboken Harvest',
};
