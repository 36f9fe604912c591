import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ReasonForm } from '~/components/admin/reason-form';
import { itemHref } from '~/components/search-results';
import { linkClass } from '~/components/ui';
import { getAdminItem, hideItemPictures, showItemPictures } from '~/lib/admin/users.server';
import { isApiError } from '~/lib/api/client.server';
import { apiFailure, formRefusal, unknownIntent } from '~/lib/forms/form-failure.server';
import { readValues, textOf, type FormResult } from '~/lib/forms/form-values';
import { invalidId } from '~/lib/http/http.server';
import { requireRole } from '~/lib/session/guards.server';
import { successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.item.name ?? 'Dish'} — Pictures — Admin — Hearth` },
];

/**
 * /l/admin/items/:id (admins; linked from the dish's public page): the dish's pictures as the chef sees
 * them, and the form to hide them from the public with a reason, or to show them again.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const id = params.id ?? '';
  if (!UUID.test(id)) throw invalidId(request);
  try {
    return { user: { name, email }, item: await getAdminItem(request, id) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw invalidId(request);
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, Role.ADMIN);
  const id = params.id ?? '';
  if (!UUID.test(id)) throw invalidId(request);
  const values = readValues(await request.formData());
  const intent = textOf(values, 'intent');
  const reason = textOf(values, 'reason').trim();
  const form = { intent, target: id, values };
  if (intent !== 'hide' && intent !== 'show') return unknownIntent();
  if (intent === 'hide' && reason.length < 3) {
    return formRefusal(form, { reason: 'Give a reason of at least 3 characters.' });
  }
  try {
    if (intent === 'hide') await hideItemPictures(request, id, reason);
    else await showItemPictures(request, id);
  } catch (error) {
    return apiFailure(error, form, (field) => (field === 'reason' ? 'reason' : null));
  }
  return redirectWithToast(
    `/l/admin/items/${id}`,
    successNotification(
      intent === 'hide'
        ? 'The pictures are hidden from the public; the chef is told why.'
        : 'The pictures are shown to the public again.',
    ),
    { status: 303 },
  );
}

export default function AdminItemPicturesRoute() {
  const { user, item } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  return (
    <AccountPage title={`Pictures of ${item.name}`} user={user}>
      <p className="mt-2 text-sm">
        <Link to={itemHref(item.id)} className={linkClass}>
          {`Public page of ${item.name}`}
        </Link>
        {' · '}
        <Link to="/l/admin/users" className={linkClass}>
          Users and kitchens
        </Link>
      </p>
      <p className="mt-4 text-sm text-cocoa-800" role="status">
        {item.blockImage
          ? `Hidden from the public. Reason: ${item.blockImageReason ?? 'none given'}`
          : 'Shown to the public.'}
      </p>
      {item.itemPictures.length === 0 ? (
        <p className="mt-2 text-sm text-cocoa-700">This dish has no pictures.</p>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {item.itemPictures.map((p, i) => (
            <li key={p.id}>
              <img
                src={p.sizes.find((s) => s.width === 400)?.url ?? p.url}
                alt={`${item.name}, picture ${i + 1}`}
                className="aspect-square w-full rounded-2xl bg-cream-200 object-cover"
              />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 max-w-xl">
        {item.blockImage ? (
          <ReasonForm
            intent="show"
            target={item.id}
            button="Show the pictures again"
            busyText="Showing…"
            label={`Show the pictures of ${item.name}`}
            result={result}
          />
        ) : (
          <ReasonForm
            intent="hide"
            target={item.id}
            reasonLabel="Why hide the pictures? (the chef is told by e-mail)"
            button="Hide picture"
            busyText="Hiding…"
            label={`Hide the pictures of ${item.name}`}
            result={result}
            danger
          />
        )}
      </div>
    </AccountPage>
  );
}
