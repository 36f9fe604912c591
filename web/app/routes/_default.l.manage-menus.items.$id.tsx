import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { FormErrors, Panel } from '~/components/form-layout';
import { ItemForm } from '~/components/item-form';
import { buttonClass } from '~/components/ui';
import { UploadForm } from '~/components/upload-form';
import { isApiError } from '~/lib/api/client.server';
import type { FormResult } from '~/lib/forms/form-values';
import { resultFor } from '~/lib/forms/form-values';
import { requireRole } from '~/lib/session/guards.server';
import { unmatchedRoute } from '~/lib/http/http.server';
import { itemToValues } from '~/lib/chef/item-form';
import { itemAction } from '~/lib/catalog/item-page.server';
import { getItem } from '~/lib/chef/items.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.item.name ?? 'Item'} — Hearth` },
];

/** /l/manage-menus/items/{id} (chefs): change an item and its pictures. Another chef's item is not found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.CHEF);
  try {
    const item = await getItem(request, params.id ?? '');
    return { user: { name, email }, item };
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 403 || error.status === 400))
      throw unmatchedRoute(request);
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return itemAction(request, params.id ?? '');
}

const STATE_LABELS: Record<string, string> = {
  ACTIVE: 'On sale',
  HIDDEN: 'Hidden',
  SOLD_OUT: 'Sold out',
  DELETED: 'Deleted',
};

export default function EditItemRoute() {
  const { user, item } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const saveResult = resultFor(result, 'save');
  const deleteFailed = resultFor(result, 'delete-picture');
  return (
    <AccountPage title={item.name} user={user}>
      <ChefNav />
      <p className="-mt-4 mb-6 text-cocoa-700">
        {STATE_LABELS[item.itemStatus] ?? item.itemStatus}
        {item.menuDates.length
          ? ` · on menus for ${item.menuDates.length} upcoming ${item.menuDates.length === 1 ? 'date' : 'dates'}`
          : ''}
      </p>
      <div className="space-y-8">
        <Panel id="pictures" title="Pictures">
          <FormErrors errors={deleteFailed?.formErrors} />
          {item.blockImage ? (
            <div role="status" className="mb-4 rounded-2xl bg-amber-100 px-4 py-3 text-sm text-amber-900">
              <p className="font-semibold">
                Hidden by Hearth: customers see a neutral picture instead of these.
              </p>
              {item.blockImageReason ? <p className="mt-1">{`Reason: ${item.blockImageReason}`}</p> : null}
              <p className="mt-1">Replace them with pictures that follow the rules, then contact support.</p>
            </div>
          ) : null}
          {item.itemPictures.length === 0 ? (
            <p className="mb-4 text-sm text-cocoa-700">
              No pictures yet. Customers choose with their eyes: add one or two.
            </p>
          ) : (
            <ul className="mb-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
              {item.itemPictures.map((picture, i) => (
                <li key={picture.id} className="flex flex-col items-start gap-1">
                  <img
                    src={picture.sizes.find((s) => s.width === 400)?.url ?? picture.url}
                    alt={`${item.name}, picture ${i + 1}`}
                    className="aspect-square w-full rounded-2xl bg-cream-200 object-cover"
                  />
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-picture" />
                    <input type="hidden" name="target" value={picture.id} />
                    <button type="submit" className={buttonClass.ghost}>
                      Delete<span className="sr-only"> picture {i + 1}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <UploadForm
            intent="upload-pictures"
            label="Choose pictures"
            accept="image/*"
            multiple
            submitLabel="Upload pictures"
            result={result}
            hint="JPEG, PNG, WebP, GIF or AVIF; up to 5 pictures of 5 MB each."
          />
        </Panel>
        <section className="rounded-3xl bg-white p-6 shadow-card">
          <h2 id="item-form-title" className="mb-6 font-display text-2xl font-semibold text-cocoa-900">
            Item details
          </h2>
          <ItemForm
            values={saveResult?.values ?? itemToValues(item)}
            errors={saveResult?.fieldErrors}
            formErrors={saveResult?.formErrors}
            currencyCode={item.currencyCode}
            submitLabel="Save changes"
          />
        </section>
      </div>
    </AccountPage>
  );
}
