/**
 * Page weight budgets, checked by page-weight.document.test.ts in `npm test`. JavaScript: each page's first
 * JavaScript (entry + root + its routes' modules and their static imports), gzipped, in KB (1,024 bytes).
 * The home page's is the product's target; the others are their size when the budgets were set plus a
 * margin, so that growth is a decision rather than an accident. Raise one only on purpose, and say why in
 * the commit; docs/benchmarks.md ("Page weight") has the numbers.
 */
export const JS_BUDGET_KB: Record<string, number> = {
  'routes/_home._index': 100,
  'routes/_default.kitchen.$id': 129,
  'routes/_default.$id': 129,
  'routes/_default.items.$itemId': 119,
  'routes/_default.l.find-items': 116,
  'routes/_default.l.find-chefs': 116,
  'routes/_default.resources.$page': 111,
};

/** Every other page. */
export const DEFAULT_JS_BUDGET_KB = 124;

/**
 * The home page's HTML, raw and gzipped, in KB, for an anonymous visitor and a page of eight kitchens and
 * twelve gallery dishes (the demo data's shape), rendered by the real server against a fake API.
 */
export const HOME_HTML_BUDGET_KB = { raw: 56, gzip: 9 };
