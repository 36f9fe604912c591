import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { BrandType, findCountry, ProblemType, PublisherStatus, Role, type Country } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { badField, conflict, notFound, ProblemException } from '../../common/problem/problem.exception.js';
import type { PublisherDetailDto } from './dto/publisher-detail.dto.js';
import type { RegisterPublisherDto, SavePublisherDto } from './dto/register-publisher.dto.js';
import { KitchenEventsService } from './kitchen-events.service.js';
import { PickupLocationEntity } from './pickup-location.entity.js';
import { PickupLocationService } from './pickup-location.service.js';
import { PublisherCache } from './publisher.cache.js';
import { PublisherEntity } from './publisher.entity.js';
import { PublisherService } from './publisher.service.js';
import { canonicalTimeZone, timeZoneInfo } from './time-zone-info.js';

/** E.164: at most 15 digits including the country code. */
const MAX_PHONE_DIGITS = 15;

const nameTaken = (kitchenName: string) =>
  new ProblemException(HttpStatus.CONFLICT, {
    type: ProblemType.CONFLICT,
    detail: `The kitchen name "${kitchenName}" is taken; choose another.`,
    message: 'error.kitchenName.taken',
    params: { kitchenName },
    fieldErrors: [{ field: 'kitchenName', message: `kitchenName "${kitchenName}" is taken; choose another` }],
  });

const alreadyRegistered = (kitchenName?: string) =>
  conflict(
    kitchenName
      ? `You already have a kitchen ("${kitchenName}"); one kitchen per account.`
      : 'You already have a kitchen; one kitchen per account.',
    'error.publisher.exists',
  );

