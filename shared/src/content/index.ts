/**
 * Rich text written by admins (job descriptions): the only markup kept — paragraphs, emphasis, lists,
 * headings, quotes and links to http(s)/mailto addresses. The API sanitises to this when it stores, the web
 * again when it renders; both with sanitize-html and these lists.
 */
export const RICH_TEXT_TAGS: readonly string[] = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'a',
  'blockquote',
];
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'title'] };
export const RICH_TEXT_SCHEMES: readonly string[] = ['https', 'http', 'mailto'];
