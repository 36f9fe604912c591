import { API_PREFIX } from '@hearth/shared';
import type { ConsumerEntity } from '../consumer/consumer.entity.js';
import type { PickupLocationDto } from './dto/kitchen-address.dto.js';
import type {
  FileRefDto,
  PublisherDetailDto,
  PublisherReviewDto,
  TimeZoneDto,
} from './dto/publisher-detail.dto.js';
import type { PublisherSummaryDto } from './dto/publisher-summary.dto.js';
import type { PickupLocationEntity } from './pickup-location.entity.js';
import type { PublisherEntity } from './publisher.entity.js';

/** URL path of a public stored file, or null. */
export function fileUrl(key: string | null | undefined): string | null {
  return key ? `${API_PREFIX}/files/${key}` : null;
}

/** URL path a private file of a kitchen is served at (its owner and admins only). */
export function privateFileUrl(key: string): string {
  return `${API_PREFIX}/publisher/files/${key}`;
}

/** A stored file with the URL it is served at, public or private by its key. */
export function fileRef(key: string): FileRefDto {
  return { key, url: key.startsWith('private/') ? privateFileUrl(key) : (fileUrl(key) as string) };
}

/** The primary pickup location: the given one, else the loaded relation's. */
function primaryOf(p: PublisherEntity, primary?: PickupLocationEntity | null): PickupLocationEntity | null {
  return primary ?? p.pickupLocations?.find((l) => l.isPrimary) ?? null;
}

/** A kitchen for lists and cards; the city comes from its primary pickup location. */
export function mapPublisherSummary(
  p: PublisherEntity,
  primary?: PickupLocationEntity | null,
): PublisherSummaryDto {
  const place = primaryOf(p, primary);
  return {
    id: p.id,
    kitchenName: p.kitchenName,
    brandDisplayName: p.brandDisplayName ?? p.kitchenName,
    brandType: p.brandType,
    status: p.status,
    speciality: p.speciality,
    profileDescription: p.profileDescription,
    logo: fileUrl(p.logo),
    rating: { value: Number(p.ratingValue), count: p.ratingCount },
    city: place?.address.city ?? null,
    state: place?.address.state ?? null,
    country: place?.address.country ?? null,
    currencyCode: p.currencyCode,
    timeZoneId: p.timeZoneId,
  };
}

export function mapPickupLocation(l: PickupLocationEntity): PickupLocationDto {
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
    locality: a.locality,
    district: a.district,
    zipcode: a.zipcode,
    locationType: a.locationType,
    deliveryNote: a.deliveryNote,
    lat: a.lat === null ? null : Number(a.lat),
    lng: a.lng === null ? null : Number(a.lng),
    isUnderUse: a.isUnderUse,
  };
}

/** Pickup places, the kitchen's own address first, then in the order they were added. */
export function sortPickupLocations(locations: readonly PickupLocationEntity[]): PickupLocationEntity[] {
  return [...locations].sort(
    (a, b) =>
      Number(b.isPrimary) - Number(a.isPrimary) ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.id.localeCompare(b.id),
  );
}

export function mapTimeZone(p: PublisherEntity): TimeZoneDto | null {
  if (!p.timeZoneId) return null;
  return {
    timeZoneId: p.timeZoneId,
    timeZoneName: p.timeZoneName ?? p.timeZoneId,
    rawOffset: p.rawOffset ?? 0,
    dstOffset: p.dstOffset ?? 0,
  };
}

/** The kitchen in full (owner and admins): `p.pickupLocations` must be loaded. */
export function mapPublisherDetail(p: PublisherEntity): PublisherDetailDto {
  const locations = sortPickupLocations(p.pickupLocations ?? []);
  const primary = locations.find((l) => l.isPrimary) ?? null;
  return {
    id: p.id,
    kitchenName: p.kitchenName,
    storefrontPath: `/${p.kitchenName}`,
    brandDisplayName: p.brandDisplayName ?? p.kitchenName,
    brandType: p.brandType,
    status: p.status,
    statusReviewComments: p.statusReviewComments,
    speciality: p.speciality,
    profileDescription: p.profileDescription,
    logo: fileUrl(p.logo),
    profilePicLocation: fileUrl(p.profilePicLocation),
    kitchenPictures: p.kitchenPictures.map(fileRef),
    blockedPictures: (p.blockedPictures ?? []).map((b) => ({
      ...fileRef(b.key),
      reason: b.reason,
      blockedAt: b.blockedAt,
    })),
    identityPictures: p.identityPictures.map(fileRef),
    licensesAndCertifications: p.licensesAndCertifications.map(fileRef),
    phoneCountryCode: p.phoneCountryCode,
    phoneNumber: p.phoneNumber,
    fullPhoneNumber: p.fullPhoneNumber,
    whatsAppCountryCode: p.whatsAppCountryCode,
    whatsAppNumber: p.whatsAppNumber,
    fullWhatsAppNumber: p.fullWhatsAppNumber,
    acceptAgreement: p.acceptAgreement,
    rating: { value: Number(p.ratingValue), count: p.ratingCount },
    ordersServed: p.ordersServed,
    country: primary?.address.country ?? null,
    currencyCode: p.currencyCode,
    timeZone: mapTimeZone(p),
    location: primary ? mapPickupLocation(primary) : null,
    pickupLocations: locations.map(mapPickupLocation),
    userName: p.userName,
    userEmail: p.userEmail,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** A kitchen as an admin reviews it: `p.consumer` should be loaded (falls back to the kitchen's copy). */
export function mapPublisherReview(p: PublisherEntity, owner?: ConsumerEntity | null): PublisherReviewDto {
  const consumer = owner ?? p.consumer ?? null;
  return {
    ...mapPublisherSummary(p),
    owner: {
      consumerId: p.consumerId,
      name: consumer?.name ?? null,
      email: consumer?.userEmail ?? p.userEmail,
    },
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    statusReviewComments: p.statusReviewComments,
    fullPhoneNumber: p.fullPhoneNumber,
    fullWhatsAppNumber: p.fullWhatsAppNumber,
    acceptAgreement: p.acceptAgreement,
    identityPictures: p.identityPictures.map(fileRef),
    licensesAndCertifications: p.licensesAndCertifications.map(fileRef),
  };
}
