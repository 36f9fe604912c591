import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  distanceUnitForCountry,
  fractionDigits,
  fromMinor,
  paymentMethodsFor,
  type PaymentMethod,
  ProblemType,
  Role,
  SettingsKey,
  StopOrdersType,
  toMinor,
  hasRole,
} from '@hearth/shared';
import { type Principal } from '../../common/http/principal.js';
import { badField, notFound, ProblemException } from '../../common/problem/problem.exception.js';
import type { KitchenAddressDto, PickupLocationDto } from '../publisher/dto/kitchen-address.dto.js';
import { PickupLocationService } from '../publisher/pickup-location.service.js';
import { PublisherFilesService } from '../publisher/publisher-files.service.js';
import { PublisherRegistrationService } from '../publisher/publisher-registration.service.js';
import { fileRef } from '../publisher/publisher.mapper.js';
import { PublisherService } from '../publisher/publisher.service.js';
import type { UploadedBlob } from '../storage/upload.service.js';
import { assertCashfreeCountry, assertRecentSignIn, BeneficiaryService } from './beneficiary.service.js';
import { chefKitchenId } from './chef-kitchen.js';
import { ChefSettingEntity } from './chef-setting.entity.js';
import { LocationCheckService } from '../subscription/location-check.service.js';
import type { SaveSettingsDto } from './dto/save-settings.dto.js';
import type { SettingsDto } from './dto/settings.dto.js';
import { defaultSettings, MAX_PRE_ORDER_DAYS, mergeStored, type StoredSettings } from './settings-values.js';

/**
 * A chef's settings (spec §9). Most are chef_setting rows; TIME_ZONE and PICKUP_LOCATIONS are the kitchen's
 * own columns and pickup places (read from the publisher module, which also mirrors them into rows), and
 * CASH_FREE is the bank account registered last. Chefs act on their own kitchen only; admins may read any.
 */
