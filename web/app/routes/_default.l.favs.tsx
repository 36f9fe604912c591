import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { AccountPage } from '~/components/account-page';
import { initials } from '~/components/chef-card';
import { FavouriteToggle } from '~/components/favourite-toggle';
import { FollowToggle } from '~/components/follow-toggle';
import { FormAlert, Notice } from '~/components/form-feedback';
import { NextDate, kitchenHref } from '~/components/search-results';
import { buttonClass, focusRing } from '~/components/ui';
import { isApiError, timeZoneFor } from '~/lib/api/client.server';
import { displayZone } from '~/lib/format/dates';
import { addFavourite, listFavourites, removeFavourite } from '~/lib/catalog/favourites.server';
import type { FavouriteKitchen } from '~/lib/catalog/favourites.server';
import { requireUser } from '~/lib/session/guards.server';
import { followedKitchens } from '~/lib/subscriptions/subscriptions.server';
import type { Subscription } from '~/lib/subscriptions/subscriptions';
import { failureNotification, failureText, successNotification } from '~/lib/ui/notifications';
import { safeRedirect } from '~/lib/http/redirect';
import { redirectWithToast } from '~/lib/ui/toast.server';

const PAGE = '/l/favs';

export const meta: MetaFunction = () => [{ title: 'Favourites — Hearth' }];

