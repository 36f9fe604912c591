import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { ItemForm } from '~/components/item-form';
import { isApiError } from '~/lib/api/client.server';
import type { FormResult } from '~/lib/forms/form-values';
import { resultFor } from '~/lib/forms/form-values';
import { requireRole } from '~/lib/session/guards.server';
import { emptyItemValues } from '~/lib/chef/item-form';
import { itemAction } from '~/lib/catalog/item-page.server';
import { ownPublisher } from '~/lib/chef/publisher.server';

export const meta: MetaFunction = () => [{ title: 'New item — Hearth' }];

/** /l/manage-menus/items/new (chefs): a new item; pictures are added once it is saved. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.CHEF);
  let currencyCode = 'USD';
  try {
    currencyCode = (await ownPublisher(request))?.currencyCode ?? currencyCode;
  } catch (error) {
    // The currency only labels the price fields; the form works without it.
    if (!isApiError(error)) throw error;
  }
  return { user: { name, email }, currencyCode };
}

export async function action({ request }: ActionFunctionArgs) {
  return itemAction(request, null);
}

export default function NewItemRoute() {
  const { user, currencyCode } = useLoaderData<typeof loader>();
  const result = resultFor(useActionData<typeof action>() as FormResult | undefined, 'save');
  return (
    <AccountPage title="New item" user={user}>
      <ChefNav />
      <section className="rounded-3xl bg-white p-6 shadow-card">
        <h2 id="item-form-title" className="mb-2 font-display text-2xl font-semibold text-cocoa-900">
          Add an item
        </h2>
        <p className="mb-6 text-sm text-cocoa-700">You can add pictures once the item is saved.</p>
        <ItemForm
          values={result?.values ?? emptyItemValues()}
          errors={result?.fieldErrors}
          formErrors={result?.formErrors}
          currencyCode={currencyCode}
          submitLabel="Save item"
        />
      </section>
    </AccountPage>
  );
}
