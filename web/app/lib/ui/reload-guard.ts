import { RELOAD_MARKER_MS } from '@hearth/shared';

/** sessionStorage key holding the time of the last automatic reload. */
export const RELOAD_MARKER_KEY = 'hearth:reloaded-at';

type MarkerStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Reloads the page unless it already reloaded itself within RELOAD_MARKER_MS (spec §9), so a broken
 * deploy cannot put the browser in a reload loop. Returns whether it reloaded.
 */
export function reloadOnce(
  reload: () => void = () => window.location.reload(),
  storage: MarkerStorage | null = safeSessionStorage(),
  now: number = Date.now(),
): boolean {
  if (storage) {
    const last = Number(storage.getItem(RELOAD_MARKER_KEY));
    if (Number.isFinite(last) && last > 0 && now - last < RELOAD_MARKER_MS) return false;
    try {
      storage.setItem(RELOAD_MARKER_KEY, String(now));
    } catch {
      // Storage full or denied: reloading unguarded is still better than a broken page.
    }
  }
  reload();
  return true;
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** True for the errors a browser raises when a code chunk of an older build is gone. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return CHUNK_ERROR.test(message);
}

/** Reloads once after a chunk failed to load (a new build replaced the old files). */
export function installChunkErrorReload(target: Window): void {
  target.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reloadOnce();
  });
  target.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadOnce();
  });
}
