import { API_PREFIX } from '@hearth/shared';
import type { PublisherSummaryDto } from './dto/publisher-summary.dto.js';
import type { PickupLocationEntity } from './pickup-location.entity.js';
import type { PublisherEntity } from './publisher.entity.js';

/** URL path of a public stored file, or null. */
export function fileUrl(key: string | null | undefined): string | null {
  return key ? `${API_PREFIX}/files/${key}` : null;
}

/** A kitchen for lists and cards; the city comes from its primary pickup location. */
export function mapPublisherSummary(p: PublisherEntity, primary?: PickupLocationEntity | null): PublisherSummaryDto {
  const place = primary ?? p.pickupLocations?.find((l) => l.isPrimary) ?? null;
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
