import { randomBytes } from 'node:crypto';
import { HttpStatus, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  payoutGatewaysFor,
  ProblemType,
  SettingsKey,
  STEP_UP_MAX_AGE_MS,
  STEP_UP_MESSAGE,
} from '@hearth/shared';
import type { Env } from '../../config/env.js';
import { FieldCipher } from '../../common/crypto/field-cipher.js';
import type { Principal } from '../../common/http/principal.js';
import { ProblemException } from '../../common/problem/problem.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { OutboxService, type OutgoingMail } from '../mail/outbox.service.js';
import { PublisherService } from '../publisher/publisher.service.js';
import { BankBeneficiaryEntity } from './bank-beneficiary.entity.js';
import { chefKitchenId } from './chef-kitchen.js';
import { ChefSettingEntity } from './chef-setting.entity.js';
import type { AddBeneficiaryDto, BeneficiaryDto } from './dto/beneficiary.dto.js';

/** An account number as responses show it (S-12): its last four digits only, e.g. `••••••7890`. */
export function maskAccount(accountNumber: string | null): string | null {
  if (accountNumber === null) return null;
  return `${'•'.repeat(Math.max(accountNumber.length - 4, 2))}${accountNumber.slice(-4)}`;
}

const mapBeneficiary = (b: BankBeneficiaryEntity, accountNumber: string): BeneficiaryDto => ({
  beneId: b.beneId,
  name: b.name,
  email: b.email,
  phone: b.phone,
  bankAccount: maskAccount(accountNumber)!,
  ifsc: b.ifsc,
  address1: b.address1,
  city: b.city,
  state: b.state,
  pincode: b.pincode,
  registeredWithGateway: b.registeredAt !== null,
  createdAt: b.createdAt.toISOString(),
});

/**
 * Refuses Cashfree payout details (an Indian bank account: account number and IFSC) for a kitchen outside
 * India, whose payouts go through Stripe or PayPal (spec §9 chef settings keys).
 */
export function assertCashfreeCountry(country: string | null): void {
  if (payoutGatewaysFor(country).includes('CASH_FREE')) return;
  throw new ProblemException(HttpStatus.CONFLICT, {
    type: ProblemType.CONFLICT,
    detail:
      `Cashfree payouts to an Indian bank account (account number and IFSC) are for kitchens in India; ` +
      `yours is in ${country ?? 'another country'}, where kitchens are paid through Stripe or PayPal.`,
    message: 'error.payout.country',
    params: { country },
  });
}

/**
 * Step-up (S-09): changing where payouts go needs a sign-in of the last 10 minutes; an older one gets a 403
 * problem (`error.auth.stepUp`) that the web turns into a fresh sign-in (`prompt=login`, `max_age=0`).
 */
export function assertRecentSignIn(actor: Principal, now = Date.now()): void {
  const at = actor.authenticatedTime?.getTime();
  if (at !== undefined && now - at <= STEP_UP_MAX_AGE_MS) return;
  throw new ProblemException(HttpStatus.FORBIDDEN, {
    type: ProblemType.FORBIDDEN,
    detail: 'For your safety, sign in again to change the bank account your payouts go to.',
    message: STEP_UP_MESSAGE,
    params: { maxAgeSeconds: STEP_UP_MAX_AGE_MS / 1000 },
  });
}

