import fc from 'fast-check';

/*
 * fast-check arbitraries driven by the OpenAPI document: values that fit a schema, and the hostile ones a
 * fuzzer sends instead (wrong types, huge strings, unicode, negative and huge numbers, NaN-ish strings,
 * missing required and extra fields).
 */

export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  example?: unknown;
  nullable?: boolean;
}

export type Components = Record<string, Schema>;

export function resolve(schema: Schema | undefined, components: Components, depth = 0): Schema {
  if (!schema || depth > 8) return {};
  if (schema.$ref) return resolve(components[schema.$ref.split('/').pop()!], components, depth + 1);
  if (schema.allOf) {
    const parts = schema.allOf.map((s) => resolve(s, components, depth + 1));
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  if (schema.oneOf ?? schema.anyOf) return resolve((schema.oneOf ?? schema.anyOf)![0], components, depth + 1);
  return schema;
}

/** Strings a parser should refuse politely. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'Infinity',
    '-Infinity',
    '-1',
    '0',
    '1e309',
    '-1e309',
    '9007199254740993',
    '0x1F',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '../../etc/passwd',
    '..%2F..%2F',
    '%00',
    '\u0000',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '2026-02-30',
    '9999-99-99',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '\u202e\u200b\ud83d\ude00',
    '\\\\server\\share',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1000, max: 120_000 }).map((n) => 'x'.repeat(n)),
  fc.uuid(),
);

/** Any JSON value of the wrong kind. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, -0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}),
  fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 5 }),
  fc.array(fc.constant('a'), { minLength: 1000, maxLength: 5000 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
);

/** A value that fits the schema (roughly: the fuzzer then breaks it). */
export function fitting(
  schema: Schema | undefined,
  components: Components,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  if (depth > 5) return fc.constant(null);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'string':
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === 'binary') return fc.constant('file');
      return fc.oneof(
        typeof s.example === 'string' ? fc.constant(s.example) : fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 12 }),
      );
    case 'number':
    case 'integer':
      return fc.integer({ min: s.minimum ?? 0, max: Math.min(s.maximum ?? 1000, 1000) });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fitting(s.items, components, depth + 1), { maxLength: 3 });
    case 'object':
    default: {
      if (!s.properties) return fc.constant({});
      const required = new Set(s.required ?? []);
      const entries = Object.entries(s.properties);
      return fc.record(Object.fromEntries(entries.map(([k, v]) => [k, fitting(v, components, depth + 1)])), {
        requiredKeys: entries.map(([k]) => k).filter((k) => required.has(k)),
      });
    }
  }
}

/** A body a hostile client might send for this schema: fitting, then broken in one or more ways. */
export function hostileBody(schema: Schema | undefined, components: Components): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  const base = fitting(s, components);
  const fields = Object.keys(s.properties ?? {});
  const broken =
    fields.length === 0
      ? base
      : fc
          .tuple(
            base,
            fc.constantFrom(...fields),
            nastyValue,
            fc.constantFrom('replace', 'delete', 'extra', 'nested'),
          )
          .map(([value, field, bad, how]) => {
            const o = { ...(value as Record<string, unknown>) };
            if (how === 'replace') o[field] = bad;
            else if (how === 'delete') delete o[field];
            else if (how === 'extra') o[`extra_${field}`] = bad;
            else o[field] = { [field]: bad };
            return o;
          });
  return fc.oneof(
    { weight: 1, arbitrary: base },
    { weight: 4, arbitrary: broken },
    { weight: 1, arbitrary: nastyValue },
  );
}
