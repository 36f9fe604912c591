import type { Readable } from 'node:stream';

/** A stored file as read back. */
export interface StoredFile {
  stream: Readable;
  size: number;
  contentType: string;
  modifiedAt: Date;
}

/** A stored file as a listing names it. */
export interface ListedFile {
  key: string;
  modifiedAt: Date;
}

/**
 * Where uploaded and seeded files live. Keys are relative paths such as `items/3f…/main-800.webp`.
 * Local disk by default; an object store can implement the same four methods.
 */
export abstract class StorageAdapter {
  abstract put(key: string, data: Buffer, contentType: string): Promise<void>;
  abstract get(key: string): Promise<StoredFile | null>;
  abstract delete(key: string): Promise<void>;
  /** Every stored file, in no particular order (the admin's clean looks for files no row refers to). */
  abstract list(): AsyncIterable<ListedFile>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** True for a safe storage key: relative, no `..`, no empty segments, no leading slash. */
export function isValidKey(key: string): boolean {
  return key.length <= 300 && KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
};

/** Content type from a key's extension (files are stored with the extension of their verified type). */
export function contentTypeOf(key: string): string {
  return TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
