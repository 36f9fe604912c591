import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { MenuForm } from '~/components/menu-form';
import { linkClass } from '~/components/ui';
import { menuRecordsPath } from '~/lib/chef/chef-paths';
import { isApiError } from '~/lib/api/client.server';
import type { FormResult } from '~/lib/forms/form-values';
import { resultFor } from '~/lib/forms/form-values';
import { requireRole } from '~/lib/session/guards.server';
import { unmatchedRoute } from '~/lib/http/http.server';
import { menuToValues } from '~/lib/chef/menu-form';
import { menuAction, menuFormContext } from '~/lib/chef/menu-page.server';
import { getMenu } from '~/lib/chef/menus.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.menu.name ?? 'menu'} — Hearth` },
];

const STATUS_NOTES: Record<string, string> = {
  PUBLISHED: 'This menu is published: customers see your changes at once, and it must stay publishable.',
  PAUSE: 'This menu is paused: your changes show when you resume it.',
  DRAFT: 'This menu is a draft: publish it from your menus when it is ready.',
};

/** /l/manage-menus/{id}/edit (chefs): change a menu (edit mode UPDATE). Another chef's menu is not found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.CHEF);
  try {
    const [menu, { items, settings }] = await Promise.all([
      getMenu(request, params.id ?? ''),
      menuFormContext(request),
    ]);
    return { user: { name, email }, menu, items, pickupLocations: settings?.PICKUP_LOCATIONS ?? [] };
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 403 || error.status === 400))
      throw unmatchedRoute(request);
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return menuAction(request, params.id ?? '');
}

export default function EditMenuRoute() {
  const { user, menu, items, pickupLocations } = useLoaderData<typeof loader>();
  const result = resultFor(useActionData<typeof action>() as FormResult | undefined, 'save');
  return (
    <AccountPage title={`Edit ${menu.name}`} user={user}>
      <ChefNav />
      <section className="rounded-3xl bg-white p-6 shadow-card">
        <h2 id="menu-form-title" className="mb-2 font-display text-2xl font-semibold text-cocoa-900">
          {menu.name}
        </h2>
        <p className="mb-2 text-sm text-cocoa-700">{STATUS_NOTES[menu.status] ?? ''}</p>
        <p className="mb-6 text-sm">
          <Link to={menuRecordsPath(menu.id)} className={linkClass}>
            Receipts and history of this menu
          </Link>
        </p>
        <MenuForm
          values={result?.values ?? menuToValues(menu)}
          errors={result?.fieldErrors}
          formErrors={result?.formErrors}
          items={items}
          pickupLocations={pickupLocations}
          currencyCode={menu.currencyCode}
          timeZone={menu.timeZone}
          submitLabel="Save changes"
        />
      </section>
    </AccountPage>
  );
}
