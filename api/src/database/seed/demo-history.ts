/**
 * Several weeks of past orders for the dashboard's plots (issue 17 item 7): the demo chef's kitchen
 * (chef@hearth.test, priyas-kitchen) gets about four orders a week over the last eleven weeks, a few cancelled
 * by the customer or by the kitchen, most reviewed with 2 to 5 stars; annapurna-hyderabad gets a handful in
 * rupees so that the admin's platform dashboard shows two currencies. Orders n 500–599, placed by the demo
 * customers other than customer@hearth.test (whose portion and open-order caps the e2e suites rely on).
 * Built from fixed rules, so every seed run yields the same list (and `seedOrders` finds them again by n).
 */
import type { DemoOrder, DemoOrderLine, DemoReview } from './demo-orders.js';

const CUSTOMERS = ['jordan@customers.example', 'sam@customers.example', 'taylor@customers.example'];
const STARS: Array<DemoReview['stars']> = [5, 4, 5, 3, 5, 4, 2, 5, 4, 5, 4, 3];
const REVIEWS: Record<DemoReview['stars'], string> = {
  5: 'Wonderful again: generous portions and packed with care.',
  4: 'Very good, a touch more spice next time please.',
  3: 'Tasty, but it arrived a little late and lukewarm.',
  2: 'The gravy was too salty this time.',
  1: 'Not what I ordered.',
};

/** The i-th order of Priya's kitchen: what, how, whether it was cancelled and how it was reviewed. */
function priyaOrder(i: number): DemoOrder {
  const delivery = i % 3 === 1;
  const lines: DemoOrderLine[] = [
    i % 4 === 3
      ? { dish: 'Dal Tadka', quantity: 1 + (i % 3) }
      : { dish: 'Butter Chicken', option: i % 5 === 4 ? 1 : 0, quantity: 2 + (i % 2) },
  ];
  if (i % 2 === 0) lines.push({ dish: 'Dal Tadka', quantity: 1 + (i % 4 === 0 ? 1 : 0) });
  if (delivery && lines[0]?.dish === 'Dal Tadka') lines.push({ dish: 'Butter Chicken', quantity: 2 });
  const cancelledBy = i % 11 === 5 ? 'CHEF' : i % 8 === 6 ? 'CUSTOMER' : null;
  const stars = STARS[i % STARS.length] as DemoReview['stars'];
  return {
    n: 500 + i,
    customer: CUSTOMERS[i % CUSTOMERS.length] as string,
    kitchen: 'priyas-kitchen',
    deliveryOption: delivery ? 'DELIVERY' : 'PICKUP',
    slot: 'PM_5_7',
    // Two days apart from 3 to 77 days ago; each moves back to the Tuesday or Thursday the kitchen cooks.
    daysAgo: [3 + 2 * i],
    lines,
    status: cancelledBy ? 'CANCELLED' : 'DELIVERED',
    ...(cancelledBy === 'CHEF' ? { cancelReason: 'Ran out of fresh chicken that day, sorry!' } : {}),
    ...(cancelledBy === 'CUSTOMER'
      ? { cancelledBy: 'CUSTOMER' as const, cancelReason: 'Plans changed, sorry.' }
      : {}),
    reviews: cancelledBy || i % 4 === 2 ? [] : [{ line: 0, date: 0, stars, text: REVIEWS[stars] }],
  };
}

/** The i-th order of the rupee kitchen (pickup of a tiffin plate). */
function annapurnaOrder(i: number): DemoOrder {
  return {
    n: 580 + i,
    customer: CUSTOMERS[(i + 1) % CUSTOMERS.length] as string,
    kitchen: 'annapurna-hyderabad',
    deliveryOption: 'PICKUP',
    slot: 'BREAKFAST_8AM',
    daysAgo: [4 + 9 * i],
    lines: [
      { dish: i % 2 === 0 ? 'Idli Sambar' : 'Masala Dosa', quantity: 2 + (i % 3) },
      { dish: 'Masala Dosa', quantity: 1 },
    ],
    status: 'DELIVERED',
    reviews: [{ line: 0, date: 0, stars: i % 3 === 0 ? 4 : 5, text: REVIEWS[i % 3 === 0 ? 4 : 5] }],
  };
}

export const DEMO_HISTORY: DemoOrder[] = [
  ...Array.from({ length: 38 }, (_, i) => priyaOrder(i)),
  ...Array.from({ length: 8 }, (_, i) => annapurnaOrder(i)),
];