@Injectable()
export class SettingsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly publishers: PublisherService,
    private readonly registration: PublisherRegistrationService,
    private readonly pickups: PickupLocationService,
    private readonly files: PublisherFilesService,
    private readonly beneficiaries: BeneficiaryService,
    private readonly locationChecks: LocationCheckService,
  ) {}

  /** The caller's settings; an admin may name any kitchen, a chef naming another kitchen gets a 404. */
  async read(actor: Principal, publisherId?: string): Promise<SettingsDto> {
    if (publisherId && publisherId !== actor.publisherId) {
      if (!hasRole(actor, Role.ADMIN))
        throw notFound(`Kitchen ${publisherId} was not found.`, { publisherId });
      return this.settingsOf(publisherId);
    }
    return this.settingsOf(chefKitchenId(actor));
  }

  /**
   * A kitchen's settings with the defaults filled in, exactly as its chef sees them: for other modules
   * (menu defaults, delivery checks). Callers have checked the caller may read them.
   */
  ofKitchen(publisherId: string): Promise<SettingsDto> {
    return this.settingsOf(publisherId);
  }

  /** Changes the settings given, each checked by its own rule (the DTO) and together (the cut-off). */
  async save(actor: Principal, dto: SaveSettingsDto): Promise<SettingsDto> {
    const publisherId = chefKitchenId(actor);
    const given = Object.entries(dto).filter(([, value]) => value !== undefined);
    if (given.length === 0) {
      throw new ProblemException(HttpStatus.BAD_REQUEST, {
        type: ProblemType.VALIDATION,
        detail: 'Send at least one setting to change.',
        message: 'error.validation',
      });
    }
    const { kitchen, stored, currencyCode } = await this.storedOf(publisherId);
    const payoutChange = dto.CASH_FREE_ACCOUNT_NUMBER !== undefined || dto.CASH_FREE_IFSC !== undefined;
    if (payoutChange) {
      assertCashfreeCountry(kitchen.country);
      assertRecentSignIn(actor);
    }
    if (dto.PAYMENT_PREFERENCES) assertOfferable(dto.PAYMENT_PREFERENCES, kitchen.country);
    const cashMax = cashMaxOf(dto.CASH_MAX_ORDER_VALUE, currencyCode);
    const unit = dto.PRE_ORDER_DAYS_HOURS ?? stored.PRE_ORDER_DAYS_HOURS;
    const number = dto.PRE_ORDER_NUMBER ?? stored.PRE_ORDER_NUMBER;
    if (unit === StopOrdersType.DAYS && number > MAX_PRE_ORDER_DAYS) {
      throw badField(
        dto.PRE_ORDER_NUMBER !== undefined ? 'PRE_ORDER_NUMBER' : 'PRE_ORDER_DAYS_HOURS',
        `PRE_ORDER_NUMBER can be at most ${MAX_PRE_ORDER_DAYS} when PRE_ORDER_DAYS_HOURS is Days`,
      );
    }

    const values: Partial<StoredSettings> = {
      ZIPCODES: dto.ZIPCODES && [...new Set(dto.ZIPCODES)],
      RADIUS: dto.RADIUS,
      DELIVERY_FEES:
        dto.DELIVERY_FEES === undefined
          ? undefined
          : fromMinor(toMinor(dto.DELIVERY_FEES, currencyCode), currencyCode),
      DELIVERY_MEASUREMENT: dto.DELIVERY_MEASUREMENT,
      PRE_ORDER_NUMBER: dto.PRE_ORDER_NUMBER,
      PRE_ORDER_DAYS_HOURS: dto.PRE_ORDER_DAYS_HOURS,
      DEFAULT_FULFILLMENT: dto.DEFAULT_FULFILLMENT,
      PAYMENT_PREFERENCES: dto.PAYMENT_PREFERENCES,
      CASH_FREE_ACCOUNT_NUMBER:
        dto.CASH_FREE_ACCOUNT_NUMBER === undefined
          ? undefined
          : this.beneficiaries.seal(dto.CASH_FREE_ACCOUNT_NUMBER),
      CASH_FREE_IFSC: dto.CASH_FREE_IFSC,
      CASH_MAX_ORDER_VALUE: cashMax ?? undefined,
    };
    // An empty CASH_MAX_ORDER_VALUE removes the limit: the row goes, the default (null) reads back.
    if (cashMax === null)
      await this.db
        .getRepository(ChefSettingEntity)
        .delete({ publisherId, key: SettingsKey.CASH_MAX_ORDER_VALUE });
    if (payoutChange) {
      // A payout-account change: encrypted, audited in the same transaction, e-mailed to the chef (S-12).
      const outboxIds = await this.db.transaction(async (m) => {
        const before = await this.beneficiaries.currentAccount(m, publisherId);
        await this.write(publisherId, values, m);
        const after = dto.CASH_FREE_ACCOUNT_NUMBER ?? before;
        if (after === null) return [];
        return this.beneficiaries.recordChange(m, actor, publisherId, {
          before,
          after,
          ifsc: dto.CASH_FREE_IFSC ?? stored.CASH_FREE_IFSC,
        });
      });
      await this.beneficiaries.enqueueMail(outboxIds);
    } else await this.write(publisherId, values);
    if (dto.TIME_ZONE) await this.registration.setTimeZone(publisherId, dto.TIME_ZONE);
    // New zip codes may be where people asked to be told (location checks).
    if (dto.ZIPCODES) await this.locationChecks.kitchenDeliveryChanged(publisherId);
    return this.settingsOf(publisherId);
  }

  /** Stores the food handler permit (a private PDF or picture, checked by its bytes) and replaces the old one. */
  async uploadPermit(actor: Principal, file: UploadedBlob | undefined): Promise<SettingsDto> {
    const publisherId = chefKitchenId(actor);
    const key = await this.files.storePrivateDocument(publisherId, 'permits', file);
    const previous = await this.db
      .getRepository(ChefSettingEntity)
      .findOneBy({ publisherId, key: SettingsKey.FOOD_HANDLER_PERMIT });
    await this.write(publisherId, { FOOD_HANDLER_PERMIT: key });
    if (typeof previous?.value === 'string' && previous.value !== key)
      await this.files.deleteStored(publisherId, previous.value);
    return this.settingsOf(publisherId);
  }

  listPickupLocations(actor: Principal): Promise<PickupLocationDto[]> {
    return this.pickups.list(chefKitchenId(actor));
  }

  addPickupLocation(actor: Principal, dto: KitchenAddressDto): Promise<PickupLocationDto> {
    return this.pickups.add(chefKitchenId(actor), dto);
  }

  updatePickupLocation(actor: Principal, id: string, dto: KitchenAddressDto): Promise<PickupLocationDto> {
    return this.pickups.update(chefKitchenId(actor), id, dto);
  }

  removePickupLocation(actor: Principal, id: string): Promise<void> {
    return this.pickups.remove(chefKitchenId(actor), id);
  }

  private async storedOf(publisherId: string) {
    const kitchen = await this.publishers.detailById(publisherId);
    const rows = await this.db
      .getRepository(ChefSettingEntity)
      .find({ where: { publisherId }, select: { key: true, value: true } });
    const defaults = defaultSettings(distanceUnitForCountry(kitchen.country), kitchen.currencyCode);
    return {
      kitchen,
      stored: mergeStored(rows, defaults, kitchen.currencyCode),
      currencyCode: kitchen.currencyCode,
    };
  }

  private async settingsOf(publisherId: string): Promise<SettingsDto> {
    const { kitchen, stored } = await this.storedOf(publisherId);
    return {
      ...stored,
      CASH_FREE_ACCOUNT_NUMBER: this.beneficiaries.maskStored(stored.CASH_FREE_ACCOUNT_NUMBER),
      FOOD_HANDLER_PERMIT: stored.FOOD_HANDLER_PERMIT ? fileRef(stored.FOOD_HANDLER_PERMIT) : null,
      TIME_ZONE: kitchen.timeZone,
      PICKUP_LOCATIONS: kitchen.pickupLocations,
      CASH_FREE: await this.beneficiaries.latest(publisherId),
    };
  }

  private async write(
    publisherId: string,
    values: Partial<StoredSettings>,
    m: EntityManager = this.db.manager,
  ): Promise<void> {
    const rows = Object.entries(values)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => ({
        publisherId,
        key: key as SettingsKey,
        value: value as string | number | string[],
      }));
    if (rows.length === 0) return;
    await m.getRepository(ChefSettingEntity).upsert(rows, { conflictPaths: ['publisherId', 'key'] });
  }
}

