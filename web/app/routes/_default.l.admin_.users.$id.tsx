import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { REVIEW_STATUS_LABELS } from '~/components/admin-kitchen-row';
import { ReasonForm } from '~/components/admin/reason-form';
import { linkClass } from '~/components/ui';
import { USER_STATUS_LABELS, USERS_PAGE } from '~/lib/admin/users';
import {
  disableUser,
  enableUser,
  getAdminUser,
  hideKitchenPicture,
  showKitchenPicture,
} from '~/lib/admin/users.server';
import { isApiError } from '~/lib/api/client.server';
import { apiFailure, formRefusal, unknownIntent } from '~/lib/forms/form-failure.server';
import { readValues, textOf, type FormResult } from '~/lib/forms/form-values';
import { shortDate } from '~/lib/format/chef-format';
import { formatAmount } from '~/lib/format/money';
import { invalidId } from '~/lib/http/http.server';
import { requireRole } from '~/lib/session/guards.server';
import { successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.person.name || data?.person.email || 'User'} — Users — Admin — Hearth` },
];

/**
 * /l/admin/users/:id (admins): one person's profile (roles, status, last login, kitchens with their
 * pictures, orders, sessions, delivery addresses), with the forms to disable or enable the account and to
 * hide or show a kitchen picture.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { name, email, consumerId } = await requireRole(request, Role.ADMIN);
  const id = params.id ?? '';
  if (!UUID.test(id)) throw invalidId(request);
  try {
    const person = await getAdminUser(request, id);
    return { user: { name, email }, person, self: consumerId === id };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw invalidId(request);
    throw error;
  }
}

const DONE: Record<string, string> = {
  disable: 'The account is disabled and signed out everywhere.',
  enable: 'The account is enabled: the person can sign in again.',
  hidePicture: 'The picture is hidden from the public; the chef is told why.',
  showPicture: 'The picture is shown to the public again.',
};

export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, Role.ADMIN);
  const id = params.id ?? '';
  if (!UUID.test(id)) throw invalidId(request);
  const values = readValues(await request.formData());
  const intent = textOf(values, 'intent');
  const target = textOf(values, 'target');
  const reason = textOf(values, 'reason').trim();
  const form = { intent, target, values };
  if (!(intent in DONE)) return unknownIntent();
  if ((intent === 'disable' || intent === 'hidePicture') && reason.length < 3) {
    return formRefusal(form, { reason: 'Give a reason of at least 3 characters.' });
  }
  try {
    if (intent === 'disable') await disableUser(request, id, reason);
    else if (intent === 'enable') await enableUser(request, id);
    else if (intent === 'hidePicture')
      await hideKitchenPicture(request, target, textOf(values, 'key'), reason);
    else await showKitchenPicture(request, target, textOf(values, 'key'));
  } catch (error) {
    return apiFailure(error, form, (field) => (field === 'reason' ? 'reason' : null));
  }
  return redirectWithToast(`${USERS_PAGE}/${id}`, successNotification(DONE[intent]), { status: 303 });
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="w-32 shrink-0 font-semibold text-cocoa-900">{term}</dt>
      <dd className="text-cocoa-800">{children}</dd>
    </div>
  );
}

export default function AdminUserRoute() {
  const { user, person, self } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const disabled = person.status === 'DISABLED';
  return (
    <AccountPage title={person.name || person.email || 'User'} user={user}>
      <p className="mt-2 text-sm">
        <Link to={USERS_PAGE} className={linkClass}>
          Back to users and kitchens
        </Link>
      </p>
      <section aria-labelledby="profile-heading" className="mt-6">
        <h2 id="profile-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Profile
        </h2>
        <dl className="mt-3 space-y-1 text-sm">
          <Detail term="Name">{person.name ?? '—'}</Detail>
          <Detail term="E-mail">{person.email ?? '—'}</Detail>
          <Detail term="Phone">{person.phone ?? '—'}</Detail>
          <Detail term="Roles">{person.roles.join(', ')}</Detail>
          <Detail term="Status">
            <span data-testid="user-status">{USER_STATUS_LABELS[person.status] ?? person.status}</span>
            {disabled && person.disabledReason ? ` — ${person.disabledReason}` : ''}
          </Detail>
          <Detail term="Last sign-in">{person.lastLoginAt ? shortDate(person.lastLoginAt) : 'Never'}</Detail>
          <Detail term="Member since">{shortDate(person.createdAt)}</Detail>
          <Detail term="Sessions">{`${person.sessionsCount} signed in now`}</Detail>
        </dl>
      </section>

      <section aria-labelledby="account-heading" className="mt-8 max-w-xl">
        <h2 id="account-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Account
        </h2>
        {self ? (
          <p className="mt-2 text-sm text-cocoa-700">This is your own account: you cannot disable it.</p>
        ) : disabled ? (
          <div className="mt-3">
            <ReasonForm
              intent="enable"
              target={person.id}
              button="Enable the account"
              busyText="Enabling…"
              label="Enable the account"
              result={result}
            />
          </div>
        ) : (
          <div className="mt-3">
            <ReasonForm
              intent="disable"
              target={person.id}
              reasonLabel="Why disable? (the person is told by e-mail)"
              button="Disable the account"
              busyText="Disabling…"
              label="Disable the account"
              result={result}
              danger
            />
          </div>
        )}
      </section>

      <section aria-labelledby="kitchens-heading" className="mt-8">
        <h2 id="kitchens-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Kitchens
        </h2>
        {person.kitchens.length === 0 ? <p className="mt-2 text-sm text-cocoa-700">No kitchen.</p> : null}
        {person.kitchens.map((k) => (
          <div key={k.id} className="mt-3">
            <h3 className="font-semibold text-cocoa-900">
              {`${k.brandDisplayName} (${k.kitchenName}) — ${REVIEW_STATUS_LABELS[k.status] ?? k.status}`}
            </h3>
            {k.status === 'APPROVED' ? (
              <p className="text-sm">
                <Link to={`/kitchen/${k.id}`} className={linkClass}>
                  {`Public page of ${k.brandDisplayName}`}
                </Link>
              </p>
            ) : null}
            {k.items.length ? (
              <>
                <h4 className="mt-3 text-sm font-semibold text-cocoa-900">Dishes</h4>
                <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  {k.items.map((item) => (
                    <li key={item.id}>
                      <Link to={`/l/admin/items/${item.id}`} className={linkClass}>
                        {`${item.name}${item.blockImage ? ' (pictures hidden)' : ''}`}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {k.pictures.length === 0 ? (
              <p className="mt-1 text-sm text-cocoa-700">No public pictures.</p>
            ) : (
              <ul className="mt-3 grid gap-4 sm:grid-cols-2 md:grid-cols-3">
                {k.pictures.map((p, i) => (
                  <li key={p.key} className="space-y-2 rounded-2xl border border-cocoa-700/10 p-3">
                    <img
                      src={p.url}
                      alt={`${k.brandDisplayName}, ${p.kind === 'profile' ? 'portrait' : `kitchen picture ${i + 1}`}`}
                      className="aspect-square w-full rounded-xl bg-cream-200 object-cover"
                    />
                    {p.hidden ? (
                      <>
                        <p className="text-sm font-medium text-amber-900">{`Hidden: ${p.reason ?? ''}`}</p>
                        <ReasonForm
                          intent="showPicture"
                          target={k.id}
                          hidden={{ key: p.key }}
                          button="Show picture"
                          busyText="Showing…"
                          label={`Show picture ${i + 1} of ${k.brandDisplayName}`}
                          result={result}
                        />
                      </>
                    ) : (
                      <ReasonForm
                        intent="hidePicture"
                        target={k.id}
                        hidden={{ key: p.key }}
                        reasonLabel="Why hide? (the chef is told)"
                        button="Hide picture"
                        busyText="Hiding…"
                        label={`Hide picture ${i + 1} of ${k.brandDisplayName}`}
                        result={
                          result?.values && (result.values as Record<string, string>).key === p.key
                            ? result
                            : undefined
                        }
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </section>

      <section aria-labelledby="orders-heading" className="mt-8">
        <h2 id="orders-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Orders
        </h2>
        <p className="mt-2 text-sm text-cocoa-800">{`${person.orders.count} ${person.orders.count === 1 ? 'order' : 'orders'} in all`}</p>
        {person.orders.latest.length ? (
          <ul className="mt-2 space-y-1 text-sm">
            {person.orders.latest.map((o) => (
              <li key={o.id}>
                <Link
                  to={`/l/orders/order-status?orderNumber=${encodeURIComponent(o.orderNumber)}`}
                  className={linkClass}
                >
                  {o.orderNumber}
                </Link>
                {` — ${shortDate(o.orderedDate)} — ${o.orderStatus} — ${formatAmount(o.orderTotal, o.currencyCode)}`}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="addresses-heading" className="mt-8">
        <h2 id="addresses-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Delivery addresses
        </h2>
        {person.addresses.length === 0 ? (
          <p className="mt-2 text-sm text-cocoa-700">No delivery address.</p>
        ) : (
          <ul className="mt-2 space-y-2 text-sm">
            {person.addresses.map((a) => (
              <li key={a.id}>
                <span className="font-semibold">{a.name}</span>
                {`: ${[a.addressLine1, a.addressLine2, a.city, a.state, a.zipcode, a.country].filter(Boolean).join(', ')}`}
                {a.deliveryNote ? ` (${a.deliveryNote})` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </AccountPage>
  );
}
