import { describe, expect, it, vi } from 'vitest';
import { isUpdateBeforeHydration, recoverableErrorHandler } from './recoverable-errors';

const PRODUCTION_421 =
  'Minified React error #421; visit https://reactjs.org/docs/error-decoder.html?invariant=421 for the full message';
const PRODUCTION_418 =
  'Minified React error #418; visit https://reactjs.org/docs/error-decoder.html?invariant=418 for the full message';

describe('errors React recovers from', () => {
  it('knows an update before hydration (#421) in production and development builds, and only that', () => {
    expect(isUpdateBeforeHydration(new Error(PRODUCTION_421))).toBe(true);
    expect(
      isUpdateBeforeHydration(
        new Error('This Suspense boundary received an update before it finished hydrating. This caused…'),
      ),
    ).toBe(true);
    expect(isUpdateBeforeHydration(new Error(PRODUCTION_418))).toBe(false);
    expect(isUpdateBeforeHydration(new Error('Minified React error #4210; visit …'))).toBe(false);
    expect(isUpdateBeforeHydration('Hydration failed because the initial UI does not match')).toBe(false);
  });

  it('warns about #421 and reports everything else as React does (a hydration mismatch stays an error)', () => {
    const to = { reportError: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const handle = recoverableErrorHandler(to);
    handle(new Error(PRODUCTION_421));
    expect(to.warn).toHaveBeenCalledTimes(1);
    expect(to.reportError).not.toHaveBeenCalled();
    const mismatch = new Error(PRODUCTION_418);
    handle(mismatch);
    expect(to.reportError).toHaveBeenCalledWith(mismatch);
    expect(to.error).not.toHaveBeenCalled();
  });

  it('logs an error to the console where the browser has no reportError', () => {
    const to = { warn: vi.fn(), error: vi.fn() };
    const mismatch = new Error(PRODUCTION_418);
    recoverableErrorHandler(to)(mismatch);
    expect(to.error).toHaveBeenCalledWith(mismatch);
  });
});
