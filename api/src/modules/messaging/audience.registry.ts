import { Injectable } from '@nestjs/common';
import type { BulkMessageEntity } from './bulk-message.entity.js';

/** One person an audience yields. */
export interface AudienceMember {
  /** Lower-cased address. */
  email: string;
  name: string | null;
  consumerId: string | null;
}

/** The fields of a bulk message an audience reads to know whom it means. */
export type AudienceMessage = Pick<
  BulkMessageEntity,
  'id' | 'kind' | 'targetGroup' | 'publisherId' | 'toAddress'
>;

/**
 * Whom a bulk message goes to, paged by keyset: `page(message, after, limit)` returns the members whose
 * lower-cased e-mail sorts after `after` (null: from the start), in e-mail order, at most `limit` — so the
 * fan-out stores the last e-mail as its cursor and resumes there, and each address comes once. Audiences
 * do not leave out unsubscribed addresses: the fan-out records those as SKIPPED.
 */
export interface Audience {
  page(message: AudienceMessage, after: string | null, limit: number): Promise<AudienceMember[]>;
  /** How many members `page` would yield in all (the count shown before sending). */
  count(message: AudienceMessage): Promise<number>;
}

/**
 * The audiences of bulk messages by name: an announcement's target group (spec §6), or `CHEF_NEWS` for a
 * chef's subscribers. The modules that know the people register them at start-up (the admin module the
 * eight target groups, the subscription module CHEF_NEWS), so the fan-out in this lower module needs none
 * of them (the KitchenListener pattern of ADR 014).
 */
@Injectable()
export class AudienceRegistry {
  private readonly audiences = new Map<string, Audience>();

  register(name: string, audience: Audience): void {
    if (this.audiences.has(name)) throw new Error(`Audience ${name} is registered twice`);
    this.audiences.set(name, audience);
  }

  /** The audience of a message: its target group, or its kind for a chef's news. */
  for(message: AudienceMessage): Audience {
    const name = message.targetGroup ?? message.kind;
    const audience = this.audiences.get(name);
    if (!audience) throw new Error(`No audience is registered for ${name}`);
    return audience;
  }

  has(name: string): boolean {
    return this.audiences.has(name);
  }
}
