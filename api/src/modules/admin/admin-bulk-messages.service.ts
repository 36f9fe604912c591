import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  BulkMessageKind,
  BulkTargetGroup,
  ContentFormat,
  ContentType,
  ProblemType,
  type FieldError,
} from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { ProblemException } from '../../common/problem/problem.exception.js';
import { AudienceRegistry, type AudienceMessage } from '../messaging/audience.registry.js';
import { BroadcastService, type NewBulkMessage } from '../messaging/broadcast.service.js';
import { BulkMessagesService, type BulkMessageView } from '../messaging/bulk-messages.service.js';
import { AuditService } from '../audit/audit.service.js';
import { BulkContentService, type BulkItem } from './bulk-content.service.js';
import type { BulkMessagePreviewDto, BulkUserDto, SendBulkMessageDto } from './dto/bulk-message.dto.js';
import { isEmail, parseAddresses } from './target-group-audiences.service.js';

const invalid = (fieldErrors: FieldError[]) =>
  new ProblemException(HttpStatus.BAD_REQUEST, {
    type: ProblemType.VALIDATION,
    title: 'Bad Request',
    detail: fieldErrors.map((e) => e.message).join('; '),
    message: 'error.validation',
    fieldErrors,
  });

/** A checked message, ready to store or preview. */
interface Composed {
  message: Omit<NewBulkMessage, 'createdById'>;
  audience: AudienceMessage;
}

/**
 * Admins' bulk messages (issue 16): compose (check the fields of the target group, resolve ONE_USER and
 * TEST_EMAIL to an address, render the content), preview with the recipient count, send (store, audit,
 * queue the fan-out), and the pickers for ONE_USER and ITEM_DETAILS.
 */
