import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import { TAGLINE } from '@hearth/shared';
import { AppUpdates } from './components/app-updates';
import { ErrorPage } from './components/error-page';
import { DefaultLayout, MaintenanceLayout } from './components/layouts';
import { NotificationsProvider } from './components/notifications';
import { getEnv, getPublicEnv } from './lib/env.server';
import { describeError, errorTitle } from './lib/errors';
import { timeZoneCookieScript } from './lib/time-zone';
import { getToast } from './lib/toast.server';
import stylesheet from './tailwind.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'icon', href: '/icons/icon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/icons/icon-192.png', type: 'image/png', sizes: '192x192' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const env = getEnv();
  const { toast, headers } = await getToast(request);
  return data(
    { toast, ENV: getPublicEnv(env), maintenance: env.MAINTENANCE_MODE },
    { headers, status: env.MAINTENANCE_MODE ? 503 : 200 },
  );
}

export const meta: MetaFunction<typeof loader> = ({ error }) => {
  if (error) return [{ title: errorTitle(error) }];
  return [
    { title: 'Hearth — home-cooked food from chefs near you' },
    { name: 'description', content: `${TAGLINE}.` },
  ];
};

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#a33a1b" />
        {/* Runs before anything else, JavaScript bundles or not: the server learns the user's time zone. */}
        <script dangerouslySetInnerHTML={{ __html: timeZoneCookieScript }} />
        {root?.maintenance ? <title>Down for maintenance - Hearth</title> : <Meta />}
        <Links />
      </head>
      <body className="min-h-screen font-sans">
        <NotificationsProvider flashed={root?.toast}>{children}</NotificationsProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { maintenance, ENV } = useLoaderData<typeof loader>();
  if (maintenance) return <MaintenanceLayout />;
  return (
    <>
      <Outlet />
      <AppUpdates buildId={ENV.BUILD_ID} />
    </>
  );
}

/** Every error ends here and renders with the default layout (spec §2); it needs no JavaScript. */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>('root');
  if (root?.maintenance) return <MaintenanceLayout />;
  return (
    <DefaultLayout>
      <ErrorPage {...describeError(error)} />
    </DefaultLayout>
  );
}
