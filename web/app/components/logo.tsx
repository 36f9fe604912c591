import { Link } from '@remix-run/react';
import { focusRing } from './ui';

/** The flame-in-a-pot mark; decorative, the word "Hearth" carries the name. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="#a33a1b" />
      <path
        d="M16.4 5.5c.6 3-1.4 4.6-2.7 6.3-1.2 1.6-1.8 3-1.2 4.9-1.4-.6-2.2-1.9-2.2-3.4-1.5 1.6-2.3 3.5-2.3 5.5h16c0-4.7-2.7-7.3-4.6-9.5-1.3-1.5-2.4-2.6-3-3.8Z"
        fill="#fbe6da"
      />
      <path d="M6 20.5h20l-1.7 5.2a2.5 2.5 0 0 1-2.4 1.8H10.1a2.5 2.5 0 0 1-2.4-1.8L6 20.5Z" fill="#fdf8ef" />
    </svg>
  );
}

/** The mark and the name, linking home; `tight` keeps only the mark below 400 px (the name stays for screen readers). */
export function Logo({ tone = 'dark', tight = false }: { tone?: 'dark' | 'light'; tight?: boolean }) {
  return (
    <Link
      to="/"
      className={`inline-flex items-center gap-2 rounded-lg font-display text-2xl font-semibold tracking-tight ${
        tone === 'dark' ? 'text-cocoa-900' : 'text-white'
      } ${focusRing}`}
    >
      <LogoMark />
      <span className={tight ? 'max-[399px]:sr-only' : ''}>Hearth</span>
    </Link>
  );
}
