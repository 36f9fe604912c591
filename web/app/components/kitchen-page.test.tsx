// @vitest-environment jsdom
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Review } from '~/lib/catalog/catalog';
import type { KitchenPage } from '~/lib/chef/chef-types';
import { kitchenPage } from '~/test/chef-fixtures';
import { KitchenPageView } from './kitchen-page';
import { KitchenRouteView } from './kitchen-route';

afterEach(cleanup);

const ZONE = 'America/New_York';
const [friday, midweek] = kitchenPage.dates;
const tomato = friday.menus[0].items[0];

/** The fixture with Tomato soup on a second Friday too: one dish, two dates. */
const twoFridays: KitchenPage = {
  ...kitchenPage,
  dates: [
    ...kitchenPage.dates,
    {
      date: '2030-01-11',
      label: 'Friday 11 Jan',
      // Orders close at 6 PM New York time the day before.
      menus: [
        { ...friday.menus[0], cutoffAt: '2030-01-10T23:00:00.000Z', items: [{ ...tomato, remaining: 2 }] },
      ],
    },
  ],
};

const review: Review = {
  id: 'r1',
  ratedBy: 'Jo',
  ratedAgainst: kitchenPage.id,
  ratingValue: 4,
  reviewBody: 'Rich and warming.',
  itemName: 'Tomato soup',
  reviewedItemId: tomato.id,
  userName: 'Jo',
  datePublished: '2030-01-05T03:00:00Z', // still 4 January in New York
  images: [],
};

async function renderInRemix(node: () => ReactNode, path = '/kitchen/robins-kitchen') {
  const Stub = createRemixStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ user: null, notifications: [] }),
      children: [{ path: '*', Component: node, action: () => null }],
    },
  ]);
  render(<Stub initialEntries={[path]} />);
  return screen.findByRole('heading', { level: 1 });
}

