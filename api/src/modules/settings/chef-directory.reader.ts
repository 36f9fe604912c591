import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { Point, Repository } from 'typeorm';
import {
  DistanceUnit,
  isValidTimeZone,
  PublisherStatus,
  SettingsKey,
  StopOrdersType,
  type BrandType,
} from '@hearth/shared';
import { ChefSettingEntity } from './chef-setting.entity.js';
import { PickupLocationEntity } from '../publisher/pickup-location.entity.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';

/** What items, menus and the kitchen page need to know about a kitchen. */
export interface KitchenFacts {
  id: string;
  consumerId: string;
  kitchenName: string;
  brandDisplayName: string;
  brandType: BrandType;
  status: PublisherStatus;
  speciality: string | null;
  profileDescription: string | null;
  /** Storage key of the logo. */
  logo: string | null;
  /** Storage keys of the chef's portrait and kitchen pictures (public ones are shown on the kitchen page). */
  profilePicLocation: string | null;
  kitchenPictures: string[];
  /** Keys of the pictures an admin hid from the public. */
  blockedPictureKeys: string[];
  ordersServed: number;
  /** When the kitchen joined Hearth. */
  createdAt: Date;
  ratingValue: number;
  ratingCount: number;
  currencyCode: string;
  /** The chef's IANA zone (publisher column, else the TIME_ZONE setting), or null when unknown. */
  timeZone: string | null;
  geoLocation: Point | null;
}

/** A pickup location of a kitchen, primary first. */
export interface PickupPlace {
  id: string;
  isPrimary: boolean;
  name: string;
  address: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  country: string;
  zipcode: string | null;
  lat: number | null;
  lng: number | null;
}

/** Defaults a new menu takes from the chef's settings (spec §9 settings keys). */
export interface MenuDefaults {
  stopOrdersType: StopOrdersType;
  stopOrdersByDaysOrHours: number;
  deliveryRadius: string | null;
  deliveryFees: string | null;
  deliveryMeasurement: DistanceUnit | null;
  deliveryZipCodes: string[];
}

/**
 * Read-only view of kitchens (publisher, pickup_location, chef_setting) for the item, menu and kitchen
 * modules. It lives with the chef's settings, which it reads, and reads the publisher module's kitchen
 * and pickup-location rows (an allowed read, .dependency-cruiser.cjs) because that module offers no
 * service method for these facts yet; when it does (PublisherService.facts), this class should delegate
 * to it. It never writes.
 */
@Injectable()
export class ChefDirectoryReader {
  constructor(
    @InjectRepository(PublisherEntity) private readonly publishers: Repository<PublisherEntity>,
    @InjectRepository(PickupLocationEntity) private readonly locations: Repository<PickupLocationEntity>,
    @InjectRepository(ChefSettingEntity) private readonly settings: Repository<ChefSettingEntity>,
  ) {}

  /** A kitchen in any review state, or null. */
  async kitchen(publisherId: string): Promise<KitchenFacts | null> {
    if (!isUUID(publisherId)) return null;
    const publisher = await this.publishers.findOne({ where: { id: publisherId } });
    return publisher ? this.toFacts(publisher) : null;
  }

  /** An APPROVED kitchen by its id or its kitchen name (any case); pending, blocked and unknown give null. */
  async approvedKitchen(idOrName: string): Promise<KitchenFacts | null> {
    const query = this.publishers
      .createQueryBuilder('p')
      .where('p.status = :status', { status: PublisherStatus.APPROVED });
    if (isUUID(idOrName))
      query.andWhere('(p.id = :id OR lower(p.kitchenName) = lower(:name))', { id: idOrName, name: idOrName });
    else query.andWhere('lower(p.kitchenName) = lower(:name)', { name: idOrName });
    const publisher = await query.getOne();
    return publisher ? this.toFacts(publisher) : null;
  }

  /** Pickup locations of a kitchen, the primary one first. */
  async pickupPlaces(publisherId: string): Promise<PickupPlace[]> {
    const rows = await this.locations.find({
      where: { publisherId },
      order: { isPrimary: 'DESC', createdAt: 'ASC' },
    });
    return rows.map(toPlace);
  }

