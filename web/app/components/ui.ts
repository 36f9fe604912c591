/** Shared class names, so every button and field looks and focuses the same. */
export const focusRing =
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ember-700';

export const buttonClass = {
  primary: `inline-flex items-center justify-center gap-2 rounded-full bg-ember-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-ember-800 ${focusRing}`,
  secondary: `inline-flex items-center justify-center gap-2 rounded-full border border-cocoa-700/20 bg-white px-5 py-2.5 text-sm font-semibold text-cocoa-900 transition hover:border-ember-700 hover:text-ember-800 ${focusRing}`,
  /** For the confirming step of something that cannot be undone (cancel, delete). */
  danger: `inline-flex items-center justify-center gap-2 rounded-full bg-red-800 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-red-900 ${focusRing}`,
  ghost: `inline-flex items-center justify-center gap-2 rounded-full px-3 py-2 text-sm font-semibold text-cocoa-800 transition hover:bg-cream-200 ${focusRing}`,
} as const;

export const inputClass =
  'block w-full rounded-xl border border-cocoa-700/25 bg-white px-4 py-2.5 text-cocoa-900 placeholder:text-cocoa-500 shadow-sm transition focus:border-ember-700 focus:outline-none focus:ring-2 focus:ring-ember-700/30 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-red-700/20';

export const labelClass = 'mb-1.5 block text-sm font-semibold text-cocoa-800';

export const linkClass = `font-semibold text-ember-700 underline decoration-ember-300 underline-offset-4 hover:decoration-ember-700 rounded-sm ${focusRing}`;

/** Centered page column. */
export const container = 'mx-auto w-full max-w-6xl px-5 sm:px-8';
