import { useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useId } from 'react';
import { COUNTRIES } from '@hearth/shared';
import { useOptionalUser } from '~/lib/session/use-user';
import { useHydrated, useNotify } from './notifications';
import { buttonClass, focusRing, inputClass, labelClass } from './ui';

/** Where these forms post: the resource route routes/_default.l.follow.ts. */
export const FOLLOW_ACTION = '/l/follow';

interface FollowResult {
  ok: boolean;
  following?: boolean;
  text?: string;
  error?: string;
}

/** Shows the answer of a fetcher post as a notification (with JavaScript; without it the toast comes with the redirect). */
function useAnswer(fetcher: ReturnType<typeof useFetcher<FollowResult>>) {
  const notify = useNotify();
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (!fetcher.data.ok && fetcher.data.error) notify({ kind: 'negative', text: fetcher.data.error });
    else if (fetcher.data.ok && fetcher.data.text) notify({ kind: 'positive', text: fetcher.data.text });
  }, [fetcher.state, fetcher.data, notify]);
}

function Hidden({ here, hydrated }: { here: string; hydrated: boolean }) {
  return (
    <>
      <input type="hidden" name="redirectTo" value={here} />
      {/* Only a script can take an answer in place; without one the action redirects back here. */}
      {hydrated ? <input type="hidden" name="inPlace" value="1" /> : null}
    </>
  );
}

/** Follow / Following for a signed-in customer (a toggle button: the kitchen's new menus come by e-mail); nothing for guests. */
export function FollowToggle({
  kitchenId,
  kitchenName,
  isFollowing,
}: {
  kitchenId: string;
  kitchenName: string;
  isFollowing: boolean;
}) {
  const user = useOptionalUser();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const fetcher = useFetcher<FollowResult>();
  const hydrated = useHydrated();
  useAnswer(fetcher);
  if (!user) return null;

  const pending = fetcher.formData?.get('intent');
  const failed = fetcher.state === 'idle' && fetcher.data?.ok === false;
  const following = typeof pending === 'string' && !failed ? pending === 'follow' : isFollowing;
  return (
    <fetcher.Form method="post" action={FOLLOW_ACTION} className="inline-flex">
      <input type="hidden" name="intent" value={following ? 'unfollow' : 'follow'} />
      <input type="hidden" name="kitchenId" value={kitchenId} />
      <input type="hidden" name="kitchenName" value={kitchenName} />
      <Hidden here={here} hydrated={hydrated} />
      <button
        type="submit"
        aria-pressed={following}
        aria-label={`Follow: ${kitchenName}`}
        className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold transition ${focusRing} ${
          following
            ? 'border-cocoa-800 bg-cocoa-800 text-white hover:bg-cocoa-900'
            : 'border-cocoa-700/20 bg-white text-cocoa-800 hover:border-ember-700 hover:text-ember-800'
        }`}
      >
        {following ? 'Following' : 'Follow'}
      </button>
    </fetcher.Form>
  );
}

/** For a guest: a small e-mail form for a kitchen's news, with double opt-in ("Check your inbox to confirm"). */
export function GuestNewsForm({ kitchenId, kitchenName }: { kitchenId: string; kitchenName: string }) {
  const user = useOptionalUser();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const fetcher = useFetcher<FollowResult>();
  const hydrated = useHydrated();
  const emailId = useId();
  useAnswer(fetcher);
  if (user) return null;
  return (
    <fetcher.Form
      method="post"
      action={FOLLOW_ACTION}
      className="flex max-w-xs flex-col gap-2"
      aria-label={`Get ${kitchenName}'s news by e-mail`}
    >
      <input type="hidden" name="intent" value="guest" />
      <input type="hidden" name="kitchenId" value={kitchenId} />
      <Hidden here={here} hydrated={hydrated} />
      <label htmlFor={emailId} className="text-sm font-semibold text-cocoa-800">
        Get this kitchen&apos;s news
      </label>
      <div className="flex gap-2">
        <input
          id={emailId}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          className={`${inputClass} py-1.5 text-sm`}
        />
        <button type="submit" className={`${buttonClass.secondary} px-3 py-1.5`}>
          Subscribe
        </button>
      </div>
      <p className="text-xs text-cocoa-600">We e-mail you a link to confirm first.</p>
      {fetcher.data?.ok ? (
        <p role="status" className="text-sm font-semibold text-cocoa-800">
          {fetcher.data.text}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** "Tell me when chefs deliver here" (spec Location check): e-mail, zip code and country, double opt-in. */
export function LocationCheckForm({ zipcode = '', country = 'US' }: { zipcode?: string; country?: string }) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const fetcher = useFetcher<FollowResult>();
  const hydrated = useHydrated();
  const id = useId();
  useAnswer(fetcher);
  const code = COUNTRIES.find((c) => c.code === country.toUpperCase() || c.name === country)?.code ?? 'US';
  return (
    <fetcher.Form
      method="post"
      action={FOLLOW_ACTION}
      className="mt-4 rounded-2xl bg-white p-5 shadow-sm"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="font-display text-lg font-semibold text-cocoa-900">
        Tell me when chefs deliver here
      </h2>
      <p className="mt-1 text-sm text-cocoa-700">
        One e-mail when a kitchen starts delivering to your zip code.
      </p>
      <input type="hidden" name="intent" value="location" />
      <Hidden here={here} hydrated={hydrated} />
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-email`} className={labelClass}>
            E-mail
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            autoComplete="email"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-zip`} className={labelClass}>
            Zip code
          </label>
          <input
            id={`${id}-zip`}
            name="zipcode"
            required
            defaultValue={zipcode}
            autoComplete="postal-code"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-country`} className={labelClass}>
            Country
          </label>
          <select id={`${id}-country`} name="country" defaultValue={code} className={inputClass}>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className={`${buttonClass.primary} mt-4`}>
        Tell me
      </button>
      {fetcher.data?.ok ? (
        <p role="status" className="mt-2 text-sm font-semibold text-cocoa-800">
          {fetcher.data.text}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
