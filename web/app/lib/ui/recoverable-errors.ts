/**
 * What the browser does with the errors React recovers from by itself (`hydrateRoot`'s `onRecoverableError`).
 *
 * React's default reports every one as an uncaught error (`reportError`), which reaches the console as an
 * error and the admins' client log (lib/logs/client-errors.ts). That is right for a hydration mismatch (the
 * server and the browser rendered different HTML: a bug). It is not for React error #421: the visitor acted
 * (a click, a navigation) while a part of the page that loads its code lazily (the home page's sections below
 * the fold) had not hydrated yet, and React rendered that part in the browser instead. Nothing is wrong with
 * the page; that one is a warning.
 */

/** React error #421 (production builds give only its number; development ones the sentence). */
export function isUpdateBeforeHydration(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return (
    /Minified React error #421[;:. ]/.test(message) ||
    message.includes('This Suspense boundary received an update before it finished hydrating')
  );
}

interface Reporters {
  reportError?: (error: unknown) => void;
  warn: (...data: unknown[]) => void;
  error: (...data: unknown[]) => void;
}

/** `onRecoverableError` for `hydrateRoot`: React's default behaviour, but #421 is a warning. */
export function recoverableErrorHandler(
  to: Reporters = {
    // Called as plain functions: the browser's own throw "Illegal invocation" when called on another object.
    reportError: typeof globalThis.reportError === 'function' ? (e) => globalThis.reportError(e) : undefined,
    warn: (...data) => console.warn(...data),
    error: (...data) => console.error(...data),
  },
): (error: unknown) => void {
  return (error) => {
    if (isUpdateBeforeHydration(error)) {
      to.warn('Part of the page was rendered in the browser: it changed before it had hydrated.', error);
    } else if (typeof to.reportError === 'function') {
      to.reportError(error);
    } else {
      to.error(error);
    }
  };
}
