import { randomBytes } from 'node:crypto';
import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { payoutGatewaysFor, ProblemType, SettingsKey } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { ProblemException } from '../../common/problem/problem.exception.js';
import { PublisherService } from '../publisher/publisher.service.js';
import { BankBeneficiaryEntity } from './bank-beneficiary.entity.js';
import { chefKitchenId } from './chef-kitchen.js';
import { ChefSettingEntity } from './chef-setting.entity.js';
import type { AddBeneficiaryDto, BeneficiaryDto } from './dto/beneficiary.dto.js';

const mapBeneficiary = (b: BankBeneficiaryEntity): BeneficiaryDto => ({
  beneId: b.beneId,
  name: b.name,
  email: b.email,
  phone: b.phone,
  bankAccount: b.bankAccount,
  ifsc: b.ifsc,
  address1: b.address1,
  city: b.city,
  state: b.state,
  pincode: b.pincode,
  registeredWithGateway: false,
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
 * A chef's bank account for Cashfree payouts (Indian kitchens only). Stored only: the gateway call (which
 * takes the beneficiary id chosen here) comes with the payments work, which will read the latest row.
 */
@Injectable()
export class BeneficiaryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly publishers: PublisherService,
  ) {}

  async add(actor: Principal, dto: AddBeneficiaryDto): Promise<BeneficiaryDto> {
    const publisherId = chefKitchenId(actor);
    assertCashfreeCountry((await this.publishers.detailById(publisherId)).country);
    const saved = await this.db.transaction(async (m) => {
      const repo = m.getRepository(BankBeneficiaryEntity);
      const inserted = await repo.insert({
        publisherId,
        // Cashfree lets the merchant choose the id: letters and digits, at most 50.
        beneId:
          `HEARTH${publisherId.replace(/-/g, '').slice(0, 12)}${randomBytes(6).toString('hex')}`.toUpperCase(),
        name: dto.name,
        email: dto.email,
        phone: dto.phone,
        bankAccount: dto.accountNumber,
        ifsc: dto.ifsc,
        address1: dto.address1,
        city: dto.city,
        state: dto.state,
        pincode: dto.pincode,
      });
      await m.getRepository(ChefSettingEntity).upsert(
        [
          { publisherId, key: SettingsKey.CASH_FREE_ACCOUNT_NUMBER, value: dto.accountNumber },
          { publisherId, key: SettingsKey.CASH_FREE_IFSC, value: dto.ifsc },
        ],
        { conflictPaths: ['publisherId', 'key'] },
      );
      return repo.findOneByOrFail({ id: inserted.identifiers[0].id as string });
    });
    return mapBeneficiary(saved);
  }

  /** The account registered last, or null. */
  async latest(publisherId: string): Promise<BeneficiaryDto | null> {
    const row = await this.db
      .getRepository(BankBeneficiaryEntity)
      .findOne({ where: { publisherId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return row ? mapBeneficiary(row) : null;
  }
}