@Injectable()
export class AdminBulkMessagesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly broadcast: BroadcastService,
    private readonly messages: BulkMessagesService,
    private readonly audiences: AudienceRegistry,
    private readonly content: BulkContentService,
    private readonly audit: AuditService,
  ) {}

  async preview(actor: Principal, dto: SendBulkMessageDto): Promise<BulkMessagePreviewDto> {
    const { message, audience } = await this.compose(actor, dto);
    const group = this.audiences.for(audience);
    const [recipientCount, sample] = await Promise.all([
      group.count(audience),
      group.page(audience, null, 5),
    ]);
    return {
      subject: message.subject,
      html: message.html,
      text: message.text,
      recipientCount,
      sample: sample.map((s) => s.email),
    };
  }

  async send(actor: Principal, dto: SendBulkMessageDto): Promise<BulkMessageView> {
    const { message } = await this.compose(actor, dto);
    const id = await this.db.transaction(async (m) => {
      const created = await this.broadcast.create(m, { ...message, createdById: actor.consumerId });
      await this.audit.record(m, actor, {
        action: 'bulk-message.send',
        targetType: 'bulk_message',
        targetId: created,
        after: {
          targetGroup: message.targetGroup,
          targetChef: message.publisherId,
          to:
            message.toAddress && message.toAddress.length > 500
              ? `${message.toAddress.slice(0, 500)}…`
              : message.toAddress,
          subject: message.subject,
          templateType: message.templateType,
        },
      });
      return created;
    });
    await this.broadcast.start(id);
    return this.messages.view(id);
  }

  /** Pause, resume or cancel, audited. */
  async control(
    actor: Principal,
    id: string,
    action: 'pause' | 'resume' | 'cancel',
  ): Promise<BulkMessageView> {
    const view = await this.messages[action](id);
    await this.db.transaction((m) =>
      this.audit.record(m, actor, {
        action: `bulk-message.${action}`,
        targetType: 'bulk_message',
        targetId: id,
        after: { status: view.status },
      }),
    );
    return view;
  }

  /** ONE_USER picker: active accounts by part of the e-mail or name, or by id (at most 10). */
  async users(query: string | undefined): Promise<BulkUserDto[]> {
    const q = (query ?? '').trim();
    if (!q) return [];
    const rows: Array<{ id: string; name: string | null; email: string }> = /^[0-9a-f-]{36}$/i.test(q)
      ? await this.db.query(
          `SELECT id, coalesce(name, user_name) AS name, lower(user_email) AS email FROM consumer
           WHERE id = $1::uuid AND status = 'ACTIVE' AND user_email IS NOT NULL`,
          [q],
        )
      : await this.db.query(
          `SELECT id, coalesce(name, user_name) AS name, lower(user_email) AS email FROM consumer
           WHERE status = 'ACTIVE' AND user_email IS NOT NULL AND user_email <> ''
             AND (user_email ILIKE $1 OR name ILIKE $1 OR user_name ILIKE $1)
           ORDER BY lower(user_email) LIMIT 10`,
          [`%${q.replace(/[\\%_]/g, '\\$&')}%`],
        );
    return rows;
  }

  items(query: string | undefined): Promise<BulkItem[]> {
    return this.content.search(query);
  }

  /** Checks the fields the target group needs and renders the content; 400 with fieldErrors otherwise. */
  private async compose(actor: Principal, dto: SendBulkMessageDto): Promise<Composed> {
    const group = dto.target_group;
    const errors: FieldError[] = [];
    let toAddress: string | null = null;
    let publisherId: string | null = null;
    const to = (dto.to ?? '').trim();

    if (dto.target_chef) {
      if (group !== BulkTargetGroup.CUSTOMERS) {
        errors.push({ field: 'target_chef', message: 'target_chef narrows only the CUSTOMERS group' });
      } else {
        const rows: unknown[] = await this.db.query(`SELECT 1 FROM publisher WHERE id = $1`, [
          dto.target_chef,
        ]);
        if (!rows.length) errors.push({ field: 'target_chef', message: 'target_chef is not a kitchen' });
        else publisherId = dto.target_chef;
      }
    }

    switch (group) {
      case BulkTargetGroup.EXTERNAL: {
        const { valid, invalid: bad } = parseAddresses(to);
        if (bad.length) {
          errors.push({
            field: 'to',
            message: `to has addresses that are not valid: ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ', …' : ''}`,
          });
        } else if (!valid.length) {
          errors.push({ field: 'to', message: 'to must name at least one address for EXTERNAL' });
        }
        toAddress = valid.join('\n');
        break;
      }
      case BulkTargetGroup.ONE_USER: {
        if (!to) {
          errors.push({ field: 'to', message: 'to must name the user (e-mail, name or id) for ONE_USER' });
          break;
        }
        const found = await this.resolveUser(to);
        if (found.length === 1) toAddress = found[0].email;
        else if (!found.length) errors.push({ field: 'to', message: `No active user matches "${to}"` });
        else
          errors.push({
            field: 'to',
            message: `${found.length} users match "${to}"; give their e-mail or id`,
          });
        break;
      }
      case BulkTargetGroup.TEST_EMAIL: {
        const address = to || actor.email || '';
        if (!isEmail(address)) {
          errors.push({
            field: 'to',
            message: to
              ? 'to must be one e-mail address for TEST_EMAIL'
              : 'Your account has no e-mail; give one in to',
          });
        }
        toAddress = address.toLowerCase();
        break;
      }
      default:
        if (to) errors.push({ field: 'to', message: `to is only used by EXTERNAL, ONE_USER and TEST_EMAIL` });
    }

    const itemIds = [...new Set(dto.item_ids ?? [])];
    const templateType = dto.template_type ?? null;
    if (templateType === ContentType.ITEM_DETAILS) {
      if (!itemIds.length)
        errors.push({ field: 'item_ids', message: 'item_ids must name at least one item for ITEM_DETAILS' });
      else {
        const found = await this.content.items(itemIds);
        if (found.length !== itemIds.length)
          errors.push({ field: 'item_ids', message: 'item_ids names items that do not exist' });
      }
    } else if (itemIds.length) {
      errors.push({ field: 'item_ids', message: 'item_ids are only used by the ITEM_DETAILS template' });
    }
    if (errors.length) throw invalid(errors);

    const contentFormat = dto.content_format ?? ContentFormat.MARKDOWN;
    const { html, text } = await this.content.render({
      subject: dto.subject,
      content: dto.content,
      contentFormat,
      templateType,
      itemIds,
    });
    const message: Composed['message'] = {
      kind: BulkMessageKind.ANNOUNCEMENT,
      targetGroup: group,
      publisherId,
      toAddress,
      subject: dto.subject,
      content: dto.content,
      contentFormat,
      templateType,
      itemIds,
      html,
      text,
    };
    return {
      message,
      audience: { id: '', kind: BulkMessageKind.ANNOUNCEMENT, targetGroup: group, publisherId, toAddress },
    };
  }

  /** ONE_USER: an exact e-mail or id first, else the accounts whose name is it (case-insensitive). */
  private async resolveUser(to: string): Promise<Array<{ email: string }>> {
    if (/^[0-9a-f-]{36}$/i.test(to)) {
      return this.db.query(
        `SELECT lower(user_email) AS email FROM consumer WHERE id = $1::uuid AND status = 'ACTIVE' AND user_email <> ''`,
        [to],
      );
    }
    if (to.includes('@')) {
      return this.db.query(
        `SELECT DISTINCT lower(user_email) AS email FROM consumer WHERE lower(user_email) = lower($1) AND status = 'ACTIVE'`,
        [to],
      );
    }
    return this.db.query(
      `SELECT DISTINCT lower(user_email) AS email FROM consumer
       WHERE (lower(name) = lower($1) OR lower(user_name) = lower($1)) AND status = 'ACTIVE'
         AND user_email IS NOT NULL AND user_email <> '' LIMIT 5`,
      [to],
    );
  }
}