/**
 * PAYMENT_PREFERENCES: the methods a kitchen in its country may offer (`paymentMethodsFor`); whether each is
 * ready (a Stripe account with charges enabled, a registered Cashfree beneficiary, the gateway configured) is
 * checkout's question, so a chef may choose card before finishing Stripe onboarding.
 */
function assertOfferable(methods: readonly PaymentMethod[], country: string | null): void {
  const allowed = paymentMethodsFor(country);
  const refused = methods.filter((m) => !allowed.includes(m));
  if (refused.length > 0)
    throw badField(
      'PAYMENT_PREFERENCES',
      `PAYMENT_PREFERENCES: ${refused.join(', ')} cannot be offered by a kitchen in ${country ?? 'this country'}; ` +
        `choose from ${allowed.join(', ')}`,
    );
}

/**
 * CASH_MAX_ORDER_VALUE as stored: a positive amount written with the currency's decimals, null for "no
 * limit" (an empty string), undefined when not sent.
 */
function cashMaxOf(value: string | undefined, currencyCode: string): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === '') return null;
  const digits = fractionDigits(currencyCode);
  const decimals = value.split('.')[1]?.length ?? 0;
  if (decimals > digits)
    throw badField(
      'CASH_MAX_ORDER_VALUE',
      `CASH_MAX_ORDER_VALUE must have at most ${digits} decimals in ${currencyCode}`,
    );
  const minor = toMinor(value, currencyCode);
  if (minor <= 0)
    throw badField('CASH_MAX_ORDER_VALUE', 'CASH_MAX_ORDER_VALUE must be more than 0, or empty for no limit');
  return fromMinor(minor, currencyCode);
}
