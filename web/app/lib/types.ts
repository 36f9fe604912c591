import type { BrandType } from '@hearth/shared';

/**
 * A chef as listed by `publisher/findByStatus` (the API's public chef summary).
 * TODO(shared): move to @hearth/shared once the API publishes its response DTO there.
 */
export interface ChefSummary {
  id: string | number;
  kitchenName: string;
  brandDisplayName: string | null;
  brandType: BrandType | string | null;
  speciality: string | null;
  profileDescription: string | null;
  /** URL path (same origin through the API proxy) or absolute URL; null when the chef has none. */
  logo: string | null;
  rating: { value: number; count: number } | null;
  city: string | null;
  state: string | null;
  country: string | null;
  currencyCode: string | null;
}

/** A job posting (spec §3). */
export interface Job {
  id: string | number;
  title: string;
  type: string | null;
  location: string | null;
  htmlDescription: string | null;
  status: string | null;
}
