import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@remix-run/react';
import { BUILD_CHECK_INTERVAL_MS, SERVICE_WORKER_UPDATE_INTERVAL_MS } from '@hearth/shared';
import { reloadOnce } from '~/lib/ui/reload-guard';
import { buttonClass } from './ui';

/** Fetches /build-meta.json past every cache; undefined when it cannot be read. */
export async function fetchBuildId(fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  try {
    const res = await fetchImpl('/build-meta.json', {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) return undefined;
    const meta = (await res.json()) as { buildId?: unknown };
    return typeof meta.buildId === 'string' ? meta.buildId : undefined;
  } catch {
    return undefined;
  }
}

function useServiceWorker() {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    navigator.serviceWorker
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .then((registration) => {
        timer = setInterval(() => registration.update().catch(() => {}), SERVICE_WORKER_UPDATE_INTERVAL_MS);
      })
      .catch(() => {
        // No service worker (private mode, blocked): the site works the same without it.
      });
    return () => clearInterval(timer);
  }, []);
}

/**
 * Watches for a new build: every BUILD_CHECK_INTERVAL_MS (and when the tab becomes visible) it compares
 * /build-meta.json with the build this page was rendered by. When they differ it offers a reload, and the
 * next in-app navigation becomes a full page load (at most once per RELOAD_MARKER_MS).
 */
export function AppUpdates({ buildId }: { buildId: string }) {
  const [updateAvailable, setUpdateAvailable] = useState(false);
  const location = useLocation();
  const firstLocation = useRef(location.key);
  useServiceWorker();

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      const latest = await fetchBuildId();
      if (!stopped && latest && latest !== buildId) setUpdateAvailable(true);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const timer = setInterval(check, BUILD_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [buildId]);

  useEffect(() => {
    // The old build's code may no longer match the server: load the new page as a whole document.
    if (updateAvailable && location.key !== firstLocation.current) reloadOnce();
  }, [updateAvailable, location.key]);

  if (!updateAvailable) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-4 z-50 mx-auto flex w-[calc(100%-2rem)] max-w-lg items-center justify-between gap-4 rounded-2xl bg-cocoa-900 px-5 py-3 text-sm text-cream-100 shadow-card"
    >
      <p>A new version of Hearth is available —</p>
      {/* An explicit click always reloads; only automatic reloads are rate-limited. */}
      <button type="button" className={buttonClass.primary} onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
