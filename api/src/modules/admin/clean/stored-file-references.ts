/**
 * Every column that holds storage keys (ADR 014 lets a read model read other modules' tables): the admin's
 * clean treats a stored file as an orphan only when none of these refers to it. A new column that stores
 * keys must be added here, or the clean would take its files for orphans once they are a day old.
 */
export const STORAGE_KEY_COLUMNS = [
  { table: 'item', column: 'pictures', array: true },
  { table: 'rating', column: 'images', array: true },
  { table: 'publisher', column: 'profile_pic_location', array: false },
  { table: 'publisher', column: 'logo', array: false },
  { table: 'publisher', column: 'kitchen_pictures', array: true },
  { table: 'publisher', column: 'identity_pictures', array: true },
  { table: 'publisher', column: 'licenses_and_certifications', array: true },
  { table: 'enquiry', column: 'attachments', array: true },
  { table: 'enquiry', column: 'pictures', array: true },
  { table: 'job_application', column: 'resume_path', array: false },
  { table: 'menu_receipt', column: 'storage_key', array: false },
] as const;

/** One statement listing every referenced key: the columns above, and any string inside a chef's settings (FOOD_HANDLER_PERMIT). */
export const REFERENCED_KEYS_SQL = [
  ...STORAGE_KEY_COLUMNS.map(({ table, column, array }) =>
    array ? `SELECT unnest("${column}") AS key FROM "${table}"` : `SELECT "${column}" AS key FROM "${table}"`,
  ),
  `SELECT v #>> '{}' AS key FROM chef_setting, jsonb_path_query(value, 'strict $.** ? (@.type() == "string")') v`,
].join('\nUNION\n');

/** Files the demo seed writes (dish pictures, logos) are shared by many rows and never orphans. */
export const SEED_FILES_PREFIX = 'public/seed/';

const PICTURE_VARIANT = /^(.*\/)\d+\.webp$/;

/**
 * What a key stands for: a picture is stored at several widths (`public/items/<id>/400.webp`, `800.webp`,
 * `1600.webp`) and rows keep one of them, so the picture's folder stands for all its widths; any other key
 * stands for itself.
 */
export function referenceOf(key: string): string {
  const variant = PICTURE_VARIANT.exec(key);
  return variant ? variant[1] : key;
}
