import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { EntityManager } from 'typeorm';
import {
  BulkMessageKind,
  BulkMessageStatus,
  ContentFormat,
  type BulkTargetGroup,
  type ContentType,
} from '@hearth/shared';
import { QUEUES } from '../../queue/queues.js';
import { BulkMessageEntity } from './bulk-message.entity.js';

/** Name of the job that pages a message's audience into recipient rows (jobId `fanout-<message id>`). */
export const FAN_OUT_JOB = 'fan-out';

export interface FanOutJob {
  bulkMessageId: string;
}

/** A bulk message to store: an admin's announcement or a chef's news. */
export interface NewBulkMessage {
  kind: BulkMessageKind;
  targetGroup: BulkTargetGroup | null;
  publisherId: string | null;
  toAddress: string | null;
  subject: string;
  content: string;
  contentFormat: ContentFormat;
  templateType: ContentType | null;
  itemIds: string[];
  /** The sanitised, laid-out body and its text alternative, as they will be sent. */
  html: string;
  text: string;
  createdById: string | null;
}

/**
 * The way into bulk sending for every module (ADR 021): `create` stores the message inside the caller's
 * transaction, `start` queues its fan-out after the commit (jobId per message, so twice is harmless).
 */
@Injectable()
export class BroadcastService {
  private readonly logger = new Logger(BroadcastService.name);

  constructor(@InjectQueue(QUEUES.BULK_MESSAGES) private readonly queue: Queue<FanOutJob>) {}

  async create(m: EntityManager, message: NewBulkMessage): Promise<string> {
    const result = await m.getRepository(BulkMessageEntity).insert({
      ...message,
      toAddress: message.toAddress,
      status: BulkMessageStatus.QUEUED,
    });
    return result.identifiers[0].id as string;
  }

  /** Queues the fan-out of a stored message (after its transaction committed). Never throws. */
  async start(bulkMessageId: string): Promise<void> {
    try {
      await this.queue.add(FAN_OUT_JOB, { bulkMessageId }, { jobId: `fanout-${bulkMessageId}` });
    } catch (error) {
      this.logger.warn({ err: error, bulkMessageId }, 'Could not queue a bulk message; housekeeping will');
    }
  }
}
