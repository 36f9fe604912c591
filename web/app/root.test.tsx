// @vitest-environment jsdom
import { createRemixStub } from '@remix-run/testing';
import { data } from '@remix-run/node';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBoundary } from './root';

afterEach(cleanup);

function stub(loader: () => never) {
  return createRemixStub([
    {
      id: 'root',
      path: '/',
      ErrorBoundary,
      children: [{ path: '*', Component: () => <p>never</p>, loader }],
    },
  ]);
}

describe('root error boundary', () => {
  it('shows Page Not Found for a 404, with the route text, inside the default layout', async () => {
    const Stub = stub(() => {
      throw data('Page Not Found: /x.html', { status: 404 });
    });
    render(<Stub initialEntries={['/x.html']} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page Not Found');
    expect(screen.getByText('Page Not Found: /x.html')).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    // Default layout: the logo and the footer's informational links.
    expect(screen.getByRole('link', { name: 'Hearth' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/resources/privacy-policy',
    );
    // Desktop header and compact menu both offer sign-in, returning here afterwards.
    const signIn = screen.getAllByRole('link', { name: 'Sign in' }).map((a) => a.getAttribute('href'));
    expect(new Set(signIn)).toEqual(new Set(['/services/publisher/api/auth/login?redirect=%2Fx.html']));
    const register = screen.getAllByRole('link', { name: 'Register' }).map((a) => a.getAttribute('href'));
    expect(new Set(register)).toEqual(new Set(['/services/publisher/api/auth/register?redirect=%2Fx.html']));
  });

  it('shows Internal Server Error for a thrown error, without its internals', async () => {
    const Stub = stub(() => {
      throw new Error('connection string postgres://secret');
    });
    render(<Stub initialEntries={['/broken']} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Internal Server Error');
    expect(screen.getByText('500')).toBeTruthy();
    expect(document.body.textContent).not.toContain('postgres://secret');
  });
});
