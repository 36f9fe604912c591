import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { DataSource, EntityManager } from 'typeorm';
import { EnquiryStatus } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { conflict, notFound } from '../../common/problem/problem.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { OutboxService } from '../mail/outbox.service.js';
import { ContactMessageEntity } from './contact-message.entity.js';
import type { ContactMessageCreatedDto, CreateContactMessageDto } from './dto/create-contact-message.dto.js';
import type { ContactListQuery, ContactMessageDto, ContactSearchQuery } from './dto/enquiry.dto.js';
import { signature, step } from './inbox-access.js';
import { answerMail, type InboxMailFacts } from './inbox-mails.js';
import { searchTerms, termCondition } from './inbox.sql.js';

/**
 * Contact-us messages (spec §3, `contactus`, `contactus/response`, `_search/contactus`): anyone sends one;
 * admins list, search, answer (by e-mail through the outbox), close and reopen them. Each admin change is
 * one action-history step and one audit row in the same transaction.
 */
@Injectable()
export class ContactService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
  ) {}

  /** Stores a contact-us message for the support team. */
  async create(dto: CreateContactMessageDto): Promise<ContactMessageCreatedDto> {
    const repo = this.db.getRepository(ContactMessageEntity);
    const saved = await repo.save(
      repo.create({
        legalName: dto.legalName,
        email: dto.email,
        message: dto.message,
        actionHistory: [step('RECEIVED', null)],
      }),
    );
    return { id: saved.id, receivedAt: saved.createdAt.toISOString() };
  }

  /** Newest first, optionally only OPEN or CLOSED ones. */
  async list(query: ContactListQuery): Promise<{ items: ContactMessageDto[]; total: number }> {
    const [rows, total] = await this.db.getRepository(ContactMessageEntity).findAndCount({
      where: query.status ? { status: query.status } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: query.page * query.size,
      take: query.size,
    });
    return { items: rows.map(mapContactMessage), total };
  }

  /** Messages whose name, e-mail or text has every word of the query (as a prefix), newest first. */
  async search(query: ContactSearchQuery): Promise<{ items: ContactMessageDto[]; total: number }> {
    const terms = searchTerms(query.query);
    if (terms.length === 0) return { items: [], total: 0 };
    const params: Record<string, unknown> = {};
    const param = (value: unknown) => {
      const name = `p${Object.keys(params).length}`;
      params[name] = value;
      return `:${name}`;
    };
    // The expression of idx_contact_message_fts (migration 1795700000000), so the GIN index serves it.
    const text = `to_tsvector('simple', c.legal_name || ' ' || c.email || ' ' || c.message)`;
    const where = terms.map((term) => termCondition(text, 'c.email', term, param)).join(' AND ');
    const qb = this.db
      .getRepository(ContactMessageEntity)
      .createQueryBuilder('c')
      .where(where, params)
      .orderBy('c.createdAt', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .skip(query.page * query.size)
      .take(query.size);
    const [rows, total] = await qb.getManyAndCount();
    return { items: rows.map(mapContactMessage), total };
  }

  async get(id: string): Promise<ContactMessageDto> {
    return mapContactMessage(await this.find(this.db.manager, id));
  }

  /** `contactus/response`: e-mails the answer to the sender and records it. */
  async respond(actor: Principal, id: string, response: string): Promise<ContactMessageDto> {
    const { row, outboxIds } = await this.db.transaction(async (m) => {
      const row = await this.find(m, id, true);
      const by = signature(actor);
      const before = { status: row.status, response: row.response };
      row.response = response;
      row.respondedAt = new Date();
      row.actionHistory = [...row.actionHistory, step('ANSWERED', by, response)];
      await m
        .getRepository(ContactMessageEntity)
        .update({ id: row.id }, { response, respondedAt: row.respondedAt, actionHistory: row.actionHistory });
      await this.audit.record(m, actor, {
        action: 'contact.answer',
        targetType: 'contact_message',
        targetId: row.id,
        before,
        after: { status: row.status, response },
      });
      const outboxIds = await this.outbox.stage(m, [answerMail(mailFacts(row), response, by)]);
      return { row, outboxIds };
    });
    void this.outbox.enqueue(outboxIds);
    return mapContactMessage(row);
  }

  /** Closes or reopens a message; 409 when it already is so. */
  async setStatus(actor: Principal, id: string, status: EnquiryStatus): Promise<ContactMessageDto> {
    return this.db.transaction(async (m) => {
      const row = await this.find(m, id, true);
      if (row.status === status) {
        throw conflict(
          `This message is already ${status === EnquiryStatus.CLOSED ? 'closed' : 'open'}.`,
          'error.contact.status',
          { id, status },
        );
      }
      const before = { status: row.status };
      row.status = status;
      row.actionHistory = [
        ...row.actionHistory,
        step(status === EnquiryStatus.CLOSED ? 'CLOSED' : 'REOPENED', signature(actor)),
      ];
      await m
        .getRepository(ContactMessageEntity)
        .update({ id: row.id }, { status, actionHistory: row.actionHistory });
      await this.audit.record(m, actor, {
        action: status === EnquiryStatus.CLOSED ? 'contact.close' : 'contact.reopen',
        targetType: 'contact_message',
        targetId: row.id,
        before,
        after: { status },
      });
      return mapContactMessage(row);
    });
  }

  private async find(m: EntityManager, id: string, lock = false): Promise<ContactMessageEntity> {
    const row = isUUID(id)
      ? await m.getRepository(ContactMessageEntity).findOne({
          where: { id },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!row) throw notFound(`Contact message ${id} was not found.`, { id });
    return row;
  }
}

function mailFacts(row: ContactMessageEntity): InboxMailFacts {
  return {
    id: row.id,
    relatedType: 'contact_message',
    type: 'CONTACT',
    to: row.email,
    name: row.legalName,
    message: row.message,
    kitchenName: null,
  };
}

export function mapContactMessage(row: ContactMessageEntity): ContactMessageDto {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    legalName: row.legalName,
    email: row.email,
    message: row.message,
    status: row.status,
    response: row.response,
    respondedAt: row.respondedAt ? row.respondedAt.toISOString() : null,
    actionHistory: row.actionHistory,
  };
}
