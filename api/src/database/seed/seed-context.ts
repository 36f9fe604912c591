import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { DateTime } from 'luxon';
import type { EntityManager, Point, QueryDeepPartialEntity } from 'typeorm';
import type { StorageAdapter } from '../../modules/storage/storage.adapter.js';

/** What the seed steps share: the transaction, the storage, the instant the seed treats as now, and tallies. */
export interface SeedContext {
  manager: EntityManager;
  storage: StorageAdapter;
  /** "Now" for every date decision (tests pass an old one to check that menus move forward). */
  now: Date;
  /** Rows inserted, by table. */
  created: Record<string, number>;
  /** Demo menus moved to upcoming dates in this run. */
  menusMoved: number;
  /** Files written to storage (not counting files that already held the same bytes). */
  filesWritten: number;
  /** Things skipped because a user's data is in the way (printed as warnings). */
  warnings: string[];
}

/** Adds to the tally of rows inserted into `table`. */
export function count(ctx: SeedContext, table: string, n = 1): void {
  ctx.created[table] = (ctx.created[table] ?? 0) + n;
}

/**
 * A jsonb value for `insert()`: TypeORM's partial-entity type cannot express `null` or `unknown` inside
 * JSON, although the driver writes any JSON-serialisable value.
 */
export function jsonb<T>(value: T): QueryDeepPartialEntity<T> {
  return value as QueryDeepPartialEntity<T>;
}

/** A GeoJSON point as TypeORM writes geography columns. */
export function point(lat: number, lng: number): Point {
  return { type: 'Point', coordinates: [lng, lat] };
}

/**
 * A UUID derived from a name (RFC 4122 version 5 layout over SHA-1 of a fixed namespace and the name),
 * so the seed's orders get the same idempotency key on every run and every machine.
 */
export function nameUuid(name: string): string {
  const hash = createHash('sha1').update(`hearth-demo-seed:${name}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Calendar date `YYYY-MM-DD` that many days after (negative: before) a date. */
export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate() as string;
}

/**
 * The time zone columns of a kitchen as a geocoder's time zone lookup gives them: the IANA id, the
 * English long name in effect at `now` ("Eastern Daylight Time"), the standard offset from UTC in seconds
 * (the smaller of the January and July offsets) and the daylight-saving offset in effect at `now`.
 */
export function timeZoneInfo(
  timeZoneId: string,
  now: Date,
): { timeZoneId: string; timeZoneName: string; rawOffset: number; dstOffset: number } {
  const at = DateTime.fromJSDate(now, { zone: timeZoneId });
  const standardMinutes = Math.min(at.set({ month: 1, day: 1 }).offset, at.set({ month: 7, day: 1 }).offset);
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: timeZoneId, timeZoneName: 'long' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZoneId;
  return {
    timeZoneId,
    timeZoneName: name,
    rawOffset: standardMinutes * 60,
    dstOffset: (at.offset - standardMinutes) * 60,
  };
}

/** Storage key of a demo dish picture. */
export const dishPictureKey = (picture: string): string => `public/seed/dishes/${picture}.webp`;
/** Storage key of a demo kitchen logo. */
export const logoKey = (kitchenName: string): string => `public/seed/logos/${kitchenName}.webp`;

/**
 * The folder of the prepared dish pictures: next to this file when run from the sources (tests), or in
 * the source tree when run from `dist/` (tsc does not copy the pictures).
 */
export function seedImagesDir(): string {
  const candidates = [join(__dirname, 'images'), resolve(__dirname, '../../../src/database/seed/images')];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`The demo pictures were not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Reads a prepared dish picture. */
export async function readDishPicture(picture: string): Promise<Buffer> {
  return readFile(join(seedImagesDir(), `${picture}.webp`));
}

/**
 * Writes a file unless the storage already holds exactly these bytes under the key, so a second run
 * writes nothing and a stored file is never half-replaced by the same content.
 */
export async function putIfChanged(
  ctx: Pick<SeedContext, 'storage' | 'filesWritten'>,
  key: string,
  data: Buffer,
  contentType: string,
): Promise<void> {
  const existing = await ctx.storage.get(key);
  if (existing && existing.size === data.length && (await readAll(existing.stream)).equals(data)) return;
  if (existing) existing.stream.destroy();
  await ctx.storage.put(key, data, contentType);
  ctx.filesWritten += 1;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
