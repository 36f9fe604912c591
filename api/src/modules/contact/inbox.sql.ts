import type { EnquiryStatus } from '@hearth/shared';
import type { InboxKind } from './dto/inbox.dto.js';

/**
 * The words of a search (at most 8): letters, digits and the characters of an e-mail address; anything else
 * (tsquery operators, quotes) separates words, so no input can be a tsquery syntax error.
 */
export function searchTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}@._+-]+/gu) ?? [];
  return words
    .map((w) => w.replace(/^[._+-]+|[._+-]+$/g, ''))
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

/**
 * The condition "the row holds this word": a word prefix of its text (full-text, "hob" finds "Hoboken"), or
 * the start of its e-mail address (the text search keeps an address as one word, "sam-1@x.test", so a
 * part of one is found by its start). `param` adds a query parameter and answers its placeholder.
 */
export function termCondition(
  text: string,
  email: string,
  term: string,
  param: (value: unknown) => string,
): string {
  const like = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return `(${text} @@ to_tsquery('simple', ${param(`'${term}':*`)}) OR lower(${email}) LIKE ${param(like)})`;
}

export interface InboxFilter {
  type?: InboxKind;
  status?: EnquiryStatus;
  from?: string;
  to?: string;
  query?: string;
  timeZone: string;
  page: number;
  size: number;
}

/*
 * The three sources in one shape. The text expressions are exactly those of the GIN indexes of migration
 * 1795700000000 (an expression index serves only the same expression): change both together.
 */
const CONTACT_TEXT = `to_tsvector('simple', c.legal_name || ' ' || c.email || ' ' || c.message)`;
const ENQUIRY_TEXT = `to_tsvector('simple', coalesce(e.first_name, '') || ' ' || coalesce(e.last_name, '') || ' ' || e.email || ' ' || e.message)`;
const FEEDBACK_TEXT = `to_tsvector('simple', coalesce(f.name, '') || ' ' || coalesce(f.email, '') || ' ' || f.message)`;

const EMPTY = `SELECT NULL::text AS kind, NULL::uuid AS id, NULL::timestamptz AS created_at, NULL::text AS name,
  NULL::text AS email, NULL::text AS message, NULL::text AS status, NULL::text AS kitchen_name WHERE false`;

/**
 * The admin inbox as one SQL statement: contact messages, enquiries and feedback, filtered in each branch
 * (so each table's indexes serve its part), newest first, and the count of all pages.
 */
export function inboxSql(filter: InboxFilter): {
  sql: string;
  params: unknown[];
  countSql: string;
  countParams: unknown[];
} {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const terms = filter.query ? searchTerms(filter.query) : [];
  let tzParam: string | null = null;
  const tz = () => (tzParam ??= p(filter.timeZone));
  const common = (alias: string, text: string): string[] => {
    const where: string[] = [];
    if (filter.from)
      where.push(`${alias}.created_at >= (${p(filter.from)}::date)::timestamp AT TIME ZONE ${tz()}`);
    if (filter.to)
      where.push(`${alias}.created_at < (${p(filter.to)}::date + 1)::timestamp AT TIME ZONE ${tz()}`);
    if (filter.query) {
      if (terms.length === 0) where.push('false');
      for (const term of terms) where.push(termCondition(text, `${alias}.email`, term, p));
    }
    return where;
  };
  const branches: string[] = [];
  const wants = (kind: InboxKind) => !filter.type || filter.type === kind;
  if (wants('CONTACT')) {
    const where = common('c', CONTACT_TEXT);
    if (filter.status) where.push(`c.status = ${p(filter.status)}`);
    branches.push(
      `SELECT 'CONTACT' AS kind, c.id, c.created_at, c.legal_name AS name, c.email, c.message, c.status, NULL::text AS kitchen_name
         FROM contact_message c${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
    );
  }
  const enquiryKinds = (['ENQUIRY_GENERAL', 'ENQUIRY_TO_CHEF', 'ENQUIRY_FOR_PRICING'] as const).filter(wants);
  if (enquiryKinds.length) {
    const where = common('e', ENQUIRY_TEXT);
    if (enquiryKinds.length < 3) where.push(`e.enquiry_type = ANY(${p(enquiryKinds)})`);
    if (filter.status) where.push(`e.status = ${p(filter.status)}`);
    branches.push(
      `SELECT e.enquiry_type AS kind, e.id, e.created_at,
              nullif(concat_ws(' ', e.first_name, e.last_name), '') AS name, e.email, e.message, e.status,
              coalesce(nullif(pub.brand_display_name, ''), pub.kitchen_name) AS kitchen_name
         FROM enquiry e LEFT JOIN publisher pub ON pub.id = e.publisher_id${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
    );
  }
  // Feedback has no open/closed: a status filter leaves it out.
  if (wants('FEEDBACK') && !filter.status) {
    const where = common('f', FEEDBACK_TEXT);
    branches.push(
      `SELECT 'FEEDBACK' AS kind, f.id, f.created_at, f.name, f.email, f.message, NULL::text AS status, NULL::text AS kitchen_name
         FROM feedback f${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
    );
  }
  if (branches.length === 0) branches.push(EMPTY);
  const union = branches.join('\n UNION ALL \n');
  const countSql = `SELECT count(*)::int AS total FROM (${union}) inbox`;
  const countParams = [...params];
  const sql = `SELECT kind, id, created_at, name, email, left(message, 200) AS excerpt, status, kitchen_name
                 FROM (${union}) inbox
                ORDER BY created_at DESC, id DESC
                LIMIT ${p(filter.size)} OFFSET ${p(filter.page * filter.size)}`;
  return { sql, params, countSql, countParams };
}
