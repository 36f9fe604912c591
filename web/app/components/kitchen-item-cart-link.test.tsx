// @vitest-environment jsdom
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { kitchenPage } from '~/test/chef-fixtures';
import { kitchenItemCartAction } from './kitchen-item-cart-link';
import { KitchenPageView } from './kitchen-page';

afterEach(cleanup);

describe('kitchenItemCartAction', () => {
  it('links each item that can still be ordered to its page for that date, and nothing else', async () => {
    const Stub = createRemixStub([
      {
        path: '/',
        Component: () => <KitchenPageView kitchen={kitchenPage} itemActions={kitchenItemCartAction} />,
      },
    ]);
    render(<Stub />);
    const links = await screen.findAllByRole('link', { name: /^Add to cart/ });
    const orderable = kitchenPage.dates.flatMap((d) =>
      d.menus.flatMap((m) =>
        m.items
          .filter((i) => m.orderable && i.orderable && !i.soldOut)
          .map((i) => `/items/${i.id}?date=${d.date}`),
      ),
    );
    expect(orderable.length).toBeGreaterThan(0);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(orderable);
    expect(
      screen.getByRole('article', { name: 'Lentil soup' }).querySelector('a[href^="/items/"]'),
    ).toBeNull();
    expect(screen.getByRole('article', { name: 'Pea soup' }).querySelector('a[href^="/items/"]')).toBeNull();
  });
});
