import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DEFAULTS, findCountry } from '@hearth/shared';
import type { AddressColumns } from '../../common/database/address.embedded.js';
import { conflict, notFound } from '../../common/problem/problem.exception.js';
import { AddressPlacerService, type Point } from '../geo/address-placer.service.js';
import type { KitchenAddressDto, PickupLocationDto } from './dto/kitchen-address.dto.js';
import { KitchenEventsService } from './kitchen-events.service.js';
import { syncKitchenLocation } from './kitchen-sync.js';
import { PickupLocationEntity } from './pickup-location.entity.js';
import { mapPickupLocation, sortPickupLocations } from './publisher.mapper.js';
import { PublisherCache } from './publisher.cache.js';

/** More would be a list nobody can choose from at checkout. */
export const MAX_PICKUP_LOCATIONS = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Column values of a validated kitchen address at its point; the one-line address is composed when not given. */
export function kitchenAddressColumns(
  dto: KitchenAddressDto,
  countryName: string,
  point: Pick<Point, 'lat' | 'lng'>,
): Omit<AddressColumns, 'location'> {
  const country = findCountry(dto.country)?.name ?? countryName;
  const line = [
    dto.addressLine1,
    dto.addressLine2,
    dto.city,
    [dto.state, dto.zipcode].filter(Boolean).join(' '),
    country,
  ]
    .filter((part) => part && String(part).trim())
    .join(', ');
  return {
    name: dto.name || 'Kitchen',
    address: dto.address || line,
    addressLine1: dto.addressLine1,
    addressLine2: dto.addressLine2 || null,
    city: dto.city,
    state: dto.state || null,
    country,
    locality: dto.locality || null,
    district: dto.district || null,
    zipcode: dto.zipcode,
    locationType: dto.locationType ?? '',
    deliveryNote: dto.deliveryNote || null,
    lat: point.lat.toFixed(6),
    lng: point.lng.toFixed(6),
    isUnderUse: dto.isUnderUse ?? true,
  };
}

/**
 * A kitchen's pickup places (settings PICKUP_LOCATIONS). The primary one is the kitchen's own address:
 * it cannot be deleted, and when it moves the kitchen's point and its items' points move with it.
 * Callers pass the kitchen id they have already checked the caller may change.
 */
@Injectable()
export class PickupLocationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cache: PublisherCache,
    private readonly placer: AddressPlacerService,
    private readonly events: KitchenEventsService,
  ) {}

  async list(publisherId: string): Promise<PickupLocationDto[]> {
    const rows = await this.db.getRepository(PickupLocationEntity).findBy({ publisherId });
    return sortPickupLocations(rows).map(mapPickupLocation);
  }

  async add(publisherId: string, dto: KitchenAddressDto): Promise<PickupLocationDto> {
    const saved = await this.db.transaction(async (m) => {
      const repo = m.getRepository(PickupLocationEntity);
      // Lock the kitchen's places so two concurrent adds cannot both pass the limit.
      const existing = await repo.find({ where: { publisherId }, lock: { mode: 'pessimistic_write' } });
      if (existing.length >= MAX_PICKUP_LOCATIONS) {
        throw conflict(
          `A kitchen can have at most ${MAX_PICKUP_LOCATIONS} pickup locations.`,
          'error.pickupLocations.limit',
        );
      }
      const country = existing.find((l) => l.isPrimary)?.address.country ?? DEFAULTS.country;
      const point = await this.placer.place({ ...dto, country: dto.country ?? country });
      const inserted = await repo.insert({
        publisherId,
        isPrimary: false,
        address: kitchenAddressColumns(dto, country, point),
      });
      await this.events.detailsChanged(m, publisherId);
      return repo.findOneByOrFail({ id: inserted.identifiers[0].id as string });
    });
    return mapPickupLocation(saved);
  }

  async update(publisherId: string, id: string, dto: KitchenAddressDto): Promise<PickupLocationDto> {
    const saved = await this.db.transaction(async (m) => {
      const row = await this.own(m, publisherId, id);
      const point = await this.placer.replace(
        { ...dto, country: dto.country ?? row.address.country },
        row.address,
      );
      await m
        .getRepository(PickupLocationEntity)
        .update({ id: row.id }, { address: kitchenAddressColumns(dto, row.address.country, point) });
      if (row.isPrimary) await syncKitchenLocation(m, publisherId, this.events);
      return m.getRepository(PickupLocationEntity).findOneByOrFail({ id: row.id });
    });
    if (saved.isPrimary) await this.cache.invalidate(publisherId);
    return mapPickupLocation(saved);
  }

  async remove(publisherId: string, id: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const row = await this.own(m, publisherId, id);
      if (row.isPrimary) {
        throw conflict(
          "This is the kitchen's own address (the primary pickup location); it cannot be deleted. Change it instead.",
          'error.pickupLocations.primary',
          { id },
        );
      }
      await m.getRepository(PickupLocationEntity).delete({ id: row.id });
      await this.events.detailsChanged(m, publisherId);
    });
  }

  /**
   * Creates or replaces the kitchen's own address inside the caller's transaction (registration,
   * `publisher/save`), then moves the kitchen's and its items' points. The caller invalidates the cache.
   * Errors name the fields as the nested `address.…` of those requests.
   */
  async writePrimary(
    m: EntityManager,
    publisherId: string,
    dto: KitchenAddressDto,
    countryName: string,
  ): Promise<void> {
    const repo = m.getRepository(PickupLocationEntity);
    const primary = await repo.findOneBy({ publisherId, isPrimary: true });
    const next = { ...dto, country: dto.country ?? countryName };
    const point = primary
      ? await this.placer.replace(next, primary.address, 'address.')
      : await this.placer.place(next, 'address.');
    const address = kitchenAddressColumns(dto, countryName, point);
    if (primary) await repo.update({ id: primary.id }, { address });
    else await repo.insert({ publisherId, isPrimary: true, address });
    await syncKitchenLocation(m, publisherId, this.events);
    await this.events.detailsChanged(m, publisherId);
  }

  // Another kitchen's place is reported exactly like a missing one, so ids cannot be probed.
  private async own(m: EntityManager, publisherId: string, id: string): Promise<PickupLocationEntity> {
    const row = UUID.test(id)
      ? await m.getRepository(PickupLocationEntity).findOneBy({ id, publisherId })
      : null;
    if (!row) throw notFound(`Pickup location ${id} was not found.`, { id });
    return row;
  }
}
