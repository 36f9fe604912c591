/** Escapes text for an HTML e-mail body. */
export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The one layout of Hearth's transactional e-mails: a heading, the body (HTML) and the footer line. */
export function mailPage(title: string, body: string): string {
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px;margin:auto"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}<p style="color:#777;font-size:12px">Hearth — home chefs near you.</p></body></html>`;
}

/** Plain text kept as paragraphs in HTML: escaped, blank lines between paragraphs, single breaks kept. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