function accountChangedMail(to: string, kitchenName: string, last4: string, webOrigin: string): OutgoingMail {
  const subject = 'Your Hearth payout bank account was changed';
  const text =
    `The bank account for the payouts of ${kitchenName} was changed to the account ending ${last4}.\n\n` +
    `If you did not do this, sign in at ${webOrigin}/l/sessions, sign out every device, and write to us.`;
  const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<p>The bank account for the payouts of <strong>${esc(kitchenName)}</strong> was changed to the account ending <strong>${esc(last4)}</strong>.</p><p>If you did not do this, <a href="${esc(webOrigin)}/l/sessions">sign out every device</a> and write to us.</p>`;
  return { to, subject, text, html, relatedType: 'payout-account' };
}

/** What the payout gateway is told about a new beneficiary (the id is chosen here, before the call). */
export interface BeneficiaryToRegister {
  beneId: string;
  name: string;
  email: string;
  phone: string;
  accountNumber: string;
  ifsc: string;
  address1: string;
  city: string;
  state: string;
  pincode: string;
}

/**
 * Registers a beneficiary with the payout gateway (Cashfree Payouts), called by the payment module, which
 * settings may not import (tiers): resolves when the gateway accepted it, throws a problem when it refused.
 */
export type RegisterBeneficiary = (b: BeneficiaryToRegister) => Promise<void>;

/**
 * A chef's bank account for Cashfree payouts (Indian kitchens only). `add` takes the gateway registration
 * as a function (the payment module's `settings/add-cashfree-beneficiary` passes Cashfree Payouts): the
 * gateway is asked first and only an accepted account is stored, with `registered_at`; without one (Cashfree
 * Payouts not configured) the account is stored unregistered. Account numbers are encrypted at rest (AES-256-GCM, DATA_ENCRYPTION_KEY) and shown masked (S-12); a
 * change needs a recent sign-in, is audited in its own transaction and e-mailed to the chef.
 */
@Injectable()
export class BeneficiaryService {
  private readonly cipher: FieldCipher;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly publishers: PublisherService,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly config: ConfigService<Env, true>,
  ) {
    this.cipher = new FieldCipher(config.get('DATA_ENCRYPTION_KEY', { infer: true }));
  }

  /** The stored (encrypted) form of an account number. */
  seal(accountNumber: string): string {
    return this.cipher.encrypt(accountNumber);
  }

  /** A stored account number as responses show it: masked; null stays null. */
  maskStored(stored: string | null): string | null {
    return maskAccount(stored === null ? null : this.cipher.decrypt(stored));
  }

  /**
   * Audits a payout-account change inside the caller's transaction and stages the chef's e-mail; returns
   * the outbox ids to enqueue after the commit.
   */
  async recordChange(
    m: EntityManager,
    actor: Principal,
    publisherId: string,
    change: { before: string | null; after: string; ifsc: string | null },
  ): Promise<string[]> {
    const last4 = (v: string | null) => (v === null ? null : v.slice(-4));
    await this.audit.record(m, actor, {
      action: 'payout-account.change',
      targetType: 'publisher',
      targetId: publisherId,
      before: { accountLast4: last4(change.before) },
      after: { accountLast4: last4(change.after), ifsc: change.ifsc },
    });
    if (!actor.email) return [];
    const kitchen = await this.publishers.detailById(publisherId);
    return this.outbox.stage(m, [
      accountChangedMail(
        actor.email,
        kitchen.kitchenName,
        last4(change.after)!,
        this.config.get('WEB_ORIGIN', { infer: true }),
      ),
    ]);
  }

  /** Sends staged e-mails (after the commit). */
  enqueueMail(ids: readonly string[]): Promise<void> {
    return this.outbox.enqueue(ids);
  }

  /** The current account number in clear (for the audit's before), or null. */
  async currentAccount(m: EntityManager, publisherId: string): Promise<string | null> {
    const row = await m
      .getRepository(ChefSettingEntity)
      .findOneBy({ publisherId, key: SettingsKey.CASH_FREE_ACCOUNT_NUMBER });
    return typeof row?.value === 'string' ? this.cipher.decrypt(row.value) : null;
  }

  async add(
    actor: Principal,
    dto: AddBeneficiaryDto,
    register: RegisterBeneficiary | null = null,
  ): Promise<BeneficiaryDto> {
    const publisherId = chefKitchenId(actor);
    assertCashfreeCountry((await this.publishers.detailById(publisherId)).country);
    assertRecentSignIn(actor);
    const sealed = this.seal(dto.accountNumber);
    // Cashfree lets the merchant choose the id: letters and digits, at most 50.
    const beneId =
      `HEARTH${publisherId.replace(/-/g, '').slice(0, 12)}${randomBytes(6).toString('hex')}`.toUpperCase();
    // The gateway first: a refused account (bad IFSC, closed account) is never stored, so the settings
    // never show an account payouts cannot reach. An accepted one whose storing then fails is an unused
    // beneficiary at Cashfree under an id nothing refers to; the chef's retry registers a new id.
    if (register) await register({ beneId, ...dto });
    let outboxIds: string[] = [];
    const saved = await this.db.transaction(async (m) => {
      const before = await this.currentAccount(m, publisherId);
      const repo = m.getRepository(BankBeneficiaryEntity);
      const inserted = await repo.insert({
        publisherId,
        beneId,
        registeredAt: register ? new Date() : null,
        name: dto.name,
        email: dto.email,
        phone: dto.phone,
        bankAccount: sealed,
        ifsc: dto.ifsc,
        address1: dto.address1,
        city: dto.city,
        state: dto.state,
        pincode: dto.pincode,
      });
      await m.getRepository(ChefSettingEntity).upsert(
        [
          { publisherId, key: SettingsKey.CASH_FREE_ACCOUNT_NUMBER, value: sealed },
          { publisherId, key: SettingsKey.CASH_FREE_IFSC, value: dto.ifsc },
        ],
        { conflictPaths: ['publisherId', 'key'] },
      );
      outboxIds = await this.recordChange(m, actor, publisherId, {
        before,
        after: dto.accountNumber,
        ifsc: dto.ifsc,
      });
      return repo.findOneByOrFail({ id: inserted.identifiers[0].id as string });
    });
    await this.outbox.enqueue(outboxIds);
    return mapBeneficiary(saved, dto.accountNumber);
  }

  /** The account registered last, or null. */
  async latest(publisherId: string): Promise<BeneficiaryDto | null> {
    const row = await this.db
      .getRepository(BankBeneficiaryEntity)
      .findOne({ where: { publisherId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return row ? mapBeneficiary(row, this.cipher.decrypt(row.bankAccount)) : null;
  }
}
