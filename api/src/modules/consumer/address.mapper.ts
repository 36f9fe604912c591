import type { AddressColumns } from '../../common/database/address.embedded.js';
import type { AddressDto, AddressInputDto } from './dto/address.dto.js';

/** Response shape of a stored address. */
export function mapAddress(id: string, a: AddressColumns): AddressDto {
  return {
    id,
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

/** Column values from validated input; the one-line address is composed when not given. */
export function addressColumns(dto: AddressInputDto): Omit<AddressColumns, 'location'> {
  const line = [
    dto.addressLine1,
    dto.addressLine2,
    dto.city,
    [dto.state, dto.zipcode].filter(Boolean).join(' '),
    dto.country,
  ]
    .filter((part) => part && String(part).trim())
    .join(', ');
  return {
    name: dto.name,
    address: dto.address || line,
    addressLine1: dto.addressLine1,
    addressLine2: dto.addressLine2 || null,
    city: dto.city,
    state: dto.state || null,
    country: dto.country,
    locality: dto.locality || null,
    district: dto.district || null,
    zipcode: dto.zipcode || null,
    locationType: dto.locationType,
    deliveryNote: dto.deliveryNote || null,
    lat: dto.lat === null || dto.lat === undefined ? null : dto.lat.toFixed(6),
    lng: dto.lng === null || dto.lng === undefined ? null : dto.lng.toFixed(6),
    isUnderUse: dto.isUnderUse,
  };
}

/** Spec §5: the first saved location counts as the manual search location only when it is complete. */
export function isCompleteSearchLocation(a: AddressDto | undefined): a is AddressDto {
  return Boolean(a && a.city && a.state && a.country && a.zipcode);
}
