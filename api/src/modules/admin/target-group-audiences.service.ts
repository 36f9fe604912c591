import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BulkTargetGroup, ConsumerStatus, PublisherStatus, SubscriptionStatus } from '@hearth/shared';
import {
  AudienceRegistry,
  type Audience,
  type AudienceMember,
  type AudienceMessage,
} from '../messaging/audience.registry.js';

/** A plausible e-mail address (the forms' check; the SMTP server has the last word). */
const EMAIL = /^[^\s@,;<>()]+@[^\s@,;<>()]+\.[^\s@,;<>()]+$/;

/** The addresses of `to`: one per line or separated by commas or semicolons, lower-cased, each once, sorted. */
export function parseAddresses(to: string | null | undefined): { valid: string[]; invalid: string[] } {
  const words = (to ?? '')
    .split(/[\s,;]+/)
    .map((w) => w.trim().replace(/^<|>$/g, '').toLowerCase())
    .filter(Boolean);
  const valid = new Set<string>();
  const invalid: string[] = [];
  for (const w of words) {
    if (EMAIL.test(w)) valid.add(w);
    else invalid.push(w);
  }
  return { valid: [...valid].sort(), invalid };
}

/** Whether `s` is one plausible address. */
export const isEmail = (s: string) => EMAIL.test(s.trim());

interface Row {
  email: string;
  name: string | null;
  consumer_id: string | null;
}

const ACTIVE = `'${ConsumerStatus.ACTIVE}'`;
/** The address of an account as bulk e-mail uses it. */
const EMAIL_OF = `lower(c.user_email)`;
const HAS_EMAIL = `c.user_email IS NOT NULL AND c.user_email <> ''`;

/**
 * An audience over SQL that yields (email, name, consumer_id) rows, perhaps one address more than once:
 * paged by keyset on the lower-cased address (`email > $after ORDER BY email LIMIT n`), which the
 * expression index `idx_consumer_user_email_lower` serves; one row per address.
 */
class SqlAudience implements Audience {
  constructor(
    private readonly db: DataSource,
    /** SQL of the members; `$1` is the message's publisher_id where it needs one. */
    private readonly sql: (message: AudienceMessage) => { sql: string; params: unknown[] },
  ) {}

  async page(message: AudienceMessage, after: string | null, limit: number): Promise<AudienceMember[]> {
    const { sql, params } = this.sql(message);
    const n = params.length;
    const rows: Row[] = await this.db.query(
      `SELECT email, min(name) AS name, (min(consumer_id::text))::uuid AS consumer_id
       FROM (${sql}) members
       WHERE email > $${n + 1}
       GROUP BY email ORDER BY email LIMIT $${n + 2}`,
      [...params, after ?? '', limit],
    );
    return rows.map((r) => ({ email: r.email, name: r.name, consumerId: r.consumer_id }));
  }

  async count(message: AudienceMessage): Promise<number> {
    const { sql, params } = this.sql(message);
    const [row]: Array<{ n: number }> = await this.db.query(
      `SELECT count(DISTINCT email)::int AS n FROM (${sql}) members`,
      params,
    );
    return row.n;
  }
}

/** A fixed list of addresses (EXTERNAL, TEST_EMAIL), with the names of the accounts that have them. */
class AddressAudience implements Audience {
  constructor(
    private readonly db: DataSource,
    /** Leave out the addresses of disabled accounts. */
    private readonly withoutDisabled: boolean,
  ) {}

  private async addresses(message: AudienceMessage): Promise<string[]> {
    const { valid } = parseAddresses(message.toAddress);
    if (!this.withoutDisabled || !valid.length) return valid;
    const disabled: Array<{ email: string }> = await this.db.query(
      `SELECT DISTINCT lower(user_email) AS email FROM consumer c
       WHERE lower(c.user_email) = ANY($1) AND c.status <> ${ACTIVE}`,
      [valid],
    );
    const out = new Set(disabled.map((d) => d.email));
    return valid.filter((e) => !out.has(e));
  }

