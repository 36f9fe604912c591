// @vitest-environment jsdom
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ME } from '~/test/auth-fixtures';
import type { DemoUser } from '~/test/auth-fixtures';
import { SiteHeader } from './site-header';

afterEach(cleanup);

async function renderHeader(who: DemoUser | null, path = '/resources/about?tab=team') {
  const Stub = createRemixStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ user: who ? ME[who] : null, notifications: [] }),
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
      'Orders /l/orders',
      'Favourites /l/favs',
      'Addresses /l/addresses',
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

  it('adds Manage menus and Settings for a chef', async () => {
    await renderHeader('chef');
    expect(linkTargets(accountNav())).toEqual([
      'Orders /l/orders',
      'Favourites /l/favs',
      'Addresses /l/addresses',
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

  it('puts the same account links in the compact menu for small screens', async () => {
    await renderHeader('chef');
    const compact = screen.getByRole('navigation', { name: 'Account (compact)', hidden: true });
    expect(linkTargets(compact)).toEqual(linkTargets(accountNav()));
    expect(compact.closest('details')).not.toBeNull();
  });
});