/** /l/favs: the signed-in customer's favourite kitchens, each with its next orderable dates. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireUser(request);
  const timeZone = timeZoneFor(request);
  const followed = await followedKitchens(request, true);
  try {
    return {
      user: { name, email },
      kitchens: await listFavourites(request),
      followed,
      loadError: null,
      timeZone,
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      user: { name, email },
      kitchens: [] as FavouriteKitchen[],
      followed,
      loadError: failureText(error.problem),
      timeZone,
    };
  }
}

/**
 * Adds or removes a favourite kitchen, from any page that shows a kitchen. Without JavaScript the
 * browser goes back to that page (`redirectTo`) with a notification; a fetcher (`inPlace`) gets the
 * answer as data and the button changes where it is.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const kitchenId = form.get('kitchenId');
  const inPlace = form.get('inPlace') === '1';
  const back = safeRedirect(form.get('redirectTo'), PAGE);
  if ((intent !== 'add' && intent !== 'remove') || typeof kitchenId !== 'string' || !kitchenId) {
    throw data('This form is not known here.', { status: 400 });
  }
  try {
    if (intent === 'add') await addFavourite(request, kitchenId);
    else await removeFavourite(request, kitchenId);
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (inPlace)
      return data(
        { ok: false, error: failureText(error.problem) },
        { status: error.unreachable ? 503 : error.status },
      );
    return redirectWithToast(back, failureNotification(error.problem));
  }
  const name = String(form.get('kitchenName') ?? '').trim() || 'The kitchen';
  const text = intent === 'add' ? `${name} added to your favourites` : `${name} removed from your favourites`;
  if (inPlace) return { ok: true, favourite: intent === 'add', text };
  return redirectWithToast(back, successNotification(text));
}

function FavouriteCard({
  kitchen,
  timeZone,
  following,
}: {
  kitchen: FavouriteKitchen;
  timeZone: string;
  following: boolean;
}) {
  const name = kitchen.brandDisplayName || kitchen.kitchenName;
  const where = [kitchen.city, kitchen.state].filter(Boolean).join(', ');
  return (
    <article
      className="flex flex-col gap-4 rounded-3xl bg-white p-6 shadow-card sm:flex-row sm:items-start"
      data-testid="favourite-kitchen"
    >
      <Link
        to={kitchenHref(kitchen.id)}
        className={`shrink-0 rounded-2xl ${focusRing}`}
        tabIndex={-1}
        aria-hidden="true"
      >
        {kitchen.logo ? (
          <img
            src={kitchen.logo}
            alt=""
            width={64}
            height={64}
            className="h-16 w-16 rounded-2xl bg-cream-200 object-cover"
          />
        ) : (
          <span className="flex h-16 w-16 items-center justify-center rounded-2xl bg-ember-100 font-display text-xl font-semibold text-ember-800">
            {initials(name)}
          </span>
        )}
      </Link>
      <div className="min-w-0 flex-1">
        <h2 className="font-display text-2xl font-semibold text-cocoa-900">
          <Link to={kitchenHref(kitchen.id)} className={`hover:text-ember-800 ${focusRing}`}>
            {name}
          </Link>
        </h2>
        <p className="text-sm text-cocoa-700">{[kitchen.speciality, where].filter(Boolean).join(' · ')}</p>
        {kitchen.nextDates.length ? (
          <ul className="mt-3 space-y-2" aria-label={`Next dates at ${name}`}>
            {kitchen.nextDates.map((d) => (
              <li key={d.date}>
                <NextDate date={d} timeZone={displayZone(kitchen.timeZone, timeZone)} prefix="Cooking" />
                {d.menus.length ? <p className="text-xs text-cocoa-600">{d.menus.join(' · ')}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-cocoa-700">Nothing on sale right now — check back soon.</p>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-start gap-2 sm:items-end">
        <div className="flex flex-wrap gap-2">
          <FavouriteToggle kitchenId={kitchen.id} kitchenName={name} isFavourite />
          <FollowToggle kitchenId={kitchen.id} kitchenName={name} isFollowing={following} />
        </div>
        <Link to={kitchenHref(kitchen.id)} className={buttonClass.secondary}>
          See the menu<span className="sr-only"> of {name}</span>
        </Link>
      </div>
    </article>
  );
}

export default function FavouritesRoute() {
  const { user, kitchens, followed, loadError, timeZone } = useLoaderData<typeof loader>();
  const followedIds = new Set(followed.map((f) => f.publisherId));
  return (
    <AccountPage title="Favourites" user={user}>
      {loadError ? (
        <FormAlert messages={[loadError]} />
      ) : kitchens.length === 0 ? (
        <Notice>
          <p className="font-semibold text-cocoa-900">No favourite kitchens yet.</p>
          <p className="mt-1">
            Tap “Favourite” on any kitchen while you{' '}
            <Link to="/l/find-chefs" className="font-semibold text-ember-700 underline">
              browse chefs near you
            </Link>{' '}
            and it will be kept here, with the days it cooks next.
          </p>
        </Notice>
      ) : (
        <ul className="space-y-4">
          {kitchens.map((kitchen) => (
            <li key={kitchen.id}>
              <FavouriteCard kitchen={kitchen} timeZone={timeZone} following={followedIds.has(kitchen.id)} />
            </li>
          ))}
        </ul>
      )}
      <FollowedKitchens followed={followed} />
    </AccountPage>
  );
}

/** The kitchens whose news the customer gets by e-mail (Follow on a kitchen page), each with Following to stop. */
function FollowedKitchens({ followed }: { followed: readonly Subscription[] }) {
  return (
    <section aria-labelledby="followed-heading" className="mt-10">
      <h2 id="followed-heading" className="font-display text-2xl font-semibold text-cocoa-900">
        Kitchens you follow
      </h2>
      {followed.length === 0 ? (
        <p className="mt-2 text-sm text-cocoa-700">
          Follow a kitchen from its page to get an e-mail when it publishes a new menu (at most one a day).
        </p>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="followed-kitchens">
          {followed.map((f) => (
            <li
              key={f.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm"
            >
              <Link
                to={kitchenHref(f.publisherId)}
                className={`font-semibold text-cocoa-900 hover:text-ember-800 ${focusRing}`}
              >
                {f.kitchenName}
              </Link>
              <FollowToggle kitchenId={f.publisherId} kitchenName={f.kitchenName} isFollowing />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
