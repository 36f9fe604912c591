/** Shared class names, so every button and field looks and focuses the same. */
/**
 * These are component classes of tailwind.css (`.focus-ring`, `.btn-primary`, …, each the utilities it
 * names there): every link and button of a page carries one short name instead of a dozen utilities,
 * which keeps the pages' HTML small. Utilities added beside them still win (they come later in the CSS).
 */
export const focusRing = 'focus-ring';

export const buttonClass = {
  primary: 'btn-primary focus-ring',
  secondary: 'btn-secondary focus-ring',
  /** For the confirming step of something that cannot be undone (cancel, delete). */
  danger: 'btn-danger focus-ring',
  ghost: 'btn-ghost focus-ring',
} as const;

export const inputClass =
  'block w-full rounded-xl border border-cocoa-700/25 bg-white px-4 py-2.5 text-cocoa-900 placeholder:text-cocoa-500 shadow-sm transition focus:border-ember-700 focus:outline-none focus:ring-2 focus:ring-ember-700/30 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-red-700/20';

export const labelClass = 'mb-1.5 block text-sm font-semibold text-cocoa-800';

export const linkClass = 'link focus-ring';

/** Centered page column. */
export const container = 'mx-auto w-full max-w-6xl px-5 sm:px-8';
