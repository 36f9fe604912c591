import { HttpStatus, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type Stripe from 'stripe';
import { findCountry, ProblemType } from '@hearth/shared';
import type { Env } from '../../../config/env.js';
import type { Principal } from '../../../common/http/principal.js';
import { conflict, ProblemException } from '../../../common/problem/problem.exception.js';
import { PublisherService } from '../../publisher/publisher.service.js';
import { assertRecentSignIn } from '../../settings/beneficiary.service.js';
import { chefKitchenId } from '../../settings/chef-kitchen.js';
import { PaymentGatewaysService } from '../gateways/payment-gateways.service.js';
import { PayoutAccountEntity, PayoutAccountGateway } from '../payout-account.entity.js';
import {
  StripeAccountState,
  type StripeAccountDto,
  type StripeOnboardingDto,
} from './dto/payout-account.dto.js';

/** Where Stripe's hosted onboarding sends the chef back (web routes under /l/settings). */
export const STRIPE_RETURN_PATH = '/l/settings/stripe-return';
export const STRIPE_REFRESH_PATH = '/l/settings?stripe=refresh#getting-paid';

const NOT_SET_UP: StripeAccountDto = {
  state: StripeAccountState.NOT_SET_UP,
  accountId: null,
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
};

export function stripeAccountDto(row: PayoutAccountEntity | null): StripeAccountDto {
  if (!row) return NOT_SET_UP;
  return {
    state: row.chargesEnabled ? StripeAccountState.ENABLED : StripeAccountState.ONBOARDING,
    accountId: row.accountId,
    chargesEnabled: row.chargesEnabled,
    payoutsEnabled: row.payoutsEnabled,
    detailsSubmitted: row.detailsSubmitted,
  };
}

/** A gateway that did not answer or answered with an error of its own: 502, with what it said. */
export function gatewayFailure(gateway: string, err: unknown): ProblemException {
  const said = err instanceof Error ? err.message : String(err);
  return new ProblemException(HttpStatus.BAD_GATEWAY, {
    type: ProblemType.SERVICE_UNAVAILABLE,
    title: 'Bad Gateway',
    detail: `${gateway} could not be reached or refused the request (${said}). Nothing was changed; try again in a minute.`,
    message: 'error.payment.gateway',
    params: { gateway },
  });
}

/** The flags Hearth keeps of a Stripe account. */
const flagsOf = (a: Stripe.Account) => ({
  chargesEnabled: a.charges_enabled === true,
  payoutsEnabled: a.payouts_enabled === true,
  detailsSubmitted: a.details_submitted === true,
});

/** Records what Stripe says of a connected account on the kitchen's row (none: not a kitchen's account). */
export async function recordStripeAccount(m: EntityManager, account: Stripe.Account): Promise<void> {
  await m.update(
    PayoutAccountEntity,
    { gateway: PayoutAccountGateway.STRIPE, accountId: account.id },
    flagsOf(account),
  );
}

/**
 * Stripe Connect Express for chefs (issue 15 item 1): `setup` creates the kitchen's connected account once
 * (Idempotency-Key = publisher id, so two clicks or a retry never make two) and hands out a fresh onboarding
 * link each time; `connect` reads the account back from Stripe when the chef returns; `account.updated`
 * events (StripeAccountListener) keep the row in step afterwards (Stripe may disable charges later, e.g. for missing documents).
 * Card payment is offered for a kitchen only while `charges_enabled` (checkout reads payout_account).
 */
@Injectable()
export class StripeConnectService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly gateways: PaymentGatewaysService,
    private readonly publishers: PublisherService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async status(actor: Principal): Promise<StripeAccountDto> {
    return stripeAccountDto(await this.row(this.db.manager, chefKitchenId(actor)));
  }

  async setup(actor: Principal): Promise<StripeOnboardingDto> {
    const publisherId = chefKitchenId(actor);
    const stripe = this.stripe();
    // Step-up (S-09), as for the Cashfree bank account: this decides where the kitchen's card money goes.
    assertRecentSignIn(actor);
    let row = await this.row(this.db.manager, publisherId);
    if (!row) {
      const kitchen = await this.publishers.detailById(publisherId);
      const country = findCountry(kitchen.country)?.code;
      if (!country || country === 'IN')
        throw conflict(
          `Card payments through Stripe are for kitchens outside India; kitchens in ${kitchen.country ?? 'an unknown country'} are paid through Cashfree.`,
          'error.payout.country',
          { country: kitchen.country },
        );
      let account: Stripe.Account;
      try {
        account = await stripe.accounts.create(
          {
            type: 'express',
            country,
            ...(actor.email ? { email: actor.email } : {}),
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            business_profile: { name: kitchen.kitchenName },
            metadata: { publisherId },
          },
          { idempotencyKey: `hearth-connect-${publisherId}` },
        );
      } catch (err) {
        throw gatewayFailure('Stripe', err);
      }
      // Two concurrent first clicks got the same account (same Idempotency-Key): one row either way.
      await this.db
        .createQueryBuilder()
        .insert()
        .into(PayoutAccountEntity)
        .values({
          publisherId,
          gateway: PayoutAccountGateway.STRIPE,
          accountId: account.id,
          ...flagsOf(account),
        })
        .orIgnore()
        .execute();
      row = (await this.row(this.db.manager, publisherId))!;
    }
    const web = this.config.get('WEB_ORIGIN', { infer: true });
    try {
      const link = await stripe.accountLinks.create({
        account: row.accountId,
        type: 'account_onboarding',
        return_url: `${web}${STRIPE_RETURN_PATH}`,
        refresh_url: `${web}${STRIPE_REFRESH_PATH}`,
      });
      return { account: stripeAccountDto(row), url: link.url };
    } catch (err) {
      throw gatewayFailure('Stripe', err);
    }
  }

  /** The chef came back from onboarding: what Stripe says now is recorded. */
  async connect(actor: Principal): Promise<StripeAccountDto> {
    const publisherId = chefKitchenId(actor);
    const stripe = this.stripe();
    const row = await this.row(this.db.manager, publisherId);
    if (!row)
      throw conflict(
        'Set up card payments with Stripe first (settings/setup-stripe-account); there is no Stripe account to connect yet.',
        'error.payout.stripe_not_set_up',
      );
    let account: Stripe.Account;
    try {
      account = await stripe.accounts.retrieve(row.accountId);
    } catch (err) {
      throw gatewayFailure('Stripe', err);
    }
    await recordStripeAccount(this.db.manager, account);
    return stripeAccountDto(await this.row(this.db.manager, publisherId));
  }

  private row(m: EntityManager, publisherId: string): Promise<PayoutAccountEntity | null> {
    return m
      .getRepository(PayoutAccountEntity)
      .findOneBy({ publisherId, gateway: PayoutAccountGateway.STRIPE });
  }

  private stripe(): Stripe {
    if (this.gateways.stripe) return this.gateways.stripe;
    throw conflict(
      'Card payments are not available on this Hearth: Stripe is not configured (STRIPE_SECRET_KEY).',
      'error.payment.gateway_unconfigured',
      { gateway: 'stripe' },
    );
  }
}
