import { fromMinor } from '@hearth/shared';

/** A line on a hosted checkout page. */
export interface PageLine {
  name: string;
  quantity: number;
  /** Line total in minor units. */
  amount: number;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** "12.50 USD" from minor units. */
export function money(minor: number, currency: string): string {
  return `${fromMinor(minor, currency.toUpperCase())} ${currency.toUpperCase()}`;
}

/**
 * The sandbox's page frame: plain server-rendered HTML, no script, every action a form, and the banner
 * that says no money moves.
 */
export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Test gateway</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
.banner{background:#fff3cd;border:2px solid #b58100;padding:.75rem 1rem;font-weight:700;border-radius:.5rem}
table{width:100%;border-collapse:collapse;margin:1rem 0}td,th{padding:.4rem;border-bottom:1px solid #ddd;text-align:left}
td.num,th.num{text-align:right}.actions{display:flex;gap:1rem;margin-top:1.5rem}
button{font-size:1.1rem;padding:.6rem 1.4rem;border-radius:.4rem;border:1px solid #555;cursor:pointer}
button.primary{background:#1a7f37;color:#fff;border-color:#1a7f37}.muted{color:#57606a}
</style>
</head>
<body>
<p class="banner" role="note">Test gateway — no money moves. This page stands in for a real payment gateway.</p>
${body}
</body>
</html>`;
}

/** A hosted checkout: merchant, lines, total, and the Pay / Decline forms. */
export function checkoutPage(opts: {
  gateway: string;
  merchant: string;
  reference: string;
  currency: string;
  lines: PageLine[];
  extraRows?: { label: string; amount: number }[];
  total: number;
  payAction: string;
  declineAction: string;
  notice?: string;
}): string {
  const rows = opts.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.name)}</td><td class="num">${l.quantity}</td><td class="num">${escapeHtml(money(l.amount, opts.currency))}</td></tr>`,
    )
    .join('\n');
  const extra = (opts.extraRows ?? [])
    .map(
      (r) =>
        `<tr><td colspan="2">${escapeHtml(r.label)}</td><td class="num">${escapeHtml(money(r.amount, opts.currency))}</td></tr>`,
    )
    .join('\n');
  return layout(
    `Pay ${opts.merchant}`,
    `<h1>${escapeHtml(opts.gateway)} checkout</h1>
<p>Pay <strong>${escapeHtml(opts.merchant)}</strong> <span class="muted">(reference ${escapeHtml(opts.reference)})</span></p>
${opts.notice ? `<p role="alert"><strong>${escapeHtml(opts.notice)}</strong></p>` : ''}
<table>
<thead><tr><th>Item</th><th class="num">Qty</th><th class="num">Amount</th></tr></thead>
<tbody>
${rows}
${extra}
</tbody>
<tfoot><tr><th colspan="2">Total</th><th class="num" data-testid="total">${escapeHtml(money(opts.total, opts.currency))}</th></tr></tfoot>
</table>
<div class="actions">
<form method="post" action="${escapeHtml(opts.payAction)}"><button class="primary" type="submit">Pay ${escapeHtml(money(opts.total, opts.currency))}</button></form>
<form method="post" action="${escapeHtml(opts.declineAction)}"><button type="submit">Decline</button></form>
</div>`,
  );
}

/** A page that only says something (an expired session, a finished payment). */
export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${
      link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''
    }`,
  );
}
