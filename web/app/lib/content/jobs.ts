import type { Schemas } from '../api/schemas';

/** A job posting (spec §3), as `jobs` and `jobs/title/{title}` list it. */
export type Job = Schemas['JobDto'];
