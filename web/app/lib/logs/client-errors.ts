import {
  CLIENT_LOG_MAX_MESSAGE,
  CLIENT_LOG_MAX_STACK,
  ClientLogSource,
  clientLogPath,
  scrubPersonalData,
} from '@hearth/shared';

/** The same-origin resource route that forwards reports to the API's `log` (routes/client-log.ts). */
export const CLIENT_LOG_ROUTE = '/client-log';
/** Reports one page load sends at most (a render loop must not flood the API). */
export const MAX_REPORTS_PER_PAGE = 10;

/** One client error report as the browser sends it to {@link CLIENT_LOG_ROUTE}. */
export interface ClientErrorReport {
  message: string;
  stack?: string;
  source: ClientLogSource;
  path: string;
}

/** Cuts a text to `max` characters, marking the cut. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** What was thrown (an Error, a string, anything) as a bounded, scrubbed report. */
export function toReport(thrown: unknown, source: ClientLogSource, pathname: string): ClientErrorReport {
  let message: string;
  let stack: string | undefined;
  if (thrown instanceof Error) {
    message = `${thrown.name}: ${thrown.message}`;
    stack = typeof thrown.stack === 'string' ? thrown.stack : undefined;
  } else if (typeof thrown === 'string') {
    message = thrown;
  } else {
    try {
      message = `Non-error thrown: ${JSON.stringify(thrown) ?? String(thrown)}`;
    } catch {
      message = 'Non-error thrown';
    }
  }
  const report: ClientErrorReport = {
    message: cut(scrubPersonalData(message).trim() || 'Unknown error', CLIENT_LOG_MAX_MESSAGE),
    source,
    path: clientLogPath(pathname),
  };
  if (stack) report.stack = cut(scrubPersonalData(stack), CLIENT_LOG_MAX_STACK);
  return report;
}

interface ReporterWindow {
  location: { pathname: string };
  navigator: { sendBeacon?: (url: string, data: Blob) => boolean };
  fetch: typeof fetch;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  addEventListener(type: 'unhandledrejection', listener: (event: PromiseRejectionEvent) => void): void;
}

let reporter: ((thrown: unknown, source: ClientLogSource) => void) | null = null;

/**
 * Reports uncaught errors and unhandled promise rejections of this page to {@link CLIENT_LOG_ROUTE}:
 * `navigator.sendBeacon` (survives the page closing), else `fetch` with `keepalive`. Each message once per
 * page load, at most {@link MAX_REPORTS_PER_PAGE}. Same-origin requests, so the web server's CSRF check
 * (server/same-origin.js) lets them through on their Origin like any form.
 */
export function installClientErrorReporting(win: ReporterWindow): void {
  const seen = new Set<string>();
  const send = (thrown: unknown, source: ClientLogSource) => {
    if (seen.size >= MAX_REPORTS_PER_PAGE) return;
    const report = toReport(thrown, source, win.location.pathname);
    if (seen.has(report.message)) return;
    seen.add(report.message);
    const body = JSON.stringify(report);
    try {
      const blob = new Blob([body], { type: 'text/plain;charset=UTF-8' });
      if (win.navigator.sendBeacon?.(CLIENT_LOG_ROUTE, blob)) return;
      void win
        .fetch(CLIENT_LOG_ROUTE, {
          method: 'POST',
          body,
          keepalive: true,
          credentials: 'same-origin',
          headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        })
        .catch(() => {});
    } catch {
      // Reporting must never raise an error of its own.
    }
  };
  reporter = send;
  win.addEventListener('error', (event) => send(event.error ?? event.message, ClientLogSource.ERROR));
  win.addEventListener('unhandledrejection', (event) =>
    send(event.reason, ClientLogSource.UNHANDLED_REJECTION),
  );
}

/** Reports an error a React error boundary caught (nothing happens before reporting is installed). */
export function reportBoundaryError(error: unknown): void {
  reporter?.(error, ClientLogSource.BOUNDARY);
}
