import type { FastifyBaseLogger } from 'fastify';
import type { SandboxConfig } from './sandbox-config.js';
import type { SandboxStore } from './sandbox-store.js';
import type { WebhookSender } from './webhook-sender.js';

/** What every gateway's routes share. */
export interface SandboxContext {
  config: SandboxConfig;
  store: SandboxStore;
  sender: WebhookSender;
  /** Origin of the sandbox as browsers and SDKs reach it, e.g. http://localhost:8190. */
  publicUrl(): string;
  log: FastifyBaseLogger;
}

/** A plain JSON object as the gateways' APIs take and return them. */
export type Json = Record<string, unknown>;

/** Reads a form or JSON field as a string ('' when absent). */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Reads a nested object field ({} when absent or not an object). */
export function obj(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

/** Reads a string map such as Stripe's `metadata` (non-string values dropped). */
export function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(value))) if (typeof v === 'string') out[k] = v;
  return out;
}
