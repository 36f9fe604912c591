/**
 * Form text as typed, kept so that a failed submit shows it again, and the small conversions from that
 * text to the API's JSON. Only what cannot be sent at all is decided here; every other rule is the
 * API's, whose field errors appear beside the fields.
 */

/** What a form sent: one text per field, or every checked value of a checkbox group. */
export type FormValues = Record<string, string | string[]>;

/** Messages beside the fields, keyed by the input's name (`kitchenName`, `pricingOptions[1].chefPrice`). */
export type FieldErrors = Record<string, string>;

/** What an action returns when a form failed: the form it was, what was typed, and why it failed. */
export interface FormResult {
  intent: string;
  /** Which one of several forms of the same intent (a kitchen, a menu, an item id), when it matters. */
  target: string | null;
  values: FormValues | null;
  fieldErrors: FieldErrors;
  /** Problems not tied to one field (and the API's sentence when it named no field). */
  formErrors: string[];
}

/**
 * Reads every text entry of a form. Names in `multi` keep all their values (checkbox groups); other
 * names keep the first. Files are left out (they are never shown again).
 */
export function readValues(form: FormData, multi: readonly string[] = []): FormValues {
  const values: FormValues = {};
  const many = new Set(multi);
  for (const name of many) values[name] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    if (many.has(name)) (values[name] as string[]).push(value);
    else if (!(name in values)) values[name] = value;
  }
  return values;
}

/** The text of a field ('' when missing). */
export function textOf(values: FormValues | null | undefined, name: string): string {
  const value = values?.[name];
  if (Array.isArray(value)) return value[0] ?? '';
  return value ?? '';
}

/** The checked values of a checkbox group ([] when none). */
export function listOf(values: FormValues | null | undefined, name: string): string[] {
  const value = values?.[name];
  if (Array.isArray(value)) return value;
  return value ? [value] : [];
}

/** A checkbox is on. */
export function isOn(values: FormValues | null | undefined, name: string): boolean {
  const value = textOf(values, name);
  return value === 'on' || value === 'true';
}

/** Trimmed text, or undefined when empty (left out, so the API keeps or defaults it). */
export function optionalText(raw: string): string | undefined {
  const text = raw.trim();
  return text === '' ? undefined : text;
}

/** Trimmed text, or null when empty (clears a nullable field). */
export function nullableText(raw: string): string | null {
  return raw.trim() || null;
}

/**
 * A number when the text is one; the text itself when it is not (the API then says what it expects,
 * beside the field); undefined when empty.
 */
export function numberOrText(raw: string): number | string | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

/** Entries of a list typed in one box: zip codes or tags separated by commas, semicolons or new lines. */
export function splitList(raw: string, { spaces = false }: { spaces?: boolean } = {}): string[] {
  const separators = spaces ? /[\s,;]+/ : /[,;\n\r]+/;
  return raw
    .split(separators)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The opposite of {@link splitList}, for showing a saved list in its box. */
export function joinList(entries: readonly string[] | null | undefined): string {
  return (entries ?? []).join(', ');
}

/** A form that failed for a reason of its own (no API involved). */
export function localFailure(
  intent: string,
  target: string | null,
  values: FormValues | null,
  fieldErrors: FieldErrors,
  formErrors: string[] = [],
): FormResult {
  return { intent, target, values, fieldErrors, formErrors };
}

/** This action result belongs to the form of `intent` (and of `target`, when given). */
export function resultFor(
  result: FormResult | null | undefined,
  intent: string | readonly string[],
  target?: string | null,
): FormResult | undefined {
  if (!result) return undefined;
  const intents = typeof intent === 'string' ? [intent] : intent;
  if (!intents.includes(result.intent)) return undefined;
  if (target !== undefined && result.target !== target) return undefined;
  return result;
}
