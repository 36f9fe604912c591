import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '@hearth/shared';

/** Job descriptions are HTML written by admins; only plain formatting survives, no scripts or styles. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([t, a]) => [t, [...a]])),
    allowedSchemes: [...RICH_TEXT_SCHEMES],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}
