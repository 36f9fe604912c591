import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { NOTIFICATION_DURATION_MS, shouldShowNotification } from '~/lib/ui/notifications';
import type { Notification, NotificationInput, NotificationKind } from '~/lib/ui/notifications';
import { focusRing } from './ui';

const KIND_STYLE: Record<NotificationKind, { box: string; icon: string; label: string }> = {
  positive: { box: 'border-sage-500/40 bg-sage-100 text-sage-700', icon: '✓', label: 'Success' },
  negative: { box: 'border-red-700/30 bg-red-50 text-red-900', icon: '!', label: 'Error' },
  warning: { box: 'border-amber-600/40 bg-amber-50 text-amber-900', icon: '!', label: 'Warning' },
  info: { box: 'border-sky-700/30 bg-sky-50 text-sky-900', icon: 'i', label: 'Information' },
};

/** True once React has hydrated; before that (and without JavaScript) the HTML must work on its own. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function NotificationItem({
  notification,
  onClose,
  hydrated,
}: {
  notification: Notification;
  onClose: (id: string) => void;
  hydrated: boolean;
}) {
  const { id, kind, text } = notification;
  useEffect(() => {
    if (!hydrated) return;
    const timer = setTimeout(() => onClose(id), NOTIFICATION_DURATION_MS);
    return () => clearTimeout(timer);
  }, [hydrated, id, onClose]);

  if (!shouldShowNotification(notification)) return null;
  const style = KIND_STYLE[kind];
  const closeId = `notification-close-${id}`;
  const closeControl = hydrated ? (
    <button
      type="button"
      onClick={() => onClose(id)}
      className={`-m-1 ml-auto shrink-0 rounded-full p-1 leading-none opacity-80 hover:opacity-100 ${focusRing}`}
      aria-label="Close notification"
    >
      <span aria-hidden="true" className="block h-5 w-5 text-lg">
        ×
      </span>
    </button>
  ) : (
    <label
      htmlFor={closeId}
      className="-m-1 ml-auto shrink-0 cursor-pointer rounded-full p-1 leading-none opacity-80 hover:opacity-100 [.peer:focus-visible~div_&]:outline [.peer:focus-visible~div_&]:outline-2 [.peer:focus-visible~div_&]:outline-current"
    >
      <span aria-hidden="true" className="block h-5 w-5 text-lg">
        ×
      </span>
      <span className="sr-only">Close notification</span>
    </label>
  );

  return (
    <li className="pointer-events-auto">
      {/* Without JavaScript the close control is a visually hidden checkbox that hides the toast via CSS. */}
      {hydrated ? null : (
        <input type="checkbox" id={closeId} className="peer sr-only" aria-label="Close notification" />
      )}
      <div
        role={kind === 'negative' ? 'alert' : 'status'}
        data-kind={kind}
        className={`flex w-full items-start gap-3 rounded-2xl border px-4 py-3 text-sm shadow-card peer-checked:hidden ${style.box}`}
      >
        <span
          aria-hidden="true"
          className="mt-px flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 border-current text-[11px] font-bold"
        >
          {style.icon}
        </span>
        <p className="flex-1 font-medium leading-snug">
          <span className="sr-only">{style.label}: </span>
          {text}
        </p>
        {closeControl}
      </div>
    </li>
  );
}

interface NotificationsApi {
  notify: (input: NotificationInput) => void;
}

const NotificationsContext = createContext<NotificationsApi>({ notify: () => {} });

/** Shows notifications from JavaScript (e.g. after a fetcher fails). Empty texts are ignored. */
export function useNotify() {
  return useContext(NotificationsContext).notify;
}

/**
 * Renders the notifications from the root loader (flashed ones, "Failed to refresh token"; server-side,
 * so it works without JavaScript) plus any added from the client, and closes each after
 * NOTIFICATION_DURATION_MS once hydrated.
 */
export function NotificationsProvider({
  flashed,
  children,
}: {
  flashed: Notification | readonly Notification[] | null | undefined;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const [added, setAdded] = useState<Notification[]>([]);
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());

  const close = useCallback((id: string) => setClosed((prev) => new Set(prev).add(id)), []);
  const notify = useCallback((input: NotificationInput) => {
    if (!shouldShowNotification(input)) return;
    setAdded((prev) => [...prev, { ...input, id: `client-${Date.now()}-${prev.length}` }]);
  }, []);
  const api = useMemo(() => ({ notify }), [notify]);

  const fromServer = flashed ? (Array.isArray(flashed) ? flashed : [flashed as Notification]) : [];
  const visible = [...fromServer, ...added].filter((n) => shouldShowNotification(n) && !closed.has(n.id));

  return (
    <NotificationsContext.Provider value={api}>
      {children}
      <section
        aria-label="Notifications"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-4 z-50 px-4 sm:left-auto sm:right-6 sm:w-96"
      >
        <ul className="flex flex-col gap-3">
          {visible.map((n) => (
            <NotificationItem key={n.id} notification={n} onClose={close} hydrated={hydrated} />
          ))}
        </ul>
      </section>
    </NotificationsContext.Provider>
  );
}
