import { describe, expect, it, vi } from 'vitest';
import { RELOAD_MARKER_MS } from '@hearth/shared';
import { RELOAD_MARKER_KEY, isChunkLoadError, reloadOnce } from './reload-guard';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  };
}

describe(reloadOnce.name, () => {
  it('reloads and leaves a marker in session storage', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce(reload, storage, 1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.map.get(RELOAD_MARKER_KEY)).toBe('1000000');
  });

  it('does not reload again while the marker lasts (10 s), then does', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadOnce(reload, storage, 1_000_000);
    expect(reloadOnce(reload, storage, 1_000_000 + RELOAD_MARKER_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce(reload, storage, 1_000_000 + RELOAD_MARKER_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(RELOAD_MARKER_MS).toBe(10_000);
  });
});

describe(isChunkLoadError.name, () => {
  it('recognises the errors browsers raise for a missing chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
