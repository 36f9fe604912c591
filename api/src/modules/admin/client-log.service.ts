import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { clientLogPath, CLIENT_LOG_RETENTION_DAYS, scrubPersonalData, userAgentFamily } from '@hearth/shared';
import { LogEntryEntity } from './log-entry.entity.js';
import type { ClientLogGroupDto, ClientLogQuery, CreateClientLogDto } from './dto/client-log.dto.js';

/** Days of client log rows the admin clean-up keeps (`log_entry.at`); the admins' list looks no further back. */
export { CLIENT_LOG_RETENTION_DAYS };

interface GroupRow {
  total: number;
  level: string;
  message: string;
  count: number;
  first_seen: Date;
  last_seen: Date;
  sample_stack: string | null;
  sample_path: string | null;
  browsers: string[] | null;
  releases: string[] | null;
}

/**
 * Client-side errors the web reports (spec `log`): scrubbed of personal data, written to the structured log
 * and to `log_entry` (no account is linked: the report is about the code, not the person); admins read them
 * grouped by message.
 */
@Injectable()
export class ClientLogService {
  private readonly logger = new Logger('ClientLog');

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async record(dto: CreateClientLogDto, requestUserAgent: string | undefined): Promise<void> {
    const message = scrubPersonalData(dto.message).trim() || '(no message)';
    const stack = dto.stack ? scrubPersonalData(dto.stack) : null;
    const context: Record<string, string> = { browser: userAgentFamily(dto.userAgent ?? requestUserAgent) };
    if (dto.path) context.path = clientLogPath(dto.path);
    if (dto.release) context.release = dto.release;
    if (dto.source) context.source = dto.source;
    const repo = this.db.getRepository(LogEntryEntity);
    await repo.save(repo.create({ level: dto.level, message, stack, context, consumerId: null }));
    const fields = { clientLog: { level: dto.level, message, ...context }, stack };
    if (dto.level === 'error') this.logger.error(fields, 'client error');
    else this.logger.warn(fields, 'client warning');
  }

  /** Groups of the same message and level seen in the last `days` days, most recently seen first. */
  async groups(query: ClientLogQuery): Promise<{ items: ClientLogGroupDto[]; total: number }> {
    const days = Math.min(query.days, CLIENT_LOG_RETENTION_DAYS);
    const rows: GroupRow[] = await this.db.query(
      `SELECT count(*) OVER ()::int AS total, g.*
         FROM (SELECT level, message, count(*)::int AS count, min(at) AS first_seen, max(at) AS last_seen,
                      (array_agg(stack ORDER BY at DESC))[1] AS sample_stack,
                      (array_agg(context ->> 'path' ORDER BY at DESC))[1] AS sample_path,
                      array_remove(array_agg(DISTINCT context ->> 'browser'), NULL) AS browsers,
                      array_remove(array_agg(DISTINCT context ->> 'release'), NULL) AS releases
                 FROM log_entry
                WHERE at >= now() - make_interval(days => $1)
                GROUP BY level, message) g
        ORDER BY g.last_seen DESC, g.message
        LIMIT $2 OFFSET $3`,
      [days, query.size, query.page * query.size],
    );
    let total = rows[0]?.total ?? 0;
    if (!rows.length && query.page > 0) {
      const [row] = (await this.db.query(
        `SELECT count(DISTINCT (level, message))::int AS total FROM log_entry WHERE at >= now() - make_interval(days => $1)`,
        [days],
      )) as Array<{ total: number }>;
      total = row?.total ?? 0;
    }
    return {
      total,
      items: rows.map((r) => ({
        level: r.level,
        message: r.message,
        count: r.count,
        firstSeen: new Date(r.first_seen).toISOString(),
        lastSeen: new Date(r.last_seen).toISOString(),
        sampleStack: r.sample_stack,
        samplePath: r.sample_path,
        browsers: r.browsers ?? [],
        releases: r.releases ?? [],
      })),
    };
  }
}
