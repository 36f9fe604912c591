import sanitizeHtml from 'sanitize-html';

/**
 * A job description as it is stored: HTML written by admins with only plain formatting kept (paragraphs,
 * emphasis, lists, headings, quotes and http(s)/mailto links); scripts, styles, attributes and anything else
 * are dropped. The web sanitises again when it renders (web/app/lib/content/sanitize.server.ts).
 */
export function sanitizeJobDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
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
    ],
    allowedAttributes: { a: ['href', 'title'] },
    allowedSchemes: ['https', 'http', 'mailto'],
    disallowedTagsMode: 'discard',
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  }).trim();
}
