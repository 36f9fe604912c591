import type { ReactNode } from 'react';
import type { SessionUser } from '~/lib/session/auth';
import { container } from './ui';

/** A signed-in page's frame: its title, who is signed in, then the page's own content. */
export function AccountPage({
  title,
  user,
  children,
}: {
  title: string;
  user: Pick<SessionUser, 'name' | 'email'>;
  children: ReactNode;
}) {
  return (
    <section className={`${container} max-w-4xl py-12 md:py-16`} aria-labelledby="account-page-heading">
      <h1
        id="account-page-heading"
        className="font-display text-4xl font-semibold tracking-tight text-cocoa-900"
      >
        {title}
      </h1>
      <p className="mt-2 text-cocoa-700">
        Signed in as <strong className="font-semibold text-cocoa-900">{user.name}</strong>
        {user.email && user.email !== user.name ? <span> ({user.email})</span> : null}
      </p>
      <div className="mt-8">{children}</div>
    </section>
  );
}

/** The honest state of a page whose content arrives later: one sentence, no made-up data. */
export function ComingSoon({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-3xl bg-white p-6 text-lg leading-relaxed text-cocoa-800 shadow-card">{children}</p>
  );
}
