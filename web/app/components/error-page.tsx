import { Link } from '@remix-run/react';
import { LOGOUT_ACTION } from '~/lib/session/auth';
import type { ErrorDescription } from '~/lib/ui/errors';
import { buttonClass, container } from './ui';

function explanation(status: number): string {
  if (status === 404)
    return 'The page you were looking for isn’t on the menu. It may have moved, or the link may be mistyped.';
  if (status === 403) return 'To open it, sign out and sign in with an account that has access.';
  return 'Something went wrong on our side. Please try again in a moment.';
}

export function ErrorPage({ status, message, detail }: ErrorDescription) {
  return (
    <section
      className={`${container} flex flex-col items-center py-20 text-center md:py-28`}
      aria-labelledby="error-heading"
    >
      <p className="font-display text-7xl font-semibold text-ember-700/90">{status}</p>
      <h1 id="error-heading" className="mt-4 font-display text-3xl font-semibold text-cocoa-900 sm:text-4xl">
        {message}
      </h1>
      {detail && detail !== message ? (
        // Paths may be long unbroken strings; sentences (403) wrap normally.
        <p
          className={`mt-3 text-cocoa-600 ${status === 403 ? 'max-w-xl text-lg text-cocoa-800' : 'break-all'}`}
        >
          {detail}
        </p>
      ) : null}
      <p className="mt-6 max-w-md text-cocoa-700">{explanation(status)}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass.primary}>
          Back to Hearth
        </Link>
        {status === 403 ? (
          // A plain form: the API ends the session and the provider's, then returns to the home page.
          <form method="post" action={LOGOUT_ACTION}>
            <button type="submit" className={buttonClass.secondary}>
              Sign out
            </button>
          </form>
        ) : (
          <Link to="/l/find-items" className={buttonClass.secondary}>
            Find food
          </Link>
        )}
      </div>
    </section>
  );
}
