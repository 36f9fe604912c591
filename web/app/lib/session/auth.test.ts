import { describe, expect, it } from 'vitest';
import { PublisherStatus, Role } from '@hearth/shared';
import { accountLinks, authErrorMessage, authHref, kitchenEntry, wrongRoleMessage } from './auth';

describe(accountLinks.name, () => {
  const labels = (roles: Role[]) => accountLinks({ roles }).map((l) => `${l.label} ${l.to}`);

  it('gives customers their orders, favourites and addresses', () => {
    expect(labels([Role.USER])).toEqual([
      'My orders /l/orders',
      'Favourites /l/favs',
      'Addresses /l/addresses',
      'Signed-in devices /l/sessions',
    ]);
  });

  it("adds a chef's orders to cook, menus and settings after their own orders, and the admin area for admins", () => {
    expect(labels([Role.USER, Role.CHEF])).toEqual([
      'My orders /l/orders',
      'Favourites /l/favs',
      'Addresses /l/addresses',
      'Signed-in devices /l/sessions',
      'Orders to cook /l/orders/kitchen',
      'Manage menus /l/manage-menus',
      'Settings /l/settings',
    ]);
    expect(labels([Role.USER, Role.ADMIN]).at(-1)).toBe('Admin /l/admin');
    expect(labels([Role.USER, Role.ADMIN])).not.toContain('Settings /l/settings');
  });
});

describe(kitchenEntry.name, () => {
  const entry = (roles: Role[], kitchenStatus: PublisherStatus | null) => {
    const { label, to } = kitchenEntry({ roles, kitchenStatus });
    return `${label} ${to}`;
  };

  it('opens a chef\'s incoming orders as "My kitchen"', () => {
    expect(entry([Role.USER, Role.CHEF], PublisherStatus.APPROVED)).toBe('My kitchen /l/orders/kitchen');
  });

  it('shows a kitchen awaiting review, or blocked, instead of "Become a chef"', () => {
    expect(entry([Role.USER], PublisherStatus.PENDING)).toBe('Kitchen in review /l/chef-registration');
    expect(entry([Role.USER], PublisherStatus.BLOCKED)).toBe('Kitchen blocked /l/chef-registration');
  });

  it('invites guests, customers and admins without a kitchen to become a chef', () => {
    expect(kitchenEntry(null)).toMatchObject({
      label: 'Become a chef',
      to: '/l/chef-registration',
      chef: false,
    });
    expect(entry([Role.USER], null)).toBe('Become a chef /l/chef-registration');
    expect(entry([Role.USER, Role.ADMIN], null)).toBe('Become a chef /l/chef-registration');
  });
});

describe(authErrorMessage.name, () => {
  it('explains each code of the API in a sentence', () => {
    expect(authErrorMessage('state')).toBe(
      'We could not sign you in: the sign-in request expired or did not match. Please try again.',
    );
    expect(authErrorMessage('denied')).toBe(
      'We could not sign you in: access was denied at the sign-in page.',
    );
    expect(authErrorMessage('failed')).toMatch(/^We could not sign you in: the sign-in service/);
    expect(authErrorMessage('unavailable')).toMatch(
      /^We could not sign you in: the sign-in service cannot be reached/,
    );
    expect(authErrorMessage('<script>')).toBe(
      'We could not sign you in: something went wrong. Please try again.',
    );
  });
});

describe('role texts and links', () => {
  it('names the role and the account', () => {
    expect(wrongRoleMessage(Role.CHEF, { name: 'Casey Customer', email: 'c@x' })).toBe(
      'This page is for chefs. You are signed in as Casey Customer, who is not a chef.',
    );
  });

  it('builds the API auth links with the return path encoded', () => {
    expect(authHref('register', '/resources/about?x=1')).toBe(
      '/services/publisher/api/auth/register?redirect=%2Fresources%2Fabout%3Fx%3D1',
    );
  });
});
