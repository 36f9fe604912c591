import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { findCountry, PublisherStatus, SubscriptionStatus } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import { OutboxService } from '../mail/outbox.service.js';
import { MailLinksService } from '../messaging/mail-links.service.js';
import { AfterCommitRegistry } from './after-commit.registry.js';
import type { LocationCheckDto } from './dto/subscription-request.dto.js';
import { confirmationMail, kitchenArrivedMail } from './subscription-mail.js';
import { CHECK_INBOX, CONFIRM_RESEND_MINUTES } from './subscription.service.js';

/** Zip codes compare upper-cased with single spaces (`ec1a  1bb` = `EC1A 1BB`). */
export const normaliseZip = (zip: string) => zip.trim().replace(/\s+/g, ' ').toUpperCase();
const ZIP_SQL = (expr: string) => `upper(regexp_replace(btrim(${expr}), '\\s+', ' ', 'g'))`;

/**
 * "Tell me when chefs deliver here" (spec §3 Location check, table `location_subscription`): a guest leaves
 * an e-mail, country and zip code (double opt-in); when an approved kitchen delivers to that zip (its
 * ZIPCODES setting) they are told once — the conditional UPDATE of notifiedAt decides, so two kitchens or
 * two processes never tell anyone twice. Checked when a kitchen is approved (KitchenListener), when a chef
 * saves ZIPCODES (the settings module calls {@link kitchenDeliveryChanged}), and when a check is confirmed
 * (a kitchen may already deliver there).
 */
