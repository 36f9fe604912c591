import type { components } from './openapi.gen';

/**
 * The API's request and response bodies by DTO name, generated from its OpenAPI document
 * (`api/openapi.json` → `openapi.gen.ts`): a field renamed in an API DTO is a type error here.
 */
export type Schemas = components['schemas'];
