import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import pg from 'pg';
import type { Env } from '../../config/env.js';
import { searchCacheSeconds } from '../../config/search-cache.js';

/** The channel the database announces catalogue changes on (migration CatalogueChangeNotices). */
export const CATALOGUE_CHANNEL = 'hearth_catalogue';

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * Listens for the database's catalogue change notices (`LISTEN hearth_catalogue`, on a connection of its own):
 * any statement that changes a kitchen, its items, prices, menus or dates, or fills or frees a date's capacity,
 * announces itself with a number when its transaction commits (migration CatalogueChangeNotices). Every listener
 * hears the notices in commit order, so `last` (the number of the last notice heard) names the same catalogue
 * in every API process: an answer read while `last` was N is current exactly as long as `last` is still N,
 * here or in any other process, with no clocks compared.
 *
 * When it (re)connects it does not know what it missed: it announces a change itself, which every process
 * hears, and `last` is null (nothing is current) until that notice comes back. While the connection is down
 * `last` stays null, and it reconnects on its own after 0.5 s, then twice as long each time up to 30 s.
 *
 * It listens while shared answers are on (SEARCH_CACHE_SECONDS > 0: production's default); otherwise `last`
 * stays null and the caches that use it (the item search answers, each process's copies of the kitchen lists)
 * keep nothing on the strength of it.
 */
@Injectable()
export class CatalogueChangesListener implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CatalogueChangesListener.name);
  private client: pg.Client | null = null;
  private stopped = false;
  private retryMs = RETRY_FIRST_MS;
  private retry: NodeJS.Timeout | null = null;
  /** The number of the last notice heard; null while not listening, or before the first notice. */
  last: string | null = null;

  private readonly databaseUrl: string;
  private readonly wanted: boolean;

  constructor(config: ConfigService<Env, true>) {
    this.databaseUrl = config.get('DATABASE_URL', { infer: true });
    this.wanted =
      searchCacheSeconds({
        SEARCH_CACHE_SECONDS: config.get('SEARCH_CACHE_SECONDS', { infer: true }),
        NODE_ENV: config.get('NODE_ENV', { infer: true }),
      }) > 0;
  }

  async onModuleInit(): Promise<void> {
    if (this.wanted) await this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  /** Connects and listens; resolves once listening, or once the first attempt failed (it keeps retrying). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.last = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    this.client = client;
    client.on('notification', (message) => {
      if (this.client === client && message.channel === CATALOGUE_CHANNEL)
        this.last = message.payload ?? null;
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      // What changed while nobody here listened is unknown: announce a change, so that every process starts
      // again from the same number (this one once its own notice comes back).
      await client.query(`SELECT pg_notify($1, nextval('hearth_catalogue_change')::text)`, [
        CATALOGUE_CHANNEL,
      ]);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    this.retryMs = RETRY_FIRST_MS;
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.last = null;
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn(
      `not hearing catalogue changes (${error?.message ?? 'connection closed'}): shared search answers are not used until it reconnects`,
    );
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.stopped) void this.connect();
    }, wait);
    this.retry.unref();
  }
}