@Injectable()
export class LocationCheckService {
  private readonly webOrigin: string;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly links: MailLinksService,
    private readonly afterCommit: AfterCommitRegistry,
    config: ConfigService<Env, true>,
  ) {
    this.webOrigin = config.get('WEB_ORIGIN', { infer: true }).replace(/\/$/, '');
  }

  /** A PENDING check and a confirmation e-mail (at most once per CONFIRM_RESEND_MINUTES); the same answer always. */
  async request(dto: LocationCheckDto): Promise<{ message: string }> {
    const email = dto.email.toLowerCase();
    const country = findCountry(dto.country)!;
    const zipcode = normaliseZip(dto.zipcode);
    const ids = await this.db.transaction(async (m) => {
      const rows: Array<{ id: string }> = await m.query(
        `INSERT INTO location_subscription (email, country, zipcode, status)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (email, country, zipcode) DO UPDATE
            SET status = $4, updated_at = now()
          WHERE location_subscription.status = $5
             OR (location_subscription.status = $4
                 AND location_subscription.updated_at < now() - make_interval(mins => $6))
         RETURNING id`,
        [
          email,
          country.code,
          zipcode,
          SubscriptionStatus.PENDING,
          SubscriptionStatus.UNSUBSCRIBED,
          CONFIRM_RESEND_MINUTES,
        ],
      );
      if (!rows[0]) return [];
      const what = `one e-mail when chefs deliver to ${zipcode} (${country.name})`;
      return this.outbox.stage(m, [
        confirmationMail(email, what, this.links.confirmPageUrl('location', rows[0].id), rows[0].id),
      ]);
    });
    await this.outbox.enqueue(ids);
    return { message: CHECK_INBOX };
  }

  /** The kitchen's ZIPCODES changed: tell the confirmed checks there (own transaction). */
  async kitchenDeliveryChanged(publisherId: string): Promise<number> {
    const ids = await this.db.transaction((m) => this.notifyForKitchen(m, publisherId));
    await this.outbox.enqueue(ids);
    return ids.length;
  }

  /**
   * Inside the caller's transaction (a kitchen approved): stages the e-mails and queues them after the commit.
   */
  async kitchenApproved(m: EntityManager, publisherId: string): Promise<void> {
    const ids = await this.notifyForKitchen(m, publisherId);
    if (ids.length > 0) await this.afterCommit.defer(m, () => this.outbox.enqueue(ids));
  }

  /** A check was just confirmed: when an approved kitchen already delivers there, tell them now. */
  async checkConfirmed(locationSubscriptionId: string): Promise<void> {
    const ids = await this.db.transaction(async (m) => {
      const [sub] = (await m.query(`SELECT country, zipcode FROM location_subscription WHERE id = $1`, [
        locationSubscriptionId,
      ])) as Array<{ country: string; zipcode: string }>;
      if (!sub) return [];
      const country = findCountry(sub.country);
      const [kitchen] = (await m.query(
        `SELECT p.id FROM publisher p
           JOIN chef_setting cs ON cs.publisher_id = p.id AND cs.key = 'ZIPCODES' AND jsonb_typeof(cs.value) = 'array'
           LEFT JOIN pickup_location pl ON pl.publisher_id = p.id AND pl.is_primary
          WHERE p.status = $1
            AND upper(coalesce(pl.country, 'United States')) IN (upper($2), upper($3))
            AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(cs.value) z WHERE ${ZIP_SQL('z')} = $4)
          ORDER BY p.created_at, p.id LIMIT 1`,
        [PublisherStatus.APPROVED, sub.country, country?.name ?? sub.country, sub.zipcode],
      )) as Array<{ id: string }>;
      return kitchen ? this.notifyForKitchen(m, kitchen.id, locationSubscriptionId) : [];
    });
    await this.outbox.enqueue(ids);
  }

  /** Marks the un-told confirmed checks of the kitchen's zips (or just `onlyId`) told and stages their e-mails. */
  private async notifyForKitchen(m: EntityManager, publisherId: string, onlyId?: string): Promise<string[]> {
    const [kitchen] = (await m.query(
      `SELECT coalesce(p.brand_display_name, p.kitchen_name) AS name, p.status,
              coalesce(pl.country, 'United States') AS country,
              CASE WHEN jsonb_typeof(cs.value) = 'array'
                   THEN (SELECT array_agg(DISTINCT ${ZIP_SQL('z')}) FROM jsonb_array_elements_text(cs.value) z)
              END AS zips
         FROM publisher p
         LEFT JOIN pickup_location pl ON pl.publisher_id = p.id AND pl.is_primary
         LEFT JOIN chef_setting cs ON cs.publisher_id = p.id AND cs.key = 'ZIPCODES'
        WHERE p.id = $1`,
      [publisherId],
    )) as Array<{ name: string; status: string; country: string; zips: string[] | null }>;
    const country = findCountry(kitchen?.country);
    if (!kitchen || kitchen.status !== PublisherStatus.APPROVED || !country || !kitchen.zips?.length)
      return [];
    const [told] = (await m.query(
      `UPDATE location_subscription SET notified_at = now(), notified_publisher_id = $1, updated_at = now()
        WHERE id IN (SELECT l.id FROM location_subscription l
                      WHERE l.status = $2 AND l.notified_at IS NULL AND l.country = $3 AND l.zipcode = ANY($4::text[])
                        AND ($5::uuid IS NULL OR l.id = $5)
                        AND NOT EXISTS (SELECT 1 FROM email_suppression e WHERE e.email = l.email)
                      FOR UPDATE SKIP LOCKED)
        RETURNING id, email, zipcode`,
      [publisherId, SubscriptionStatus.SUBSCRIBED, country.code, kitchen.zips, onlyId ?? null],
    )) as [Array<{ id: string; email: string; zipcode: string }>, number];
    if (told.length === 0) return [];
    return this.outbox.stage(
      m,
      told.map((t) =>
        kitchenArrivedMail({
          to: t.email,
          zipcode: t.zipcode,
          kitchenName: kitchen.name,
          kitchenUrl: `${this.webOrigin}/kitchen/${publisherId}`,
          unsubscribeUrl: this.links.unsubscribePageUrl(t.email, {
            kind: 'location',
            locationSubscriptionId: t.id,
          }),
          unsubscribeHeaders: this.links.listUnsubscribeHeaders(t.email, {
            kind: 'location',
            locationSubscriptionId: t.id,
          }),
          relatedId: t.id,
        }),
      ),
    );
  }
}
