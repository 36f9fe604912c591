import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApiDocument } from './write-openapi.js';

type Schema = {
  type?: string;
  $ref?: string;
  allOf?: unknown[];
  oneOf?: unknown[];
  enum?: unknown[];
  items?: Schema;
  properties?: object;
  additionalProperties?: unknown;
};

/** A property openapi-typescript can only type as `Record<string, never>` or `unknown[]`. */
function vague(property: Schema): boolean {
  if (property.$ref || property.allOf || property.oneOf || property.enum) return false;
  if (property.type === 'array') return !property.items || vague(property.items);
  if (property.type === 'object') return !property.properties && property.additionalProperties === undefined;
  return !property.type;
}

describe('the OpenAPI document', () => {
  let document: OpenAPIObject;

  beforeAll(async () => {
    const saved = { ...process.env };
    // Unreachable on purpose: preview mode instantiates no provider, so nothing connects.
    Object.assign(process.env, {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      REDIS_URL: 'redis://127.0.0.1:1',
      LOG_LEVEL: 'silent',
    });
    try {
      document = await buildOpenApiDocument();
    } finally {
      process.env = saved;
    }
  });

  it('is built from the code, without PostgreSQL or Redis', () => {
    expect(document.info.title).toBe('Hearth API');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/services/publisher/api/cart', '/services/publisher/api/kitchen/{id}']),
    );
  });

  it('types every property of every schema, so the web types are exact', () => {
    const vagueProperties = Object.entries(document.components?.schemas ?? {}).flatMap(([name, schema]) =>
      Object.entries((schema as Schema).properties ?? {})
        .filter(([, property]) => vague(property as Schema))
        .map(([property]) => `${name}.${property}`),
    );
    // A `string | null` (or any union, object literal or Record) needs `type` in its @ApiProperty.
    expect(vagueProperties).toEqual([]);
  });

  it('describes every JSON answer the web reads with a schema', () => {
    const untyped = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(
        item as Record<
          string,
          { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }
        >,
      )
        .filter(([, operation]) =>
          Object.entries(operation.responses ?? {}).some(
            ([status, r]) =>
              status.startsWith('2') &&
              r.content?.['application/json'] &&
              !r.content['application/json'].schema,
          ),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(untyped).toEqual([]);
  });
});
