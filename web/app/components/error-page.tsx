import { Link } from '@remix-run/react';
import type { ErrorDescription } from '~/lib/errors';
import { buttonClass, container } from './ui';

export function ErrorPage({ status, message, detail }: ErrorDescription) {
  return (
    <section className={`${container} flex flex-col items-center py-20 text-center md:py-28`} aria-labelledby="error-heading">
      <p className="font-display text-7xl font-semibold text-ember-700/90">{status}</p>
      <h1 id="error-heading" className="mt-4 font-display text-3xl font-semibold text-cocoa-900 sm:text-4xl">
        {message}
      </h1>
      {detail && detail !== message ? <p className="mt-3 break-all text-cocoa-600">{detail}</p> : null}
      <p className="mt-6 max-w-md text-cocoa-700">
        {status === 404
          ? 'The page you were looking for isn’t on the menu. It may have moved, or the link may be mistyped.'
          : 'Something went wrong on our side. Please try again in a moment.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass.primary}>
          Back to Hearth
        </Link>
        <Link to="/l/find-items" className={buttonClass.secondary}>
          Find food
        </Link>
      </div>
    </section>
  );
}
