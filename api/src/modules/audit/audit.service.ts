import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Role } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { AuditLogEntity } from './audit-log.entity.js';
import type { AuditEntryDto } from './dto/audit-entry.dto.js';

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

  /** Newest first, `size` a page; optionally one target. */
  async page(
    page: number,
    size: number,
    filter: { targetType?: string; targetId?: string } = {},
  ): Promise<{ entries: AuditEntryDto[]; total: number }> {
    const [rows, total] = await this.db.getRepository(AuditLogEntity).findAndCount({
      where: {
        ...(filter.targetType ? { targetType: filter.targetType } : {}),
        ...(filter.targetId ? { targetId: filter.targetId } : {}),
      },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: page * size,
      take: size,
    });
    return {
      total,
      entries: rows.map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        actorConsumerId: r.actorConsumerId,
        actorRole: r.actorRole,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        before: r.before,
        after: r.after,
        requestId: r.requestId,
        ip: r.ip,
      })),
    };
  }
}
