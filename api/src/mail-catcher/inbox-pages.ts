import type { CaughtMail } from './mail-catcher.js';

const escape = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} — Hearth mail catcher</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1c1917}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #e7e5e4;vertical-align:top}
a{color:#9a3412}iframe{width:100%;height:32rem;border:1px solid #d6d3d1}pre{white-space:pre-wrap;background:#fafaf9;padding:.75rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}
button{font:inherit;padding:.4rem .8rem}
</style></head><body>${body}</body></html>`;

/** The inbox: newest first, optionally only one recipient's. */
export function inboxPage(mails: CaughtMail[], to: string): string {
  const rows = mails
    .map(
      (m) => `<tr><td>${escape(new Date(m.receivedAt).toLocaleString('en-GB'))}</td>
<td>${escape([...new Set([...m.envelopeTo, ...m.to])].join(', '))}</td>
<td><a href="/messages/${m.id}">${escape(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('\n');
  return page(
    'Inbox',
    `<h1>Mail catcher</h1>
<p>Every e-mail Hearth sent on this machine (kept in memory until the catcher stops). Nothing leaves it.</p>
<form method="get" action="/"><label>Recipient <input type="email" name="to" value="${escape(to)}"></label>
<button type="submit">Filter</button> <a href="/">All</a></form>
<p>${mails.length} e-mail${mails.length === 1 ? '' : 's'}</p>
<table><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>${rows}</tbody></table>`,
  );
}

/** One e-mail: its headers, links, the HTML in a sandboxed frame and the text. */
export function messagePage(mail: CaughtMail): string {
  const oneClick = /List-Unsubscribe=One-Click/.test(mail.headers['list-unsubscribe-post'] ?? '');
  const links = mail.links.map((l) => `<li><a href="${escape(l)}">${escape(l)}</a></li>`).join('');
  return page(
    mail.subject,
    `<p><a href="/">← Inbox</a></p>
<h1>${escape(mail.subject || '(no subject)')}</h1>
<dl><dt>From</dt><dd>${escape(mail.from)}</dd><dt>To</dt><dd>${escape(mail.to.join(', '))}</dd>
<dt>Received</dt><dd>${escape(mail.receivedAt)}</dd><dt>Message-ID</dt><dd>${escape(mail.messageId ?? '')}</dd>
${mail.headers['list-unsubscribe'] ? `<dt>List-Unsubscribe</dt><dd>${escape(mail.headers['list-unsubscribe'])}</dd>` : ''}
${mail.headers['list-unsubscribe-post'] ? `<dt>List-Unsubscribe-Post</dt><dd>${escape(mail.headers['list-unsubscribe-post'])}</dd>` : ''}
</dl>
${oneClick ? `<form method="post" action="/messages/${mail.id}/one-click"><p>A mail provider shows an “Unsubscribe” button for this e-mail (RFC 8058). <button type="submit">Unsubscribe with one click</button></p></form>` : ''}
${links ? `<h2>Links</h2><ul>${links}</ul>` : ''}
${mail.html ? `<h2>HTML</h2><iframe title="The e-mail as HTML" sandbox="" srcdoc="${escape(mail.html)}"></iframe>` : ''}
<h2>Text</h2><pre>${escape(mail.text)}</pre>`,
  );
}

export function oneClickResultPage(mail: CaughtMail, target: string, status: number): string {
  const ok = status >= 200 && status < 300;
  return page(
    'One-click unsubscribe',
    `<p><a href="/messages/${mail.id}">← The e-mail</a></p><h1>One-click unsubscribe</h1>
<p>POST <code>List-Unsubscribe=One-Click</code> to <code>${escape(target)}</code>: ${
      status === 0 ? 'the address could not be reached.' : `HTTP ${status}${ok ? ' — unsubscribed.' : '.'}`
    }</p>`,
  );
}