/** Chef sign-up and the owner's changes to their kitchen. */
@Injectable()
export class PublisherRegistrationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly publishers: PublisherService,
    private readonly pickups: PickupLocationService,
    private readonly cache: PublisherCache,
    private readonly events: KitchenEventsService,
  ) {}

  /** Creates the caller's kitchen, PENDING until an admin reviews it; one kitchen per consumer. */
  async register(actor: Principal, dto: RegisterPublisherDto): Promise<PublisherDetailDto> {
    const country = findCountry(dto.country) as Country;
    this.checkAddressCountry(dto.address.country, country);
    const phone = fullNumber('phoneNumber', dto.phoneCountryCode ?? country.phoneCode, dto.phoneNumber);
    const whatsApp = dto.whatsAppNumber
      ? fullNumber('whatsAppNumber', dto.whatsAppCountryCode ?? country.phoneCode, dto.whatsAppNumber)
      : null;
    const zone = timeZoneInfo(canonicalTimeZone(dto.timeZone) as string);

    const id = await this.withUniqueness(dto.kitchenName, (m) =>
      m.transaction(async (tx) => {
        const repo = tx.getRepository(PublisherEntity);
        const existing = await repo.findOneBy({ consumerId: actor.consumerId });
        if (existing) throw alreadyRegistered(existing.kitchenName);
        await this.refuseTakenName(tx, dto.kitchenName);
        const inserted = await repo.insert({
          consumerId: actor.consumerId,
          userName: actor.userName ?? actor.email,
          userEmail: actor.email,
          kitchenName: dto.kitchenName,
          brandDisplayName: dto.brandDisplayName,
          brandType: dto.brandType ?? BrandType.HOME_KITCHEN,
          status: PublisherStatus.PENDING,
          role: Role.CHEF,
          speciality: dto.speciality || null,
          profileDescription: dto.profileDescription || null,
          phoneCountryCode: phone.code,
          phoneNumber: phone.number,
          fullPhoneNumber: phone.full,
          whatsAppCountryCode: whatsApp?.code ?? null,
          whatsAppNumber: whatsApp?.number ?? null,
          fullWhatsAppNumber: whatsApp?.full ?? null,
          acceptAgreement: true,
          currencyCode: country.currencyCode,
          timeZoneId: zone.timeZoneId,
          timeZoneName: zone.timeZoneName,
          rawOffset: zone.rawOffset,
          dstOffset: zone.dstOffset,
        });
        const publisherId = inserted.identifiers[0].id as string;
        await this.pickups.writePrimary(tx, publisherId, dto.address, country.name);
        return publisherId;
      }),
    );
    return this.publishers.detailById(id);
  }

  /**
   * The owner changes their kitchen, in any state (a pending chef fixes what the admin asked for).
   * Omitted fields stay; the country (and so the currency) of an approved kitchen cannot change.
   */
  async save(actor: Principal, dto: SavePublisherDto): Promise<PublisherDetailDto> {
    const own = await this.publishers.ownedBy(actor.consumerId);
    if (!own) throw notFound('You have not registered a kitchen yet.');
    await this.withUniqueness(dto.kitchenName ?? own.kitchenName, (m) =>
      m.transaction(async (tx) => {
        const repo = tx.getRepository(PublisherEntity);
        const current = await repo.findOne({ where: { id: own.id }, lock: { mode: 'pessimistic_write' } });
        if (!current) throw notFound('You have not registered a kitchen yet.');
        const primary = await tx
          .getRepository(PickupLocationEntity)
          .findOneBy({ publisherId: current.id, isPrimary: true });
        const currentCountry = findCountry(primary?.address.country) ?? (findCountry('US') as Country);
        const country = dto.country ? (findCountry(dto.country) as Country) : currentCountry;
        const changes: Partial<Omit<PublisherEntity, 'consumer' | 'pickupLocations'>> = {};

        if (country.code !== currentCountry.code) {
          if (current.status === PublisherStatus.APPROVED) {
            throw conflict(
              `An approved kitchen cannot move to another country (its prices are in ${current.currencyCode}). Contact support.`,
              'error.publisher.country',
            );
          }
          if (!dto.address) throw badField('address', 'address is required when the country changes');
          changes.currencyCode = country.currencyCode;
        }
        if (dto.address) this.checkAddressCountry(dto.address.country, country);

        if (dto.kitchenName && dto.kitchenName !== current.kitchenName) {
          if (dto.kitchenName.toLowerCase() !== current.kitchenName.toLowerCase())
            await this.refuseTakenName(tx, dto.kitchenName);
          changes.kitchenName = dto.kitchenName;
        }
        if (dto.brandDisplayName) changes.brandDisplayName = dto.brandDisplayName;
        if (dto.brandType) changes.brandType = dto.brandType;
        if (dto.speciality !== undefined) changes.speciality = dto.speciality || null;
        if (dto.profileDescription !== undefined) changes.profileDescription = dto.profileDescription || null;
        if (dto.phoneNumber || dto.phoneCountryCode) {
          const number = dto.phoneNumber ?? current.phoneNumber;
          if (!number) throw badField('phoneNumber', 'phoneNumber is required');
          const phone = fullNumber(
            'phoneNumber',
            dto.phoneCountryCode ?? current.phoneCountryCode ?? country.phoneCode,
            number,
          );
          Object.assign(changes, {
            phoneCountryCode: phone.code,
            phoneNumber: phone.number,
            fullPhoneNumber: phone.full,
          });
        }
        if (dto.whatsAppNumber === null || dto.whatsAppNumber === '') {
          Object.assign(changes, {
            whatsAppCountryCode: null,
            whatsAppNumber: null,
            fullWhatsAppNumber: null,
          });
        } else if (dto.whatsAppNumber || dto.whatsAppCountryCode) {
          const number = dto.whatsAppNumber ?? current.whatsAppNumber;
          if (!number)
            throw badField('whatsAppNumber', 'whatsAppNumber is required with whatsAppCountryCode');
          const code = dto.whatsAppCountryCode ?? current.whatsAppCountryCode ?? country.phoneCode;
          const whatsApp = fullNumber('whatsAppNumber', code, number);
          Object.assign(changes, {
            whatsAppCountryCode: whatsApp.code,
            whatsAppNumber: whatsApp.number,
            fullWhatsAppNumber: whatsApp.full,
          });
        }
        if (dto.timeZone) {
          const zone = timeZoneInfo(canonicalTimeZone(dto.timeZone) as string);
          Object.assign(changes, {
            timeZoneId: zone.timeZoneId,
            timeZoneName: zone.timeZoneName,
            rawOffset: zone.rawOffset,
            dstOffset: zone.dstOffset,
          });
        }

        if (Object.keys(changes).length > 0) await repo.update({ id: current.id }, changes);
        if (dto.address) await this.pickups.writePrimary(tx, current.id, dto.address, country.name);
        else if (dto.timeZone) await this.events.detailsChanged(tx, current.id);
      }),
    );
    await this.cache.invalidate(own.id);
    return this.publishers.detailById(own.id);
  }

  /** Sets a kitchen's time zone (settings TIME_ZONE); returns the canonical zone id. */
  async setTimeZone(publisherId: string, timeZone: string): Promise<string> {
    const canonical = canonicalTimeZone(timeZone);
    if (!canonical)
      throw badField('TIME_ZONE', 'TIME_ZONE must be an IANA time zone such as America/New_York');
    const zone = timeZoneInfo(canonical);
    await this.db.transaction(async (tx) => {
      await tx.getRepository(PublisherEntity).update(
        { id: publisherId },
        {
          timeZoneId: zone.timeZoneId,
          timeZoneName: zone.timeZoneName,
          rawOffset: zone.rawOffset,
          dstOffset: zone.dstOffset,
        },
      );
      await this.events.detailsChanged(tx, publisherId);
    });
    await this.cache.invalidate(publisherId);
    return canonical;
  }

  private checkAddressCountry(given: string | undefined, country: Country): void {
    if (given && findCountry(given)?.code !== country.code) {
      throw badField('address.country', `address.country must be the kitchen's country (${country.name})`);
    }
  }

  private async refuseTakenName(m: EntityManager, kitchenName: string): Promise<void> {
    const taken = await m
      .getRepository(PublisherEntity)
      .createQueryBuilder('p')
      .where('lower(p.kitchenName) = lower(:kitchenName)', { kitchenName })
      .getExists();
    if (taken) throw nameTaken(kitchenName);
  }

  /** Runs `work`; a race lost on the unique kitchen name or owner becomes the same 409 as the checks give. */
  private async withUniqueness<T>(kitchenName: string, work: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await work(this.db.manager);
    } catch (error) {
      const constraint =
        error instanceof QueryFailedError
          ? (error.driverError as { code?: string; constraint?: string })
          : undefined;
      if (constraint?.code === '23505' && constraint.constraint === 'uq_publisher_kitchen_name_lower')
        throw nameTaken(kitchenName);
      if (constraint?.code === '23505' && constraint.constraint === 'uq_publisher_consumer_id')
        throw alreadyRegistered();
      throw error;
    }
  }
}

/** A phone number with its country code: `+1` and `2015550123` → `+12015550123`. */
function fullNumber(
  field: string,
  code: string,
  number: string,
): { code: string; number: string; full: string } {
  const digits = code.replace(/\D/g, '').length + number.length;
  if (digits > MAX_PHONE_DIGITS)
    throw badField(field, `${field} with its country code must be at most ${MAX_PHONE_DIGITS} digits`);
  return { code, number, full: `${code}${number}` };
}
