import type { Schemas } from './api/schemas';

/** A chef as listed by `publisher/findByStatus` (the API's public chef summary). */
export type ChefSummary = Schemas['PublisherSummaryDto'];

/** A job posting (spec §3). */
export type Job = Schemas['JobDto'];
