import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '@hearth/shared';

/**
 * A job description as it is stored: HTML written by admins with only the shared rich-text markup kept
 * (RICH_TEXT_TAGS); scripts, styles, other attributes and anything else are dropped. The web sanitises
 * again when it renders (web/app/lib/content/sanitize.server.ts).
 */
export function sanitizeJobDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([t, a]) => [t, [...a]])),
    allowedSchemes: [...RICH_TEXT_SCHEMES],
    disallowedTagsMode: 'discard',
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  }).trim();
}
