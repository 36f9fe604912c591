import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { MESSAGES, TAGLINE, SSO_COOKIE } from '@hearth/shared';
import { ErrorPage } from './components/error-page';
import { DefaultLayout, MaintenanceLayout } from './components/layouts';
import { NotificationsProvider } from './components/notifications';
import { AUTH_ERROR_PARAM, authErrorMessage, returnPath } from './lib/session/auth';
import { getAuth } from './lib/session/auth.server';
import { loadCartCount, type CartCount } from './lib/cart/cart-count.server';
import { readCookie } from './lib/http/cookies';
import { getEnv, getPublicEnv } from './lib/env.server';
import { describeError, errorTitle } from './lib/ui/errors';
import { reportBoundaryError } from './lib/logs/client-errors';
import type { Notification } from './lib/ui/notifications';
import { shouldCheckSso, ssoCookie, ssoRedirect } from './lib/session/silent-sso.server';
import { timeZoneCookieScript } from './lib/format/time-zone';
import { useNonce } from './lib/http/nonce';
import { releaseAfterFirstPaintScript } from './lib/http/first-paint';
import { createToastHeaders, getToast } from './lib/ui/toast.server';
import stylesheet from './tailwind.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'icon', href: '/icons/icon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/icons/icon-192.png', type: 'image/png', sizes: '192x192' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

/**
 * A failed sign-in comes back as `?authError=<code>`: say so once, and drop the parameter from the URL
 * (a reload or a shared link must not repeat it). It also counts as the single-sign-on check of this
 * browser session, so the visitor is not bounced through the provider right after it refused them.
 */
async function authErrorRedirect(request: Request, code: string): Promise<Response> {
  const url = new URL(request.url);
  url.searchParams.delete(AUTH_ERROR_PARAM);
  const headers = await createToastHeaders({ kind: 'negative', text: authErrorMessage(code) });
  if (readCookie(request.headers.get('Cookie'), SSO_COOKIE) === undefined)
    headers.append('Set-Cookie', ssoCookie(request));
  headers.set('Cache-Control', 'no-store');
  return redirect(returnPath(url), { headers });
}

/**
 * The header's cart count: the one the web server's page cache asked already (server/cache.js passes it in
 * the load context with the cookies it sends itself), else asked now.
 */
function cartCountOf(request: Request, context: unknown): Promise<CartCount> {
  const given = (context as { cartCount?: { count: unknown; setCookies: unknown } } | undefined)?.cartCount;
  if (given && (given.count === null || typeof given.count === 'number') && Array.isArray(given.setCookies)) {
    const headers = new Headers();
    for (const cookie of given.setCookies) headers.append('Set-Cookie', String(cookie));
    return Promise.resolve({ count: given.count as number | null, headers });
  }
  return loadCartCount(request);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = getEnv();
  if (env.MAINTENANCE_MODE) {
    return data(
      { notifications: [], user: null, cartCount: null, ENV: getPublicEnv(env), maintenance: true },
      { status: 503 },
    );
  }

  const authError = new URL(request.url).searchParams.get(AUTH_ERROR_PARAM);
  if (authError !== null && request.method === 'GET') throw await authErrorRedirect(request, authError);

  // The header's cart count is asked beside auth/me, not after it: one light request, no extra wait.
  // Remix runs this loader again after every action (fetchers' too), which keeps the count current;
  // so this route must not export a shouldRevalidate that skips it.
  const [auth, cart] = await Promise.all([getAuth(request), cartCountOf(request, context)]);
  const dataRequest = context?.dataRequest === true;
  if (!auth.unavailable && shouldCheckSso({ request, dataRequest, signedIn: auth.user !== null })) {
    throw ssoRedirect(request, auth.headers);
  }

  const { toast, headers } = await getToast(request);
  // The API's cookies (a session it just cleared, a refreshed one, a merged guest cart's) must reach the browser.
  for (const cookie of [...auth.headers.getSetCookie(), ...cart.headers.getSetCookie()])
    headers.append('Set-Cookie', cookie);
  // A signed-in page is personal: no shared cache may keep it, and the browser must ask again.
  if (auth.user) headers.set('Cache-Control', 'private, no-store');
  const notifications: Notification[] = toast ? [toast] : [];
  if (auth.sessionEnded) {
    notifications.push({ id: crypto.randomUUID(), kind: 'negative', text: MESSAGES.failedToRefreshToken });
  }
  return data(
    { notifications, user: auth.user, cartCount: cart.count, ENV: getPublicEnv(env), maintenance: false },
    { headers },
  );
}

/**
 * Every page's headers start from the root loader's: its cookies (Remix keeps those anyway) and its
 * Cache-Control for signed-in pages. Routes without a `headers` export inherit these.
 */
export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const out = new Headers();
  const cacheControl = loaderHeaders.get('Cache-Control') ?? errorHeaders?.get('Cache-Control');
  if (cacheControl) out.set('Cache-Control', cacheControl);
  return out;
};

export const meta: MetaFunction<typeof loader> = ({ error }) => {
  if (error) return [{ title: errorTitle(error) }];
  return [
    { title: 'Hearth — home-cooked food from chefs near you' },
    { name: 'description', content: `${TAGLINE}.` },
  ];
};

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  // Inline scripts run only with this response's Content-Security-Policy nonce (web/server/headers.js).
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#a33a1b" />
        {/* Runs before anything else, JavaScript bundles or not: the server learns the user's time zone. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: timeZoneCookieScript }} />
        {root?.maintenance ? <title>Down for maintenance - Hearth</title> : <Meta />}
        <Links />
      </head>
      <body className="min-h-screen font-sans">
        <NotificationsProvider flashed={root?.notifications}>{children}</NotificationsProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* The module scripts above are held by the server until the page has been painted once. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: releaseAfterFirstPaintScript }} />
      </body>
    </html>
  );
}

type AppUpdatesComponent = ComponentType<{ buildId: string }>;

/**
 * The new-build watcher renders nothing until a new build is out, so it is loaded after the page has
 * hydrated rather than with every page's first JavaScript.
 */
function useAppUpdates(): AppUpdatesComponent | null {
  const [component, setComponent] = useState<AppUpdatesComponent | null>(null);
  useEffect(() => {
    let cancelled = false;
    import('./components/app-updates')
      .then((m) => {
        if (!cancelled) setComponent(() => m.AppUpdates);
      })
      .catch(() => {
        // A chunk that cannot load (offline, a new build): the reload guard handles those.
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return component;
}

export default function App() {
  const { maintenance, ENV } = useLoaderData<typeof loader>();
  const AppUpdates = useAppUpdates();
  if (maintenance) return <MaintenanceLayout />;
  return (
    <>
      <Outlet />
      {AppUpdates ? <AppUpdates buildId={ENV.BUILD_ID} /> : null}
    </>
  );
}

/** Every error ends here and renders with the default layout (spec §2); it needs no JavaScript. */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>('root');
  // A crash (not a 404 or another answer a loader threw on purpose) goes to the admins' client log.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportBoundaryError(error);
  }, [error]);
  if (root?.maintenance) return <MaintenanceLayout />;
  return (
    <DefaultLayout>
      <ErrorPage {...describeError(error)} />
    </DefaultLayout>
  );
}
