import { createHash } from 'node:crypto';
import { DefaultNamingStrategy, type NamingStrategyInterface, type Table, type View } from 'typeorm';

/** PostgreSQL truncates identifiers longer than this many bytes. */
const MAX_IDENTIFIER_LENGTH = 63;

function snakeCase(value: string): string {
  return value
    .replace(/([A-Z])([A-Z])([a-z])/g, '$1_$2$3')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

function shortHash(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 8);
}

/** Keeps a readable name when it fits, otherwise cuts it and appends a hash so it stays unique. */
function fit(name: string): string {
  if (name.length <= MAX_IDENTIFIER_LENGTH) return name;
  return `${name.slice(0, MAX_IDENTIFIER_LENGTH - 9)}_${shortHash(name)}`;
}

function bareTableName(tableOrName: Table | View | string): string {
  const name = typeof tableOrName === 'string' ? tableOrName : tableOrName.name;
  return name.split('.').pop() as string;
}

/**
 * snake_case tables and columns, and readable constraint names (`pk_menu`, `fk_item_publisher_id`,
 * `idx_menu_status`, `uq_cart_consumer_id`, `chk_menu_status_<hash>`).
 *
 * A check constraint's name carries a hash of its expression: when an entity's allowed values change,
 * the name changes too, so `check-migrations` notices that a migration is missing (TypeORM compares
 * check constraints by name only).
 */
export class SnakeNamingStrategy extends DefaultNamingStrategy implements NamingStrategyInterface {
  override tableName(targetName: string, userSpecifiedName: string | undefined): string {
    return userSpecifiedName ?? snakeCase(targetName.replace(/Entity$/, ''));
  }

  override columnName(
    propertyName: string,
    customName: string | undefined,
    embeddedPrefixes: string[],
  ): string {
    return snakeCase([...embeddedPrefixes, customName || propertyName].join('_'));
  }

  override relationName(propertyName: string): string {
    return propertyName;
  }

  override joinColumnName(relationName: string, referencedColumnName: string): string {
    return snakeCase(`${relationName}_${referencedColumnName}`);
  }

  override joinTableName(firstTableName: string, secondTableName: string, firstPropertyName: string): string {
    return snakeCase(`${firstTableName}_${firstPropertyName.replaceAll('.', '_')}_${secondTableName}`);
  }

  override joinTableColumnName(tableName: string, propertyName: string, columnName?: string): string {
    return snakeCase(`${tableName}_${columnName ?? propertyName}`);
  }

  override primaryKeyName(tableOrName: Table | string): string {
    return fit(`pk_${bareTableName(tableOrName)}`);
  }

  override uniqueConstraintName(tableOrName: Table | string, columnNames: string[]): string {
    return fit(`uq_${bareTableName(tableOrName)}_${columnNames.join('_')}`);
  }

  override relationConstraintName(
    tableOrName: Table | string,
    columnNames: string[],
    where?: string,
  ): string {
    const suffix = where ? `_${shortHash(where)}` : '';
    return fit(`uq_${bareTableName(tableOrName)}_${columnNames.join('_')}${suffix}`);
  }

  override foreignKeyName(tableOrName: Table | string, columnNames: string[]): string {
    return fit(`fk_${bareTableName(tableOrName)}_${columnNames.join('_')}`);
  }

  override indexName(tableOrName: Table | View | string, columnNames: string[], where?: string): string {
    const suffix = where ? `_${shortHash(where)}` : '';
    return fit(`idx_${bareTableName(tableOrName)}_${columnNames.join('_')}${suffix}`);
  }

  override checkConstraintName(tableOrName: Table | string, expression: string, isEnum?: boolean): string {
    const column = /"([a-z0-9_]+)"/.exec(expression)?.[1] ?? 'expr';
    return fit(
      `chk_${bareTableName(tableOrName)}_${column}${isEnum ? '_enum' : ''}_${shortHash(expression)}`,
    );
  }

  override exclusionConstraintName(tableOrName: Table | string, expression: string): string {
    return fit(`xcl_${bareTableName(tableOrName)}_${shortHash(expression)}`);
  }
}
