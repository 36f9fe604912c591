import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { FormAlert } from '~/components/form-feedback';
import { buttonClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import { MANAGE_MENUS } from '~/lib/chef/chef-paths';
import { apiFailure } from '~/lib/forms/form-failure.server';
import type { FormResult } from '~/lib/forms/form-values';
import { requireRole } from '~/lib/session/guards.server';
import { unmatchedRoute } from '~/lib/http/http.server';
import { deleteItem, getItem } from '~/lib/chef/items.server';
import { dateList, plural } from '~/lib/chef/menu-impact';
import { listMenus } from '~/lib/chef/menus.server';
import { successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Delete ${data?.item.name ?? 'item'}? — Hearth` },
];

/**
 * /l/manage-menus/items/{id}/delete (chefs): the confirm step of deleting an item — the menus it leaves and
 * its upcoming dates — then one form to delete it and a link to keep it. The API refuses to delete an item
 * with orders for an upcoming date (ADR 008); that refusal shows here.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.CHEF);
  try {
    const [item, menus] = await Promise.all([getItem(request, params.id ?? ''), listMenus(request)]);
    if (item.itemStatus === 'DELETED') throw unmatchedRoute(request);
    const on = menus.filter((m) => m.items.some((i) => i.id === item.id)).map((m) => m.name);
    return {
      user: { name, email },
      item: { id: item.id, name: item.name, menuDates: item.menuDates },
      menus: on,
    };
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 403 || error.status === 400))
      throw unmatchedRoute(request);
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, Role.CHEF);
  const form = await request.formData();
  if (form.get('intent') !== 'delete-item') throw data('This form is not known here.', { status: 400 });
  const itemId = params.id ?? '';
  try {
    const item = await getItem(request, itemId);
    await deleteItem(request, itemId);
    return redirectWithToast(
      `${MANAGE_MENUS}#items-heading`,
      successNotification(`${item.name} deleted — customers can no longer order it`),
    );
  } catch (error) {
    return apiFailure(error, { intent: 'delete-item', target: itemId });
  }
}

export default function DeleteItemRoute() {
  const { user, item, menus } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const lines = [
    menus.length === 0
      ? 'It is on none of your menus.'
      : `It leaves ${plural(menus.length, 'menu')}: ${menus.join(', ')}.`,
    item.menuDates.length === 0
      ? 'It has no upcoming dates.'
      : `Customers can no longer order it for its ${plural(item.menuDates.length, 'upcoming date')} (${dateList(item.menuDates)}), nor find it in searches.`,
    'If a customer has ordered it for an upcoming date, it cannot be deleted: mark it sold out or hide it instead. Orders already served keep it.',
    'A deleted item does not come back.',
  ];
  return (
    <AccountPage title={`Delete ${item.name}?`} user={user}>
      <ChefNav />
      <section
        className="rounded-3xl bg-white p-6 shadow-card"
        aria-labelledby="what-happens"
        data-testid="item-consequences"
      >
        <h2 id="what-happens" className="font-display text-2xl font-semibold text-cocoa-900">
          What will happen
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-cocoa-800">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="mt-4">
          <FormAlert messages={result?.formErrors} />
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="delete-item" />
            <button type="submit" className={buttonClass.danger} disabled={busy}>
              {busy ? 'Deleting…' : 'Delete item'}
            </button>
          </Form>
          <Link to={`${MANAGE_MENUS}#item-${item.id}`} className={buttonClass.secondary}>
            Keep the item
          </Link>
        </div>
      </section>
    </AccountPage>
  );
}
