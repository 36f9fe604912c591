import type { FastifyReply } from 'fastify';
import type { StoredFile } from './storage.adapter.js';

/**
 * Sends a private document (a kitchen's identity pictures and licences, a menu's receipts) so that it can
 * never act as a page of this origin (security review S-21): a download rather than a document the browser
 * opens in place, sandboxed even if opened, never sniffed, never cached.
 */
export function sendPrivateFile(res: FastifyReply, file: StoredFile, fileName?: string): FastifyReply {
  res.header('Content-Type', file.contentType);
  res.header('Content-Length', String(file.size));
  res.header('Cache-Control', 'private, no-store');
  res.header('X-Content-Type-Options', 'nosniff');
  // A name the caller built from safe characters only (e.g. resume-Ada-Lovelace.pdf).
  res.header('Content-Disposition', fileName ? `attachment; filename="${fileName}"` : 'attachment');
  res.header('Content-Security-Policy', "default-src 'none'; sandbox");
  return res.send(file.stream);
}