  /** One pickup location of the kitchen, or null when it is not theirs. */
  async pickupPlace(publisherId: string, id: string): Promise<PickupPlace | null> {
    if (!isUUID(id)) return null;
    const row = await this.locations.findOne({ where: { id, publisherId } });
    return row ? toPlace(row) : null;
  }

  /**
   * Menu defaults from the chef's settings: the order cut-off (PRE_ORDER_NUMBER + PRE_ORDER_DAYS_HOURS,
   * else 0 hours), RADIUS, DELIVERY_FEES, DELIVERY_MEASUREMENT and ZIPCODES. Values of an unexpected shape
   * are ignored rather than trusted.
   */
  async menuDefaults(publisherId: string): Promise<MenuDefaults> {
    const rows = await this.settings.find({ where: { publisherId } });
    const value = (key: SettingsKey) => rows.find((r) => r.key === key)?.value;
    const amount = Number(value(SettingsKey.PRE_ORDER_NUMBER));
    const unit = String(value(SettingsKey.PRE_ORDER_DAYS_HOURS) ?? '').toLowerCase();
    const radius = Number(value(SettingsKey.RADIUS));
    const fees = String(value(SettingsKey.DELIVERY_FEES) ?? '');
    const measurement = String(value(SettingsKey.DELIVERY_MEASUREMENT) ?? '').toLowerCase();
    const zips = value(SettingsKey.ZIPCODES);
    return {
      stopOrdersType: unit === 'days' ? StopOrdersType.DAYS : StopOrdersType.HOURS,
      stopOrdersByDaysOrHours: Number.isInteger(amount) && amount >= 0 && amount <= 10_000 ? amount : 0,
      deliveryRadius: Number.isFinite(radius) && radius > 0 ? String(radius) : null,
      deliveryFees: /^\d{1,10}(\.\d{1,2})?$/.test(fees) ? fees : null,
      deliveryMeasurement:
        measurement === DistanceUnit.KM
          ? DistanceUnit.KM
          : measurement === DistanceUnit.MILES
            ? DistanceUnit.MILES
            : null,
      deliveryZipCodes: Array.isArray(zips)
        ? zips.filter((z): z is string => typeof z === 'string' && z.trim() !== '').map((z) => z.trim())
        : [],
    };
  }

  private async toFacts(p: PublisherEntity): Promise<KitchenFacts> {
    return {
      id: p.id,
      consumerId: p.consumerId,
      kitchenName: p.kitchenName,
      brandDisplayName: p.brandDisplayName ?? p.kitchenName,
      brandType: p.brandType,
      status: p.status,
      speciality: p.speciality,
      profileDescription: p.profileDescription,
      logo: p.logo,
      profilePicLocation: p.profilePicLocation,
      kitchenPictures: p.kitchenPictures ?? [],
      blockedPictureKeys: (p.blockedPictures ?? []).map((b) => b.key),
      ordersServed: p.ordersServed,
      createdAt: p.createdAt,
      ratingValue: Number(p.ratingValue),
      ratingCount: p.ratingCount,
      currencyCode: p.currencyCode,
      timeZone: await this.timeZoneOf(p),
      geoLocation: p.geoLocation,
    };
  }

  private async timeZoneOf(p: PublisherEntity): Promise<string | null> {
    if (p.timeZoneId && isValidTimeZone(p.timeZoneId)) return p.timeZoneId;
    const setting = await this.settings.findOne({ where: { publisherId: p.id, key: SettingsKey.TIME_ZONE } });
    const value = setting?.value as { timeZoneId?: unknown } | string | undefined;
    const zone =
      typeof value === 'string' ? value : typeof value?.timeZoneId === 'string' ? value.timeZoneId : null;
    return zone && isValidTimeZone(zone) ? zone : null;
  }
}

function toPlace(l: PickupLocationEntity): PickupPlace {
  const a = l.address;
  return {
    id: l.id,
    isPrimary: l.isPrimary,
    name: a.name,
    address: a.address,
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2,
    city: a.city,
    state: a.state,
    country: a.country,
    zipcode: a.zipcode,
    lat: a.lat === null ? null : Number(a.lat),
    lng: a.lng === null ? null : Number(a.lng),
  };
}
