import type { ReactNode } from 'react';
import { LogoMark } from './logo';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { container } from './ui';

/** Header, page content and footer with every informational link; used by every page but home. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** The home section: the header sits on the hero's warm backdrop. */
export function HomeLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-[radial-gradient(ellipse_90%_38rem_at_50%_-8rem,theme(colors.ember.100),transparent)]">
      <SiteHeader variant="home" />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** Shown for every page while MAINTENANCE_MODE is on (status 503); no links into the app. */
export function MaintenanceLayout() {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-cream-100 px-5 py-16">
      <div className={`${container} max-w-xl rounded-3xl bg-white p-10 text-center shadow-card`}>
        <LogoMark className="mx-auto h-14 w-14" />
        <h1 className="mt-6 font-display text-3xl font-semibold text-cocoa-900">
          We&apos;re tidying up the kitchen
        </h1>
        <p className="mt-4 leading-relaxed text-cocoa-700">
          Hearth is down for scheduled maintenance. Your orders and menus are safe — we&apos;ll be back
          shortly. Please try again in a few minutes.
        </p>
      </div>
    </main>
  );
}
