import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { MenuForm } from '~/components/menu-form';
import type { FormResult } from '~/lib/forms/form-values';
import { resultFor } from '~/lib/forms/form-values';
import { requireRole } from '~/lib/session/guards.server';
import { newMenuValues } from '~/lib/chef/menu-form';
import { menuAction, menuFormContext } from '~/lib/chef/menu-page.server';
import { ownPublisher } from '~/lib/chef/publisher.server';

export const meta: MetaFunction = () => [{ title: 'New menu — Hearth' }];

/** /l/manage-menus/new (chefs): a new DRAFT menu (edit mode CREATE), with the chef's settings as defaults. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.CHEF);
  const [{ items, settings }, publisher] = await Promise.all([
    menuFormContext(request),
    ownPublisher(request).catch(() => null),
  ]);
  return {
    user: { name, email },
    items,
    pickupLocations: settings?.PICKUP_LOCATIONS ?? [],
    defaults: newMenuValues(settings),
    currencyCode: publisher?.currencyCode ?? 'USD',
    timeZone: settings?.TIME_ZONE?.timeZoneId ?? publisher?.timeZone?.timeZoneId ?? null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return menuAction(request, null);
}

export default function NewMenuRoute() {
  const { user, items, pickupLocations, defaults, currencyCode, timeZone } = useLoaderData<typeof loader>();
  const result = resultFor(useActionData<typeof action>() as FormResult | undefined, 'save');
  return (
    <AccountPage title="New menu" user={user}>
      <ChefNav />
      <section className="rounded-3xl bg-white p-6 shadow-card">
        <h2 id="menu-form-title" className="mb-2 font-display text-2xl font-semibold text-cocoa-900">
          Create a menu
        </h2>
        <p className="mb-6 text-sm text-cocoa-700">
          It is saved as a draft; publish it from your menus when it is ready.
        </p>
        <MenuForm
          values={result?.values ?? defaults}
          errors={result?.fieldErrors}
          formErrors={result?.formErrors}
          items={items}
          pickupLocations={pickupLocations}
          currencyCode={currencyCode}
          timeZone={timeZone}
          submitLabel="Save menu"
        />
      </section>
    </AccountPage>
  );
}
