import {
  Column,
  CreateDateColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type ColumnOptions,
} from 'typeorm';

/**
 * Columns every table has: a uuid primary key made by `gen_random_uuid()` and audit timestamps.
 * Entities extend this class.
 */
export abstract class TimestampedEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * A numeric column default as TypeORM must declare it to match what PostgreSQL reports back:
 * whole numbers as numbers, decimals as raw SQL (PostgreSQL stores `DEFAULT 8.99` unquoted).
 */
export function numericDefault(value: string | number): number | (() => string) {
  const text = String(value);
  return /^-?\d+$/.test(text) ? Number(text) : () => text;
}

/**
 * Money: `numeric(12,2)`, read and written as a string so that no float ever touches an amount
 * ("8.99" stays "8.99"). Arithmetic happens in integer minor units in `@hearth/shared`.
 */
export function MoneyColumn(
  options: Omit<ColumnOptions, 'type' | 'precision' | 'scale' | 'default'> & { default?: string } = {},
): PropertyDecorator {
  const { default: defaultValue, ...rest } = options;
  return Column({
    type: 'numeric',
    precision: 12,
    scale: 2,
    ...(defaultValue === undefined ? {} : { default: numericDefault(defaultValue) }),
    ...rest,
  });
}

/** A share such as the platform fee (0.2 = 20 %): `numeric(5,4)`, read as a string. */
export function ShareColumn(
  options: Omit<ColumnOptions, 'type' | 'precision' | 'scale' | 'default'> & { default?: string } = {},
): PropertyDecorator {
  const { default: defaultValue, ...rest } = options;
  return Column({
    type: 'numeric',
    precision: 5,
    scale: 4,
    ...(defaultValue === undefined ? {} : { default: numericDefault(defaultValue) }),
    ...rest,
  });
}

/** A `text[]` column, empty by default unless a default is given. */
export function TextArrayColumn(
  options: Omit<ColumnOptions, 'type' | 'array' | 'default'> & { default?: readonly string[] } = {},
): PropertyDecorator {
  const { default: defaultValue = [], ...rest } = options;
  return Column({ type: 'text', array: true, default: textArrayDefault(defaultValue), ...rest });
}

/**
 * Default of a `text[]` column written the way PostgreSQL reports it back
 * (`'{"General Wellness"}'`, `'{VEG,ORGANIC}'`), so the schema check sees no difference.
 */
export function textArrayDefault(values: readonly string[]): () => string {
  const literal = values
    .map((v) => (/^[A-Za-z0-9_]+$/.test(v) ? v : `"${v.replaceAll('"', '\\"')}"`))
    .join(',');
  return () => `'{${literal.replaceAll("'", "''")}}'`;
}

/** SQL of a CHECK constraint allowing only the given values, e.g. `"status" IN ('DRAFT', 'PAUSE')`. */
export function inList(column: string, values: Record<string, string> | readonly string[]): string {
  const list = Array.isArray(values) ? values : Object.values(values);
  return `"${column}" IN (${list.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')})`;
}