  async page(message: AudienceMessage, after: string | null, limit: number): Promise<AudienceMember[]> {
    const emails = (await this.addresses(message)).filter((e) => after === null || e > after).slice(0, limit);
    if (!emails.length) return [];
    const accounts: Row[] = await this.db.query(
      `SELECT lower(user_email) AS email, min(coalesce(name, user_name)) AS name,
              (min(id::text))::uuid AS consumer_id
       FROM consumer c WHERE lower(c.user_email) = ANY($1) AND c.status = ${ACTIVE} GROUP BY 1`,
      [emails],
    );
    const byEmail = new Map(accounts.map((a) => [a.email, a]));
    return emails.map((email) => ({
      email,
      name: byEmail.get(email)?.name ?? null,
      consumerId: byEmail.get(email)?.consumer_id ?? null,
    }));
  }

  async count(message: AudienceMessage): Promise<number> {
    return (await this.addresses(message)).length;
  }
}

const account = (
  where: string,
) => `SELECT ${EMAIL_OF} AS email, coalesce(c.name, c.user_name) AS name, c.id AS consumer_id
  FROM consumer c WHERE c.status = ${ACTIVE} AND ${HAS_EMAIL} AND ${where}`;

const kitchenOwner = (statuses: string[]) =>
  account(
    `EXISTS (SELECT 1 FROM publisher p WHERE p.consumer_id = c.id AND p.status IN (${statuses
      .map((s) => `'${s}'`)
      .join(', ')}))`,
  );

/**
 * The eight target groups of spec §6 as audiences of bulk messages, registered with the messaging module
 * at start-up (in the API for previews and counts, in the worker for the fan-out). Disabled accounts are
 * never members.
 */
@Injectable()
export class TargetGroupAudiencesService implements OnModuleInit {
  constructor(
    private readonly registry: AudienceRegistry,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  onModuleInit(): void {
    for (const [group, audience] of Object.entries(this.audiences())) {
      if (!this.registry.has(group)) this.registry.register(group, audience);
    }
  }

  audiences(): Record<BulkTargetGroup, Audience> {
    const db = this.db;
    return {
      [BulkTargetGroup.EXTERNAL]: new AddressAudience(db, true),
      [BulkTargetGroup.TEST_EMAIL]: new AddressAudience(db, false),
      // ONE_USER: `to` holds the account's address, resolved when the message was written.
      [BulkTargetGroup.ONE_USER]: new SqlAudience(db, (m) => ({
        sql: account(`${EMAIL_OF} = lower($1)`),
        params: [m.toAddress ?? ''],
      })),
      [BulkTargetGroup.ALL_USERS]: new SqlAudience(db, () => ({ sql: account('true'), params: [] })),
      [BulkTargetGroup.CUSTOMERS]: new SqlAudience(db, (m) =>
        m.publisherId
          ? {
              // One kitchen's customers (an order with one of its dishes) and its subscribers.
              sql: `${account(`EXISTS (SELECT 1 FROM customer_order o JOIN ordered_cart_item i ON i.order_id = o.id
                      WHERE o.consumer_id = c.id AND i.publisher_id = $1)`)}
                    UNION ALL
                    SELECT lower(s.email) AS email, c.name AS name, c.id AS consumer_id
                    FROM subscription s LEFT JOIN consumer c ON c.id = s.consumer_id
                    WHERE s.publisher_id = $1 AND s.status = '${SubscriptionStatus.SUBSCRIBED}'
                      AND (c.id IS NULL OR c.status = ${ACTIVE})`,
              params: [m.publisherId],
            }
          : {
              sql: account(`EXISTS (SELECT 1 FROM customer_order o WHERE o.consumer_id = c.id)`),
              params: [],
            },
      ),
      [BulkTargetGroup.REGISTERED_CHEFS]: new SqlAudience(db, () => ({
        sql: kitchenOwner([PublisherStatus.APPROVED]),
        params: [],
      })),
      [BulkTargetGroup.HALF_REGISTERED_CHEFS]: new SqlAudience(db, () => ({
        sql: kitchenOwner([PublisherStatus.PENDING]),
        params: [],
      })),
      [BulkTargetGroup.ALL_CHEFS]: new SqlAudience(db, () => ({
        sql: kitchenOwner([PublisherStatus.APPROVED, PublisherStatus.PENDING, PublisherStatus.BLOCKED]),
        params: [],
      })),
    };
  }
}
