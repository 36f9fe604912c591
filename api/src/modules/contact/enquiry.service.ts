import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { DataSource, EntityManager } from 'typeorm';
import { EnquiryStatus, EnquiryType, PublisherStatus } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import type { Principal } from '../../common/http/principal.js';
import { badField, conflict, notFound } from '../../common/problem/problem.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { OutboxService, type OutgoingMail } from '../mail/outbox.service.js';
import { StorageAdapter, type StoredFile } from '../storage/storage.adapter.js';
import { UploadService, type UploadedBlob } from '../storage/upload.service.js';
import type { CreateEnquiryDto, EnquiryCreatedDto, EnquiryDto, EnquiryListQuery } from './dto/enquiry.dto.js';
import { MAX_ENQUIRY_FILES } from './dto/enquiry.dto.js';
import { EnquiryEntity } from './enquiry.entity.js';
import { amountToMinor, isAdmin, minorToAmount, signature, step } from './inbox-access.js';
import {
  acknowledgementMail,
  answerMail,
  newEnquiryForChefMail,
  type InboxMailFacts,
} from './inbox-mails.js';

/** A file of an enquiry by the name the API lists it under (the last segment of its storage key). */
const FILE_NAME = /^[0-9a-f-]{36}\.(pdf|jpg|png|webp)$/;

interface KitchenFacts {
  kitchenName: string;
  chefEmail: string | null;
}

/**
 * Enquiries (spec §3, issue 18 part 1): anyone sends one (general, pricing, or to one chef's kitchen) with
 * optional PDFs and pictures kept private; the sender is told by e-mail that it arrived. An enquiry to a chef
 * is that chef's to read, answer, close and reopen (another chef: 404); admins may do so with every
 * enquiry. Each answer, close and reopen is one step of the action history and one audit row, in the same
 * transaction; answers are e-mailed through the outbox.
 */
