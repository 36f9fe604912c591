/**
 * Past orders of the demo customers, placed with cash on pickup/delivery. Dates are relative to the day
 * the seed first runs: each `daysAgo` is moved back to the nearest earlier weekday of the kitchen's weekly
 * menu that carries the first dish, so the order falls on a day the kitchen really cooks.
 */
import type { DeliveryOption, TimeSlot } from '@hearth/shared';

export interface DemoOrderLine {
  /** Dish name in the kitchen. */
  dish: string;
  /** Pricing option by position (0 = the dish's base option). */
  option?: number;
  quantity: number;
}

export interface DemoReview {
  line: number;
  /** Index into the order's dates. */
  date: number;
  stars: 1 | 2 | 3 | 4 | 5;
  text: string;
}

export interface DemoOrder {
  /** Stable number of the order; its idempotency key is derived from it. */
  n: number;
  customer: string;
  kitchen: string;
  deliveryOption: DeliveryOption;
  slot: TimeSlot;
  daysAgo: number[];
  lines: DemoOrderLine[];
  status: 'DELIVERED' | 'CANCELLED';
  /** Why it was cancelled (CANCELLED orders). */
  cancelReason?: string;
  /** Who cancelled (CANCELLED orders): the kitchen unless told otherwise. */
  cancelledBy?: 'CUSTOMER' | 'CHEF';
  note?: string;
  reviews: DemoReview[];
}

const CASEY = 'customer@hearth.test';

export const DEMO_ORDERS: DemoOrder[] = [
  {
    n: 1,
    customer: CASEY,
    kitchen: 'priyas-kitchen',
    deliveryOption: 'DELIVERY',
    slot: 'PM_5_7',
    daysAgo: [20],
    lines: [
      { dish: 'Butter Chicken', quantity: 2 },
      { dish: 'Dal Tadka', quantity: 1 },
    ],
    status: 'DELIVERED',
    note: 'Please ring the bell twice, the buzzer is broken.',
    reviews: [
      {
        line: 0,
        date: 0,
        stars: 5,
        text: 'Rich, smoky and not too heavy: the best butter chicken I have had outside Delhi.',
      },
      { line: 1, date: 0, stars: 5, text: 'Comforting dal with a proper garlicky tadka. Arrived hot.' },
    ],
  },
  {
    n: 2,
    customer: CASEY,
    kitchen: 'nonna-lucia',
    deliveryOption: 'PICKUP',
    slot: 'PM_5_7',
    daysAgo: [13],
    lines: [
      { dish: 'Veggie Lasagna', option: 1, quantity: 1 },
      { dish: 'Spaghetti Pomodoro', quantity: 2 },
    ],
    status: 'DELIVERED',
    reviews: [
      {
        line: 0,
        date: 0,
        stars: 5,
        text: 'The half tray fed six of us with leftovers. Silky pasta sheets, lovely roasted veg.',
      },
      {
        line: 1,
        date: 0,
        stars: 4,
        text: 'Simple and bright tomato sauce. I would happily take a little more basil.',
      },
    ],
  },
  {
    n: 3,
    customer: CASEY,
    kitchen: 'priyas-kitchen',
    deliveryOption: 'PICKUP',
    slot: 'PM_5_7',
    daysAgo: [8],
    lines: [{ dish: 'Dal Tadka', quantity: 2 }],
    status: 'DELIVERED',
    reviews: [
      { line: 0, date: 0, stars: 5, text: 'Pickup took a minute and Priya packed extra pickle. Lovely.' },
    ],
  },
  {
    n: 4,
    customer: CASEY,
    kitchen: 'dumpling-den',
    deliveryOption: 'DELIVERY',
    slot: 'PM_3_5',
    daysAgo: [4],
    lines: [{ dish: 'Pork & Cabbage Dumplings', quantity: 2 }],
    status: 'CANCELLED',
    cancelReason: 'The kitchen is closed that day for a family emergency. Sorry!',
    reviews: [],
  },
  {
    n: 5,
    customer: 'jordan@customers.example',
    kitchen: 'seoul-spoon',
    deliveryOption: 'DELIVERY',
    slot: 'PM_7_9',
    daysAgo: [11],
    lines: [
      { dish: 'Spicy Miso Ramen', quantity: 1 },
      { dish: 'Pork & Chive Dumplings', quantity: 1 },
    ],
    status: 'DELIVERED',
    reviews: [
      {
        line: 0,
        date: 0,
        stars: 5,
        text: 'Broth packed separately so the noodles stayed springy. The egg was perfect.',
      },
      { line: 1, date: 0, stars: 4, text: 'Crispy bottoms, juicy filling. The vinegar dip is addictive.' },
    ],
  },
  {
    n: 6,
    customer: 'sam@customers.example',
    kitchen: 'mission-masa',
    deliveryOption: 'DELIVERY',
    slot: 'PM_5_7',
    daysAgo: [16, 9],
    lines: [
      { dish: 'Chicken Tinga Tacos', quantity: 2 },
      { dish: 'Mole Enchiladas', quantity: 1 },
    ],
    status: 'DELIVERED',
    reviews: [
      {
        line: 0,
        date: 0,
        stars: 5,
        text: 'You can taste that the tortillas are pressed by hand. Great chipotle heat.',
      },
      { line: 0, date: 1, stars: 5, text: 'Second week running and just as good. Our new weekly ritual.' },
      { line: 1, date: 1, stars: 4, text: 'Deep, complex mole. Slightly sweet for me, my partner loved it.' },
    ],
  },
  {
    n: 7,
    customer: 'taylor@customers.example',
    kitchen: 'lincoln-park-pierogi',
    deliveryOption: 'PICKUP',
    slot: 'PM_5_7',
    daysAgo: [6],
    lines: [
      { dish: 'Pierogi Ruskie', quantity: 1 },
      { dish: 'Chicken Noodle Soup', quantity: 1 },
    ],
    status: 'DELIVERED',
    reviews: [
      {
        line: 0,
        date: 0,
        stars: 5,
        text: 'Just like my babcia made. Pan-fried them with butter and onions at home.',
      },
      {
        line: 1,
        date: 0,
        stars: 5,
        text: 'Clear, restorative broth with plenty of dill. Exactly what a cold week needed.',
      },
    ],
  },
];
