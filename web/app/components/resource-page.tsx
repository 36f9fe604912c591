import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { RESOURCE_PAGES } from '~/content/resources';
import type { ResourcePage } from '~/content/resources';
import { container, focusRing } from './ui';

function RelatedPages({ page }: { page: ResourcePage }) {
  const related = RESOURCE_PAGES.filter((p) => p.group === page.group && p.slug !== page.slug);
  if (!related.length) return null;
  return (
    <nav aria-label={`More in ${page.group}`} className="rounded-3xl bg-white p-6 shadow-card">
      <h2 className="text-xs font-semibold uppercase tracking-[0.14em] text-ember-700">
        More in {page.group}
      </h2>
      <ul className="mt-4 space-y-1">
        {related.map((p) => (
          <li key={p.slug}>
            <Link
              to={`/resources/${p.slug}`}
              className={`block rounded-xl px-3 py-2 hover:bg-cream-100 ${focusRing}`}
            >
              <span className="font-semibold text-cocoa-900">{p.title}</span>
              <span className="mt-0.5 block text-sm text-cocoa-600">{p.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Frame of an informational page: a heading band, the prose, and a side column. */
export function ResourceArticle({ page, children }: { page: ResourcePage; children?: ReactNode }) {
  const { Content } = page;
  return (
    <article aria-labelledby="page-heading">
      <header className="border-b border-cocoa-700/10 bg-gradient-to-b from-ember-50 to-cream-100">
        <div className={`${container} py-12 md:py-16`}>
          <p className="text-xs font-semibold uppercase tracking-[0.16em] text-ember-700">{page.group}</p>
          <h1
            id="page-heading"
            className="mt-3 font-display text-4xl font-semibold tracking-tight text-cocoa-900 md:text-5xl"
          >
            {page.title}
          </h1>
        </div>
      </header>
      <div className={`${container} grid gap-12 py-12 md:grid-cols-[minmax(0,1fr)_20rem] md:py-16`}>
        <div className="prose-hearth max-w-3xl">
          <Content />
        </div>
        {children ? (
          <div>{children}</div>
        ) : (
          <aside>
            <RelatedPages page={page} />
          </aside>
        )}
      </div>
    </article>
  );
}
