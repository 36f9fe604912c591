import { describe, expect, it } from 'vitest';
import { Role } from '@hearth/shared';
import { accountLinks, authErrorMessage, authHref, wrongRoleMessage } from './auth';

describe(accountLinks.name, () => {
  const labels = (roles: Role[]) => accountLinks({ roles }).map((l) => `${l.label} ${l.to}`);

  it('gives customers their orders, favourites and addresses', () => {
    expect(labels([Role.USER])).toEqual(['Orders /l/orders', 'Favourites /l/favs', 'Addresses /l/addresses']);
  });

  it('adds menus and settings for chefs, and the admin area for admins', () => {
    expect(labels([Role.USER, Role.CHEF])).toEqual([
      'Orders /l/orders',
      'Favourites /l/favs',
      'Addresses /l/addresses',
      'Manage menus /l/manage-menus',
      'Settings /l/settings',
    ]);
    expect(labels([Role.USER, Role.ADMIN]).at(-1)).toBe('Admin /l/admin');
    expect(labels([Role.USER, Role.ADMIN])).not.toContain('Settings /l/settings');
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
