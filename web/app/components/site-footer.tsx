import { Link } from '@remix-run/react';
import { TAGLINE } from '@hearth/shared';
import { RESOURCE_GROUPS, RESOURCE_LINKS } from '~/content/resources/pages';
import { LogoMark } from './logo';
import { container, focusRing } from './ui';

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-cocoa-700/10 bg-cocoa-900 text-cream-100">
      <div className={`${container} grid gap-10 py-14 md:grid-cols-[1.3fr_repeat(4,1fr)]`}>
        <div className="max-w-xs">
          <div className="flex items-center gap-2 font-display text-2xl font-semibold text-white">
            <LogoMark />
            Hearth
          </div>
          <p className="mt-4 text-sm leading-relaxed text-cream-200/80">{TAGLINE}.</p>
        </div>
        {RESOURCE_GROUPS.map((group) => (
          <nav key={group} aria-label={group}>
            <h2 className="text-xs font-semibold uppercase tracking-[0.14em] text-ember-200">{group}</h2>
            <ul className="mt-4 space-y-2.5">
              {RESOURCE_LINKS.filter((p) => p.group === group).map((p) => (
                <li key={p.slug}>
                  <Link
                    to={`/resources/${p.slug}`}
                    className={`rounded-sm text-sm text-cream-100/90 hover:text-white hover:underline ${focusRing} focus-visible:outline-ember-200`}
                  >
                    {p.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <div
          className={`${container} flex flex-wrap items-center justify-between gap-3 py-6 text-xs text-cream-200/70`}
        >
          <p>© {new Date().getFullYear()} Hearth. Food made in real kitchens, by real people.</p>
          <Link
            to="/resources/feedback"
            className={`rounded-sm text-cream-100/90 hover:text-white hover:underline ${focusRing} focus-visible:outline-ember-200`}
          >
            Tell us what you think
          </Link>
        </div>
      </div>
    </footer>
  );
}