@Injectable()
export class EnquiryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly uploads: UploadService,
    private readonly storage: StorageAdapter,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async create(
    actor: Principal | undefined,
    dto: CreateEnquiryDto,
    files: UploadedBlob[] | undefined,
  ): Promise<EnquiryCreatedDto> {
    const kitchen = await this.checkAddressee(dto);
    if ((files?.length ?? 0) > MAX_ENQUIRY_FILES)
      throw badField('files', `Attach at most ${MAX_ENQUIRY_FILES} files.`);
    const stored: Array<{ key: string; contentType: string }> = [];
    try {
      for (const file of files ?? [])
        stored.push(await this.uploads.storeDocument(file, 'enquiries', 'files'));
      const { saved, outboxIds } = await this.db.transaction(async (m) => {
        const saved = await m.getRepository(EnquiryEntity).save(
          m.getRepository(EnquiryEntity).create({
            enquiryType: dto.enquiryType,
            firstName: dto.firstName,
            lastName: dto.lastName ?? null,
            email: dto.email,
            phone: dto.phone ?? null,
            message: dto.message,
            publisherId: dto.enquiryType === EnquiryType.ENQUIRY_TO_CHEF ? (dto.publisherId ?? null) : null,
            consumerId: actor?.consumerId ?? null,
            eventDate: dto.eventDate ?? null,
            headcount: dto.headcount ?? null,
            budgetMinor: dto.budget === undefined ? null : amountToMinor(dto.budget),
            attachments: stored.filter((s) => s.contentType === 'application/pdf').map((s) => s.key),
            pictures: stored.filter((s) => s.contentType !== 'application/pdf').map((s) => s.key),
            actionHistory: [step('RECEIVED', null)],
          }),
        );
        const facts = mailFacts(saved, kitchen?.kitchenName ?? null);
        const mails: OutgoingMail[] = [acknowledgementMail(facts)];
        if (kitchen?.chefEmail)
          mails.push(
            newEnquiryForChefMail(facts, kitchen.chefEmail, this.config.get('WEB_ORIGIN', { infer: true })),
          );
        return { saved, outboxIds: await this.outbox.stage(m, mails) };
      });
      void this.outbox.enqueue(outboxIds);
      return { id: saved.id, receivedAt: saved.createdAt.toISOString() };
    } catch (error) {
      await this.uploads.discard(stored.map((s) => s.key));
      throw error;
    }
  }

  /** Enquiries to the chef's kitchen (admins: every enquiry), newest first. */
  async list(actor: Principal, query: EnquiryListQuery): Promise<{ items: EnquiryDto[]; total: number }> {
    const qb = this.db
      .getRepository(EnquiryEntity)
      .createQueryBuilder('e')
      .leftJoinAndSelect('e.publisher', 'p')
      .orderBy('e.createdAt', 'DESC')
      .addOrderBy('e.id', 'DESC')
      .skip(query.page * query.size)
      .take(query.size);
    if (!isAdmin(actor)) {
      qb.where('e.publisherId = :publisherId AND e.enquiryType = :type', {
        publisherId: actor.publisherId ?? '00000000-0000-0000-0000-000000000000',
        type: EnquiryType.ENQUIRY_TO_CHEF,
      });
    }
    if (query.status) qb.andWhere('e.status = :status', { status: query.status });
    const [rows, total] = await qb.getManyAndCount();
    return { items: rows.map(mapEnquiry), total };
  }

  /** How many open enquiries wait for the chef's kitchen (the chef navigation's badge). */
  async openCount(actor: Principal): Promise<number> {
    if (!actor.publisherId) return 0;
    return this.db.getRepository(EnquiryEntity).count({
      where: {
        publisherId: actor.publisherId,
        enquiryType: EnquiryType.ENQUIRY_TO_CHEF,
        status: EnquiryStatus.OPEN,
      },
    });
  }

  async get(actor: Principal, id: string): Promise<EnquiryDto> {
    return mapEnquiry(await this.readable(this.db.manager, actor, id));
  }

  /** Answers the sender by e-mail and records the answer (one history step, one audit row). */
  async answer(actor: Principal, id: string, response: string): Promise<EnquiryDto> {
    const { enquiry, outboxIds } = await this.db.transaction(async (m) => {
      const enquiry = await this.readable(m, actor, id, true);
      const by = signature(actor, kitchenNameOf(enquiry));
      const before = { status: enquiry.status, answers: answers(enquiry) };
      enquiry.actionHistory = [...enquiry.actionHistory, step('ANSWERED', by, response)];
      await m
        .getRepository(EnquiryEntity)
        .update({ id: enquiry.id }, { actionHistory: enquiry.actionHistory });
      await this.audit.record(m, actor, {
        action: 'enquiry.answer',
        targetType: 'enquiry',
        targetId: enquiry.id,
        before,
        after: { status: enquiry.status, answers: answers(enquiry), response },
      });
      const outboxIds = await this.outbox.stage(m, [
        answerMail(mailFacts(enquiry, kitchenNameOf(enquiry)), response, by),
      ]);
      return { enquiry, outboxIds };
    });
    void this.outbox.enqueue(outboxIds);
    return mapEnquiry(enquiry);
  }

  /** Closes (resolved) or reopens an enquiry; 409 when it already is so. */
  async setStatus(actor: Principal, id: string, status: EnquiryStatus): Promise<EnquiryDto> {
    return this.db.transaction(async (m) => {
      const enquiry = await this.readable(m, actor, id, true);
      if (enquiry.status === status) {
        throw conflict(
          `This enquiry is already ${status === EnquiryStatus.CLOSED ? 'closed' : 'open'}.`,
          'error.enquiry.status',
          { id, status },
        );
      }
      const before = { status: enquiry.status };
      enquiry.status = status;
      enquiry.actionHistory = [
        ...enquiry.actionHistory,
        step(
          status === EnquiryStatus.CLOSED ? 'CLOSED' : 'REOPENED',
          signature(actor, kitchenNameOf(enquiry)),
        ),
      ];
      await m
        .getRepository(EnquiryEntity)
        .update({ id: enquiry.id }, { status, actionHistory: enquiry.actionHistory });
      await this.audit.record(m, actor, {
        action: status === EnquiryStatus.CLOSED ? 'enquiry.close' : 'enquiry.reopen',
        targetType: 'enquiry',
        targetId: enquiry.id,
        before,
        after: { status },
      });
      return mapEnquiry(enquiry);
    });
  }

  /** A file of the enquiry, for the chef it is addressed to or an admin. */
  async readFile(actor: Principal, id: string, name: string): Promise<StoredFile> {
    const enquiry = await this.readable(this.db.manager, actor, id);
    const key = FILE_NAME.test(name)
      ? [...enquiry.attachments, ...enquiry.pictures].find((k) => k.endsWith(`/${name}`))
      : undefined;
    const file = key ? await this.storage.get(key) : null;
    if (!file) throw notFound(`Enquiry ${id} has no file ${name}.`, { id, name });
    return file;
  }

  /**
   * The enquiry if the caller may handle it: an admin any, a chef one addressed to their kitchen; anyone
   * else (another chef) is told it does not exist.
   */
  private async readable(
    m: EntityManager,
    actor: Principal,
    id: string,
    lock = false,
  ): Promise<EnquiryEntity> {
    if (!isUUID(id)) throw notFound(`Enquiry ${id} was not found.`, { id });
    // The row alone is locked (FOR UPDATE cannot take the outer-joined kitchen), then read with its kitchen.
    if (lock) await m.query(`SELECT id FROM enquiry WHERE id = $1 FOR UPDATE`, [id]);
    const row = await m
      .getRepository(EnquiryEntity)
      .findOne({ where: { id }, relations: { publisher: true } });
    const mayRead =
      row !== null &&
      (isAdmin(actor) ||
        (row.enquiryType === EnquiryType.ENQUIRY_TO_CHEF &&
          actor.publisherId !== null &&
          row.publisherId === actor.publisherId));
    if (!row || !mayRead) throw notFound(`Enquiry ${id} was not found.`, { id });
    return row;
  }

  /** The kitchen an ENQUIRY_TO_CHEF goes to (approved kitchens only); none for the other types. */
  private async checkAddressee(dto: CreateEnquiryDto): Promise<KitchenFacts | null> {
    if (dto.enquiryType !== EnquiryType.ENQUIRY_TO_CHEF) {
      if (dto.publisherId) throw badField('publisherId', 'Only a question to a chef names a kitchen.');
      if (dto.enquiryType === EnquiryType.ENQUIRY_FOR_PRICING) {
        if (!dto.eventDate) throw badField('eventDate', 'Enter the date of your event.');
        if (!dto.headcount) throw badField('headcount', 'Enter how many guests you expect.');
      }
      return null;
    }
    if (!dto.publisherId) throw badField('publisherId', 'Choose the kitchen your question is for.');
    const [kitchen] = (await this.db.query(
      `SELECT coalesce(nullif(p.brand_display_name, ''), p.kitchen_name) AS "kitchenName",
              coalesce(p.user_email, c.user_email) AS "chefEmail"
         FROM publisher p JOIN consumer c ON c.id = p.consumer_id
        WHERE p.id = $1 AND p.status = $2`,
      [dto.publisherId, PublisherStatus.APPROVED],
    )) as KitchenFacts[];
    if (!kitchen) throw badField('publisherId', 'This kitchen is not taking questions.');
    return kitchen;
  }
}

