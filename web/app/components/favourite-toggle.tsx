import { useFetcher, useLocation } from '@remix-run/react';
import { useEffect } from 'react';
import { authHref } from '~/lib/session/auth';
import { useOptionalUser } from '~/lib/session/use-user';
import { useHydrated, useNotify } from './notifications';
import { focusRing } from './ui';

/** Where the toggle posts: the favourites page's action (see routes/_default.l.favs.tsx). */
export const FAVOURITES_ACTION = '/l/favs';

interface ToggleResult {
  ok: boolean;
  favourite?: boolean;
  /** What happened, said in the notification. */
  text?: string;
  error?: string;
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
      <path
        d="M10 17s-6.5-3.9-6.5-8.6A3.6 3.6 0 0 1 10 6.2a3.6 3.6 0 0 1 6.5 2.2C16.5 13.1 10 17 10 17z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Adds or removes a kitchen from the signed-in customer's favourites. A plain form post that comes back
 * to this page without JavaScript; with it, a fetcher updates the button in place (optimistically).
 * Guests get a link to sign in and come back here.
 */
export function FavouriteToggle({
  kitchenId,
  kitchenName,
  isFavourite,
  compact = false,
}: {
  kitchenId: string;
  kitchenName: string;
  isFavourite: boolean;
  compact?: boolean;
}) {
  const user = useOptionalUser();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const fetcher = useFetcher<ToggleResult>();
  const hydrated = useHydrated();
  const notify = useNotify();

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (!fetcher.data.ok && fetcher.data.error) notify({ kind: 'negative', text: fetcher.data.error });
    else if (fetcher.data.ok && fetcher.data.text) notify({ kind: 'positive', text: fetcher.data.text });
  }, [fetcher.state, fetcher.data, notify]);

  const base = `inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold transition ${focusRing}`;
  if (!user) {
    return (
      <a
        href={authHref('login', here)}
        aria-label={`Favourite: ${kitchenName} (sign in first)`}
        className={`${base} border-cocoa-700/20 bg-white text-cocoa-800 hover:border-ember-700`}
      >
        <Heart filled={false} />
        <span className={compact ? 'sr-only' : undefined}>Favourite</span>
      </a>
    );
  }

  // While the post is on its way (and while the page reloads its data after it), show where it is going.
  const pending = fetcher.formData?.get('intent');
  const failed = fetcher.state === 'idle' && fetcher.data?.ok === false;
  const favourite = typeof pending === 'string' && !failed ? pending === 'add' : isFavourite;
  // A toggle button keeps one name; aria-pressed says whether the kitchen is a favourite.
  return (
    <fetcher.Form method="post" action={FAVOURITES_ACTION} className="inline-flex">
      <input type="hidden" name="intent" value={favourite ? 'remove' : 'add'} />
      <input type="hidden" name="kitchenId" value={kitchenId} />
      <input type="hidden" name="kitchenName" value={kitchenName} />
      <input type="hidden" name="redirectTo" value={here} />
      {/* Only a script can take an answer in place; without one the action redirects back here. */}
      {hydrated ? <input type="hidden" name="inPlace" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={favourite}
        aria-label={`Favourite: ${kitchenName}`}
        className={`${base} ${
          favourite
            ? 'border-ember-700 bg-ember-700 text-white hover:bg-ember-800'
            : 'border-cocoa-700/20 bg-white text-cocoa-800 hover:border-ember-700 hover:text-ember-800'
        }`}
      >
        <Heart filled={favourite} />
        <span className={compact ? 'sr-only' : undefined}>Favourite</span>
      </button>
    </fetcher.Form>
  );
}
