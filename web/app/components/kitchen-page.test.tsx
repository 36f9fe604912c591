// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { kitchenPage } from '~/test/chef-fixtures';
import { KitchenPageView } from './kitchen-page';

afterEach(cleanup);

describe('KitchenPageView', () => {
  it('shows who the kitchen is: logo, brand, type, speciality, description, rating and pickup places', () => {
    render(<KitchenPageView kitchen={kitchenPage} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Robin's Kitchen");
    expect(screen.getByRole('img', { name: "Robin's Kitchen logo" }).getAttribute('src')).toBe(kitchenPage.logo);
    expect(screen.getByText('Home kitchen · Soups')).toBeTruthy();
    expect(screen.getByText('Slow-cooked soups.')).toBeTruthy();
    expect(screen.getByText('4.8')).toBeTruthy();
    expect(screen.getByText(/\(12 ratings\)/)).toBeTruthy();
    const pickup = screen.getByRole('region', { name: 'Pickup locations' });
    expect(pickup.textContent).toContain('77 Hudson St, Jersey City, NJ 07302');
  });

  it('lists each date with its menus: local slot times, fulfilment and the cut-off in the chef’s zone', () => {
    render(<KitchenPageView kitchen={kitchenPage} />);
    const friday = screen.getByRole('region', { name: 'Friday 4 Jan' });
    expect(friday.textContent).toContain('5:00 PM – 7:00 PM');
    expect(friday.textContent).toContain('Pickup at Kitchen · Delivery within 5 miles ($3.50 fee)');
    // 10:00 UTC on Friday 4 January is 5 AM in New York.
    expect(within(friday).getByText('Fri 5 AM').closest('span')?.textContent).toBe('Order by Fri 5 AM');
    const wednesday = screen.getByRole('region', { name: 'Wednesday 2 Jan' });
    expect(wednesday.textContent).toContain('Past cut-off: orders for this date are closed');
  });

  it('shows each item with its picture and prices in the chef’s currency, sold-out and past cut-off items as such', () => {
    render(<KitchenPageView kitchen={kitchenPage} />);
    const soup = screen.getByRole('article', { name: 'Tomato soup' });
    expect(within(soup).getByRole('img', { name: 'Tomato soup' }).getAttribute('src')).toContain('/400.webp');
    expect(soup.textContent).toContain('1 Bowl · serves 1$6.50');
    expect(soup.textContent).toContain('1 Pot · serves 4$18.00');
    expect(soup.textContent).toContain('Pickup or Delivery');
    expect(soup.textContent).not.toContain('Sold out');
    expect(screen.getByRole('article', { name: 'Lentil soup' }).textContent).toContain('Sold out');
    expect(screen.getByRole('article', { name: 'Pea soup' }).textContent).toContain('Past cut-off');
    expect(screen.getByRole('article', { name: 'Pea soup' }).textContent).toContain('$4.25');
  });

  it('gives every item a slot for its customer actions (the add-to-cart form)', () => {
    render(
      <KitchenPageView
        kitchen={kitchenPage}
        itemActions={({ item, date }) => <button type="button">{`Add ${item.name} for ${date.date}`}</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'Add Tomato soup for 2030-01-04' })).toBeTruthy();
    expect(screen.getAllByRole('button')).toHaveLength(3);
  });

  it('says so when there is nothing upcoming', () => {
    render(<KitchenPageView kitchen={{ ...kitchenPage, dates: [] }} />);
    expect(screen.getByText("Robin's Kitchen has no menus for the coming days. Check back soon.")).toBeTruthy();
  });
});
