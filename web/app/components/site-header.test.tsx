// @vitest-environment jsdom
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ME } from '~/test/auth-fixtures';
import type { DemoUser } from '~/test/auth-fixtures';
import { SiteHeader } from './site-header';

afterEach(cleanup);

async function renderHeader(
  who: DemoUser | null,
  path = '/resources/about?tab=team',
  cartCount: number | null = 0,
) {
  const Stub = createRemixStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ user: who ? ME[who] : null, cartCount, notifications: [] }),
      children: [{ path: '*', Component: () => <SiteHeader /> }],
    },
  ]);
  render(<Stub initialEntries={[path]} />);
  return screen.findByRole('banner');
}

/** The desktop account menu (the compact menu repeats the same links for small screens). */
function accountNav() {
  return screen.getByRole('navigation', { name: 'Account', hidden: true });
}

function linkTargets(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('link', { hidden: true })
    .map((a) => `${a.textContent} ${a.getAttribute('href')}`);
}

describe('site header', () => {
  it('offers Sign in and Register to an anonymous visitor, returning to the current page', async () => {
    await renderHeader(null);
    const signIn = screen
      .getAllByRole('link', { name: 'Sign in', hidden: true })
      .map((a) => a.getAttribute('href'));
    expect(new Set(signIn)).toEqual(
      new Set(['/services/publisher/api/auth/login?redirect=%2Fresources%2Fabout%3Ftab%3Dteam']),
    );
    const register = screen
      .getAllByRole('link', { name: 'Register', hidden: true })
      .map((a) => a.getAttribute('href'));
    expect(new Set(register)).toEqual(
      new Set(['/services/publisher/api/auth/register?redirect=%2Fresources%2Fabout%3Ftab%3Dteam']),
    );
    expect(screen.queryByRole('button', { name: 'Sign out', hidden: true })).toBeNull();
  });

  it("shows a customer's name, their pages and a Sign out form that works without JavaScript", async () => {
    const header = await renderHeader('customer');
    expect(within(header).getAllByText('Casey Customer', { exact: true }).length).toBeGreaterThan(0);
    expect(linkTargets(accountNav())).toEqual([
      'My orders /l/orders',
      'Favourites /l/favs',
      'Addresses /l/addresses',
      'Signed-in devices /l/sessions',
    ]);
    expect(screen.queryAllByRole('link', { name: 'Sign in', hidden: true })).toHaveLength(0);
    const signOut = screen.getAllByRole('button', { name: 'Sign out', hidden: true });
    expect(signOut.length).toBe(2); // desktop menu and compact menu
    for (const button of signOut) {
      const form = button.closest('form')!;
      expect(form.getAttribute('method')).toBe('post');
      expect(form.getAttribute('action')).toBe('/services/publisher/api/auth/logout');
    }
  });

  it("adds a chef's orders to cook, Manage menus and Settings after their own purchases (My orders)", async () => {
    await renderHeader('chef');
    expect(linkTargets(accountNav())).toEqual([
      'My orders /l/orders',
      'Favourites /l/favs',
      'Addresses /l/addresses',
      'Signed-in devices /l/sessions',
      'Orders to cook /l/orders/kitchen',
      'Manage menus /l/manage-menus',
      'Settings /l/settings',
    ]);
  });

  it('adds Admin for an admin, and no chef pages', async () => {
    await renderHeader('admin');
    const links = linkTargets(accountNav());
    expect(links).toContain('Admin /l/admin');
    expect(links).not.toContain('Settings /l/settings');
  });

  it('gives a chef "My kitchen" (the incoming orders) in the bar itself, outside every menu, instead of "Become a chef"', async () => {
    const header = await renderHeader('chef');
    const kitchen = within(header).getAllByRole('link', { name: 'My kitchen' });
    expect(kitchen).toHaveLength(1); // one link for every width: one click on a phone too
    expect(kitchen[0].getAttribute('href')).toBe('/l/orders/kitchen');
    expect(kitchen[0].closest('details')).toBeNull();
    expect(within(header).queryAllByRole('link', { name: 'Become a chef', hidden: true })).toHaveLength(0);
  });

  it('shows someone whose kitchen awaits review its state instead of "Become a chef"', async () => {
    const header = await renderHeader('applicant');
    const review = within(header).getAllByRole('link', { name: 'Kitchen in review', hidden: true });
    expect(review.map((a) => a.getAttribute('href'))).toEqual([
      '/l/chef-registration',
      '/l/chef-registration',
    ]);
    expect(within(header).queryAllByRole('link', { name: 'Become a chef', hidden: true })).toHaveLength(0);
    expect(within(header).queryAllByRole('link', { name: 'My kitchen', hidden: true })).toHaveLength(0);
  });

  it('invites guests and customers to become a chef, with no kitchen link', async () => {
    for (const who of [null, 'customer'] as const) {
      const header = await renderHeader(who);
      const become = within(header).getAllByRole('link', { name: 'Become a chef', hidden: true });
      expect(become.map((a) => a.getAttribute('href'))).toEqual([
        '/l/chef-registration',
        '/l/chef-registration',
      ]);
      expect(within(header).queryAllByRole('link', { name: 'My kitchen', hidden: true })).toHaveLength(0);
      cleanup();
    }
  });

  it('shows the cart with the number of lines in it, said in words', async () => {
    let header = await renderHeader('customer', '/l/find-items', 3);
    let cart = within(header).getByRole('link', { name: 'Cart, 3 items' });
    expect(cart.getAttribute('href')).toBe('/l/cart');
    expect(within(cart).getByTestId('cart-count').textContent).toBe('3');
    cleanup();
    header = await renderHeader(null, '/l/find-items', 1);
    expect(within(header).getByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    cleanup();
    for (const count of [0, null]) {
      header = await renderHeader('customer', '/l/find-items', count);
      cart = within(header).getByRole('link', { name: 'Cart' });
      expect(within(cart).queryByTestId('cart-count')).toBeNull();
      cleanup();
    }
  });

  it('puts the same account links in the compact menu for small screens', async () => {
    await renderHeader('chef');
    const compact = screen.getByRole('navigation', { name: 'Account (compact)', hidden: true });
    expect(linkTargets(compact)).toEqual(linkTargets(accountNav()));
    expect(compact.closest('details')).not.toBeNull();
  });
});
