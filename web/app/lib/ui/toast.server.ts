import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { getEnv } from '../env.server';
import { isNotificationKind, shouldShowNotification } from './notifications';
import type { Notification, NotificationInput } from './notifications';

const TOAST_KEY = 'toast' as const;

type ToastData = { [TOAST_KEY]: Notification };
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, ToastData>> | undefined;

function toastStorage() {
  if (!storage) {
    const env = getEnv();
    storage = createCookieSessionStorage<Record<string, never>, ToastData>({
      cookie: {
        name: 'hearth_toast',
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: env.NODE_ENV === 'production',
        secrets: [env.SESSION_SECRET],
      },
    });
  }
  return storage;
}

function toNotification(value: unknown): Notification | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, kind, text } = value as Record<string, unknown>;
  if (!isNotificationKind(kind) || typeof text !== 'string' || !shouldShowNotification({ text })) return null;
  return { id: typeof id === 'string' ? id : crypto.randomUUID(), kind, text };
}

/** `Set-Cookie` headers that flash a notification to the next page. Empty text flashes nothing. */
export async function createToastHeaders(toast: NotificationInput): Promise<Headers> {
  const headers = new Headers();
  if (!shouldShowNotification(toast)) return headers;
  const session = await toastStorage().getSession();
  session.flash(TOAST_KEY, { id: crypto.randomUUID(), kind: toast.kind, text: toast.text });
  headers.append('Set-Cookie', await toastStorage().commitSession(session));
  return headers;
}

/** Redirects and shows `toast` on the page the browser lands on (works without JavaScript). */
export async function redirectWithToast(
  url: string,
  toast: NotificationInput,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) headers.append('Set-Cookie', cookie);
  return redirect(url, { ...init, headers });
}

/**
 * Reads (and consumes) the flashed notification. `headers` must go out with the response so the
 * flash is cleared; it is empty when there was nothing to clear.
 */
export async function getToast(request: Request): Promise<{ toast: Notification | null; headers: Headers }> {
  const headers = new Headers();
  const cookie = request.headers.get('Cookie');
  if (!cookie?.includes('hearth_toast=')) return { toast: null, headers };
  const session = await toastStorage().getSession(cookie);
  const toast = toNotification(session.get(TOAST_KEY));
  headers.append('Set-Cookie', await toastStorage().destroySession(session));
  return { toast, headers };
}
