import {
  CLIENT_LOG_MAX_MESSAGE,
  CLIENT_LOG_MAX_RELEASE,
  CLIENT_LOG_MAX_STACK,
  ClientLogSource,
  clientLogPath,
} from '@hearth/shared';
import { apiFetch } from '../api/client.server';
import { getEnv } from '../env.server';
import { cut } from './client-errors';

/** Largest report body the resource route reads (a report is at most ~5 KB). */
export const MAX_REPORT_BYTES = 16 * 1024;

const SOURCES = new Set<string>(Object.values(ClientLogSource));

/** The API's `log` body from what a browser sent: only the allowed fields, cut to their bounds. */
export function logBody(
  sent: unknown,
  userAgent: string | null,
): {
  level: 'error';
  message: string;
  stack?: string;
  source?: string;
  path?: string;
  release?: string;
  userAgent?: string;
} | null {
  if (typeof sent !== 'object' || sent === null) return null;
  const r = sent as Record<string, unknown>;
  if (typeof r.message !== 'string' || !r.message.trim()) return null;
  const release = getEnv()
    .BUILD_ID.replace(/[^\w.+-]/g, '')
    .slice(0, CLIENT_LOG_MAX_RELEASE);
  return {
    level: 'error',
    message: cut(r.message.trim(), CLIENT_LOG_MAX_MESSAGE),
    ...(typeof r.stack === 'string' && r.stack ? { stack: cut(r.stack, CLIENT_LOG_MAX_STACK) } : {}),
    ...(typeof r.source === 'string' && SOURCES.has(r.source) ? { source: r.source } : {}),
    ...(typeof r.path === 'string' ? { path: clientLogPath(r.path) } : {}),
    ...(release ? { release } : {}),
    ...(userAgent ? { userAgent: userAgent.slice(0, 512) } : {}),
  };
}

/** Forwards one report to the API's `log` (the browser's address goes along, for its rate limit). */
export async function forwardClientLog(request: Request, body: NonNullable<ReturnType<typeof logBody>>) {
  await apiFetch(request, 'log', { method: 'POST', json: body, timeoutMs: 5000 });
}
