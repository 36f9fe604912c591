// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_DURATION_MS } from '@hearth/shared';
import type { Notification } from '~/lib/ui/notifications';
import { NotificationsProvider, useNotify } from './notifications';

const success: Notification = { id: 'n1', kind: 'positive', text: 'Operation Success!' };

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('notifications', () => {
  it('shows the flashed notification with its exact text', () => {
    render(<NotificationsProvider flashed={success}>page</NotificationsProvider>);
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Operation Success!');
  });

  it('never shows a notification with empty text', () => {
    render(
      <NotificationsProvider flashed={{ id: 'n2', kind: 'info', text: '' }}>page</NotificationsProvider>,
    );
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('closes by itself after 3500 ms', () => {
    vi.useFakeTimers();
    render(<NotificationsProvider flashed={success}>page</NotificationsProvider>);
    act(() => vi.advanceTimersByTime(NOTIFICATION_DURATION_MS - 1));
    expect(screen.queryByText('Operation Success!')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Operation Success!')).toBeNull();
  });

  it('closes with its close button', () => {
    render(<NotificationsProvider flashed={success}>page</NotificationsProvider>);
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Operation Success!')).toBeNull();
  });

  it('renders a close control that works without JavaScript', () => {
    const html = renderToString(<NotificationsProvider flashed={success}>page</NotificationsProvider>);
    // A checkbox that hides its sibling toast via CSS, and a label that toggles it.
    expect(html).toMatch(/<input type="checkbox" id="notification-close-n1" class="peer sr-only"/);
    expect(html).toMatch(/<label for="notification-close-n1"/);
    expect(html).toContain('peer-checked:hidden');
    expect(html).toContain('Operation Success!');
  });

  it('lets client code add notifications, ignoring empty ones', () => {
    function Notifier() {
      const notify = useNotify();
      return (
        <>
          <button onClick={() => notify({ kind: 'warning', text: '' })}>empty</button>
          <button
            onClick={() =>
              notify({
                kind: 'negative',
                text: 'Invalid Request. Check your internet connection and try again.',
              })
            }
          >
            fail
          </button>
        </>
      );
    }
    render(
      <NotificationsProvider flashed={null}>
        <Notifier />
      </NotificationsProvider>,
    );
    fireEvent.click(screen.getByText('empty'));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    fireEvent.click(screen.getByText('fail'));
    expect(screen.getByRole('alert').textContent).toContain(
      'Invalid Request. Check your internet connection and try again.',
    );
  });
});
