import { RemixBrowser } from '@remix-run/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { installChunkErrorReload } from './lib/ui/reload-guard';
import { installClientErrorReporting } from './lib/logs/client-errors';
import { recoverableErrorHandler } from './lib/ui/recoverable-errors';

installChunkErrorReload(window);
// Uncaught errors and unhandled rejections of every page reach the admins' client log (/l/admin/logs).
installClientErrorReporting(window);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
    // A click before a lazily loaded part has hydrated is a warning, not an error (lib/ui/recoverable-errors.ts).
    { onRecoverableError: recoverableErrorHandler() },
  );
});
