import type { ReactNode } from 'react';
import type { ResourcePage } from '~/content/resources';
import { container } from './ui';

/** Frame of an informational page: a heading band, then the prose. */
export function ResourceArticle({ page, children }: { page: ResourcePage; children?: ReactNode }) {
  const { Content } = page;
  return (
    <article aria-labelledby="page-heading">
      <header className="border-b border-cocoa-700/10 bg-gradient-to-b from-ember-50 to-cream-100">
        <div className={`${container} py-12 md:py-16`}>
          <p className="text-xs font-semibold uppercase tracking-[0.16em] text-ember-700">{page.group}</p>
          <h1 id="page-heading" className="mt-3 font-display text-4xl font-semibold tracking-tight text-cocoa-900 md:text-5xl">
            {page.title}
          </h1>
        </div>
      </header>
      <div className={`${container} grid gap-12 py-12 md:grid-cols-[minmax(0,1fr)_20rem] md:py-16`}>
        <div className="prose-hearth max-w-3xl">
          <Content />
        </div>
        {children ? <div>{children}</div> : null}
      </div>
    </article>
  );
}