describe('KitchenPageView', () => {
  it('shows who the kitchen is: logo, brand, type, speciality, description, rating and the favourite button', async () => {
    await renderInRemix(() => (
      <KitchenPageView
        kitchen={kitchenPage}
        zone={ZONE}
        reviews={[review]}
        favourite={<button type="button">Favourite</button>}
      />
    ));
    const header = screen.getByRole('banner');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Robin's Kitchen");
    expect(screen.getByRole('img', { name: "Robin's Kitchen logo" }).getAttribute('src')).toBe(
      kitchenPage.logo,
    );
    expect(screen.getByText('Home kitchen · Soups')).toBeTruthy();
    expect(screen.getByText('4.8')).toBeTruthy();
    expect(screen.getByText(/\(12 ratings\)/)).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Favourite' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the reviews' }).getAttribute('href')).toBe('#reviews');
  });

  it('shows each dish once, with its upcoming dates as chips and their cut-offs in the kitchen’s zone', async () => {
    await renderInRemix(() => (
      <KitchenPageView
        kitchen={twoFridays}
        zone={ZONE}
        order={(dish) => <p>{`Order ${dish.item.name}: ${dish.dates.map((d) => d.date).join(' ')}`}</p>}
      />
    ));
    expect(screen.getAllByRole('article', { name: 'Tomato soup' })).toHaveLength(1);
    expect(screen.getAllByTestId('kitchen-item').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Tomato soup',
      'Lentil soup',
      'Pea soup',
    ]);
    expect(screen.getByText('Order Tomato soup: 2030-01-04 2030-01-11')).toBeTruthy();
    expect(screen.getByText('Times are New York time. Prices in USD.')).toBeTruthy();
    const soup = screen.getByRole('article', { name: 'Tomato soup' });
    expect(soup.id).toBe(`dish-${tomato.id}`);
    expect(soup.textContent).toContain('1 Bowl · serves 1 $6.50');
    expect(soup.textContent).toContain('1 Pot · serves 4 $18.00');
    expect(within(soup).getByRole('img', { name: 'Tomato soup' }).getAttribute('src')).toContain('/400.webp');
    expect(screen.getByRole('article', { name: 'Lentil soup' }).textContent).toContain('Sold out');
    expect(screen.getByRole('article', { name: 'Pea soup' }).textContent).toContain('Orders closed');
  });

  it('sums up each menu once: slots, dates and how it can be had', async () => {
    await renderInRemix(() => <KitchenPageView kitchen={twoFridays} zone={ZONE} />);
    const menus = screen.getByRole('list', { name: 'Menus' });
    const fridays = within(menus).getByRole('heading', { name: 'Friday soups' }).closest('li');
    expect(fridays?.textContent).toContain('5 PM – 7 PM · 2 dates from Fri, Jan 4');
    expect(fridays?.textContent).toContain('Pickup at Kitchen · Delivery within 5 miles ($3.50 fee)');
    expect(within(menus).getByRole('heading', { name: midweek.menus[0].name })).toBeTruthy();
  });

  it('says who cooks and shows the reviews, dated in the kitchen’s zone', async () => {
    await renderInRemix(() => <KitchenPageView kitchen={kitchenPage} zone={ZONE} reviews={[review]} />);
    const about = screen.getByRole('region', { name: 'About the chef' });
    expect(within(about).getByRole('list', { name: 'About the kitchen' }).textContent).toBe(
      'Home kitchenSoupsCooks in Jersey City, NJOn Hearth since May 2028340 orders served',
    );
    expect(about.textContent).toContain('Slow-cooked soups.');
    expect(within(about).getByRole('img', { name: "The chef of Robin's Kitchen" }).getAttribute('src')).toBe(
      kitchenPage.about.profilePicture,
    );
    expect(within(about).getAllByRole('img', { name: /Robin's Kitchen, picture/ })).toHaveLength(1);
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(reviews.textContent).toContain('Rich and warming.');
    expect(reviews.textContent).toContain('Jo · Tomato soup · January 4, 2030');
  });

  it('says so when there are no reviews, when they cannot be had, and when nothing is upcoming', async () => {
    await renderInRemix(() => (
      <KitchenPageView kitchen={{ ...kitchenPage, dates: [] }} zone={ZONE} reviews={[]} />
    ));
    expect(
      screen.getByText("Robin's Kitchen has no menus for the coming days. Check back soon."),
    ).toBeTruthy();
    expect(screen.getByText("No written reviews of Robin's Kitchen yet.")).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Read the reviews' })).toBeNull();
    cleanup();
    await renderInRemix(() => <KitchenPageView kitchen={kitchenPage} zone={ZONE} reviews={null} />);
    expect(screen.getByText('Reviews could not be loaded just now.')).toBeTruthy();
  });
});

describe('KitchenRouteView', () => {
  it('gives every dish that can be ordered a real form: its dates as chips, coming back to the dish', async () => {
    await renderInRemix(() => (
      <KitchenRouteView kitchen={twoFridays} reviews={[]} favourite={false} zone={ZONE} result={undefined} />
    ));
    const form = screen.getByRole('form', { name: 'Order Tomato soup' });
    const chips = within(form).getAllByRole('checkbox');
    expect(chips.map((c) => (c as HTMLInputElement).value)).toEqual([
      '2030-01-04|PM_5_7',
      '2030-01-11|PM_5_7',
    ]);
    // 10:00 UTC on Friday is 5 AM that day in New York; 23:00 UTC on Thursday is 6 PM the day before.
    expect(chips.map((c) => c.closest('label')?.textContent)).toEqual([
      'Fri, Jan 4, 5 PM – 7 PM, order by 5:00 AM',
      'Fri, Jan 11, 5 PM – 7 PM, order by Thu 6:00 PM · 2 left',
    ]);
    const hidden = (name: string) =>
      (form.querySelector(`input[name="${name}"]`) as HTMLInputElement | null)?.value;
    expect(hidden('intent')).toBe('add-to-cart');
    expect(hidden('itemId')).toBe(tomato.id);
    expect(hidden('redirectTo')).toBe(`/kitchen/robins-kitchen#dish-${tomato.id}`);
    expect(within(form).getAllByRole('radio', { name: /Bowl|Pot/ })).toHaveLength(2);
    expect(within(form).getByRole('button', { name: /^Add to cart ?: Tomato soup$/ })).toBeTruthy();
    // Sold out and past the cut-off: no form, the reason instead.
    expect(screen.queryByRole('form', { name: 'Order Lentil soup' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Pea soup' }).textContent).toContain(
      'Not on sale for the coming days.',
    );
    // The header's favourite button, for a guest a link to sign in first.
    expect(screen.getByRole('link', { name: "Favourite: Robin's Kitchen (sign in first)" })).toBeTruthy();
  });

  it('shows a refusal of the page’s action beside the form of that dish only, with what was sent', async () => {
    await renderInRemix(() => (
      <KitchenRouteView
        kitchen={twoFridays}
        reviews={[]}
        favourite={false}
        zone={ZONE}
        result={{
          ok: false,
          itemId: tomato.id,
          values: {
            pricingOption: 'p-2',
            slots: ['2030-01-11|PM_5_7'],
            orderQuantity: '3',
            deliveryOption: 'PICKUP',
            isCateringItem: false,
          },
          fieldErrors: {},
          formErrors: ['Only 2 portions of "Tomato soup" are left for Fri 11 Jan.'],
        }}
      />
    ));
    const form = screen.getByRole('form', { name: 'Order Tomato soup' });
    expect(within(form).getByRole('alert').textContent).toBe(
      'Only 2 portions of "Tomato soup" are left for Fri 11 Jan.',
    );
    expect((within(form).getByRole('checkbox', { name: /Jan 11/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('checkbox', { name: /Jan 4/ }) as HTMLInputElement).checked).toBe(false);
    expect((within(form).getByRole('radio', { name: /Pot/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('radio', { name: 'Pickup' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText('Quantity') as HTMLInputElement).value).toBe('3');
  });
});
