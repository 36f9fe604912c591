import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Role } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { AuditLogEntity } from './audit-log.entity.js';
import type { AuditActionDto, AuditEntryDto } from './dto/audit-entry.dto.js';

/** One audited change: what was done to which object, as it was before and after. */
export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The role an actor acted as: admin when they are one, else chef, else customer. */
function actingRole(actor: Principal): string {
  for (const role of [Role.ADMIN, Role.CHEF, Role.USER]) if (actor.roles.includes(role)) return role;
  return 'NONE';
}

/**
 * Writes and reads the audit trail. `record` takes the caller's transaction (EntityManager), so an
 * audited change and its audit row commit or roll back together.
 */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async record(manager: EntityManager, actor: Principal, entry: AuditEntry): Promise<void> {
    const row: Partial<AuditLogEntity> = {
      actorConsumerId: actor.consumerId,
      actorRole: actingRole(actor),
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      requestId: actor.request?.id ?? null,
      ip: actor.request?.ip ?? null,
    };
    await manager.getRepository(AuditLogEntity).insert(row as never);
  }

  /** An audited event that changes no table (a cache reload, an admin reading a private document). */
  recordAlone(actor: Principal, entry: AuditEntry): Promise<void> {
    return this.record(this.db.manager, actor, entry);
  }

  /**
   * Newest first, `size` a page, narrowed by the filter (see {@link AuditLogFilter}); each row with the actor's
   * current name and e-mail. An e-mail that names no account finds nothing.
   */
  async page(
    page: number,
    size: number,
    filter: AuditLogFilter = {},
  ): Promise<{ entries: AuditEntryDto[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (filter.actor) {
      where.push(
        UUID.test(filter.actor)
          ? `a.actor_consumer_id = ${bind(filter.actor)}::uuid`
          : `a.actor_consumer_id IN (SELECT id FROM consumer WHERE lower(user_email) = lower(${bind(filter.actor)}))`,
      );
    }
    if (filter.action) {
      const prefix = actionPrefix(filter.action);
      where.push(
        prefix === null
          ? `a.action = ${bind(filter.action)}`
          : `a.action LIKE ${bind(`${escapeLike(prefix)}%`)} ESCAPE '\\'`,
      );
    }
    if (filter.targetType) where.push(`a.target_type = ${bind(filter.targetType)}`);
    if (filter.targetId) where.push(`a.target_id = ${bind(filter.targetId)}`);
    if (filter.from || filter.to) {
      const zone = bind(filter.timeZone ?? 'UTC');
      if (filter.from)
        where.push(`a.created_at >= (${bind(filter.from)}::date::timestamp AT TIME ZONE ${zone})`);
      if (filter.to)
        where.push(`a.created_at < ((${bind(filter.to)}::date + 1)::timestamp AT TIME ZONE ${zone})`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }]: Array<{ total: number }> = await this.db.query(
      `SELECT count(*)::int AS total FROM audit_log a ${clause}`,
      params,
    );
    const rows: AuditRow[] = await this.db.query(
      `SELECT a.id, a.created_at, a.actor_consumer_id, c.name AS actor_name, c.user_email AS actor_email,
              a.actor_role, a.action, a.target_type, a.target_id, a.before, a.after, a.request_id, a.ip
         FROM audit_log a LEFT JOIN consumer c ON c.id = a.actor_consumer_id
         ${clause}
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT ${bind(size)} OFFSET ${bind(page * size)}`,
      params,
    );
    return {
      total,
      entries: rows.map((r) => ({
        id: r.id,
        createdAt: new Date(r.created_at).toISOString(),
        actorConsumerId: r.actor_consumer_id,
        actorName: r.actor_name,
        actorEmail: r.actor_email,
        actorRole: r.actor_role,
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        before: r.before,
        after: r.after,
        requestId: r.request_id,
        ip: r.ip,
      })),
    };
  }

  /** The actions present on the trail, for the reader's filter (the action index makes this cheap). */
  async actions(): Promise<AuditActionDto[]> {
    return this.db.query(
      `SELECT action, count(*)::int AS count FROM audit_log GROUP BY action ORDER BY action`,
    );
  }
}

/** What the audit reader narrows by; every part optional. */
export interface AuditLogFilter {
  /** An account id, or an e-mail address (any case) resolved to the account's id. */
  actor?: string;
  /** Exact, or a prefix when it ends with `.` or `*` (`publisher.` finds `publisher.approve`). */
  action?: string;
  targetType?: string;
  targetId?: string;
  /** First and last calendar day, both included, in `timeZone` (UTC when absent). */
  from?: string;
  to?: string;
  timeZone?: string;
}

interface AuditRow {
  id: string;
  created_at: Date;
  actor_consumer_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  request_id: string | null;
  ip: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The prefix an action filter asks for (`publisher.` or `publisher*` → `publisher.` / `publisher`), else null. */
export function actionPrefix(action: string): string | null {
  if (action.endsWith('*')) return action.slice(0, -1);
  if (action.endsWith('.')) return action;
  return null;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