function kitchenNameOf(e: EnquiryEntity): string | null {
  return e.publisher ? e.publisher.brandDisplayName || e.publisher.kitchenName : null;
}

function answers(e: EnquiryEntity): number {
  return e.actionHistory.filter((a) => a.action === 'ANSWERED').length;
}

function mailFacts(e: EnquiryEntity, kitchenName: string | null): InboxMailFacts {
  return {
    id: e.id,
    relatedType: 'enquiry',
    type: e.enquiryType,
    to: e.email,
    name: [e.firstName, e.lastName].filter(Boolean).join(' ') || null,
    message: e.message,
    kitchenName,
  };
}

function fileName(key: string): string {
  return key.split('/').pop() ?? key;
}

export function mapEnquiry(e: EnquiryEntity): EnquiryDto {
  return {
    id: e.id,
    createdAt: e.createdAt.toISOString(),
    enquiryType: e.enquiryType,
    status: e.status,
    isResolved: e.status === EnquiryStatus.CLOSED,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    phone: e.phone,
    message: e.message,
    publisherId: e.publisherId,
    kitchenName: kitchenNameOf(e),
    eventDate: e.eventDate,
    headcount: e.headcount,
    budget: minorToAmount(e.budgetMinor),
    files: [
      ...e.attachments.map((k) => ({ name: fileName(k), kind: 'attachment' as const })),
      ...e.pictures.map((k) => ({ name: fileName(k), kind: 'picture' as const })),
    ],
    actionHistory: e.actionHistory,
  };
}
