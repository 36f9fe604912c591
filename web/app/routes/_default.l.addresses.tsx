import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { AccountPage } from '~/components/account-page';
import { AddressForm } from '~/components/address-form';
import { buttonClass } from '~/components/ui';
import {
  ADDRESS_FIELDS,
  LOCATION_TYPE_OPTIONS,
  addressToValues,
  emptyAddressValues,
  formatAddress,
  parseAddressForm,
  readAddressValues,
} from '~/lib/account/address';
import type { Address, AddressFieldErrors, AddressValues } from '~/lib/account/address';
import { createAddress, deleteAddress, listAddresses, updateAddress } from '~/lib/account/address.server';
import { isApiError } from '~/lib/api/client.server';
import type { ApiError } from '~/lib/api/client.server';
import { mapFieldErrors } from '~/lib/forms/field-errors';
import { requireUser } from '~/lib/session/guards.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

const PAGE = '/l/addresses';

export const meta: MetaFunction = () => [{ title: 'Delivery addresses — Hearth' }];

/** /l/addresses: the signed-in user's delivery addresses; `?edit={id}` opens one for editing. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireUser(request);
  const editId = new URL(request.url).searchParams.get('edit');
  try {
    return { user: { name, email }, addresses: await listAddresses(request), editId, loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      user: { name, email },
      addresses: [] as Address[],
      editId,
      loadError: failureText(error.problem),
    };
  }
}

type Intent = 'create' | 'update' | 'delete';

interface ActionResult {
  intent: Intent;
  id: string | null;
  values: AddressValues | null;
  fieldErrors: AddressFieldErrors;
  formErrors: string[];
}

/** A failed API call, as the form shows it: 400 field errors beside the fields, anything else as one line. */
function failure(error: ApiError, intent: Intent, id: string | null, values: AddressValues | null) {
  if (error.status === 400 && values) {
    const mapped = mapFieldErrors(error.problem, ADDRESS_FIELDS);
    return data<ActionResult>({ intent, id, values, ...mapped }, { status: 400 });
  }
  const status = error.unreachable ? 503 : error.status;
  return data<ActionResult>(
    { intent, id, values, fieldErrors: {}, formErrors: [failureText(error.problem)] },
    { status },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const id = typeof form.get('id') === 'string' ? String(form.get('id')) : null;
  if (intent !== 'create' && intent !== 'update' && intent !== 'delete') {
    throw data('This form is not known here.', { status: 400 });
  }
  if (intent !== 'create' && !id) throw data('Which address? The form did not say.', { status: 400 });

  if (intent === 'delete') {
    try {
      await deleteAddress(request, id!);
    } catch (error) {
      if (!isApiError(error)) throw error;
      return failure(error, intent, id, null);
    }
    return redirectWithToast(PAGE, successNotification('Address deleted'));
  }

  const values = readAddressValues(form);
  const parsed = parseAddressForm(values);
  if (!parsed.ok)
    return data<ActionResult>(
      { intent, id, values, fieldErrors: parsed.fieldErrors, formErrors: [] },
      { status: 400 },
    );
  try {
    if (intent === 'create') await createAddress(request, parsed.input);
    else await updateAddress(request, id!, parsed.input);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return failure(error, intent, id, values);
  }
  const name = values.name.trim();
  const what = name ? `Address “${name}”` : 'Address';
  return redirectWithToast(
    PAGE,
    successNotification(intent === 'create' ? `${what} added` : `${what} saved`),
  );
}

function locationTypeLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return LOCATION_TYPE_OPTIONS.find((o) => o.value === value)?.label ?? value;
}

function AddressCard({ address, result }: { address: Address; result: ActionResult | undefined }) {
  const deleteError = result?.intent === 'delete' && result.id === address.id ? result.formErrors : [];
  const kind = locationTypeLabel(address.locationType);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 className="flex flex-wrap items-center gap-2 font-display text-xl font-semibold text-cocoa-900">
          {address.name}
          {kind ? (
            <span className="rounded-full bg-cream-200 px-2.5 py-0.5 text-xs font-semibold text-cocoa-800">
              {kind}
            </span>
          ) : null}
          {address.isUnderUse ? (
            <span className="rounded-full bg-sage-100 px-2.5 py-0.5 text-xs font-semibold text-sage-700">
              In use
            </span>
          ) : null}
        </h3>
        <p className="mt-1 text-cocoa-800">{formatAddress(address) || 'No street address given.'}</p>
        {address.deliveryNote ? (
          <p className="mt-1 text-sm text-cocoa-600">Note: {address.deliveryNote}</p>
        ) : null}
        {deleteError.length ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800">
            {deleteError[0]}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2">
        <Link to={`${PAGE}?edit=${encodeURIComponent(address.id)}`} className={buttonClass.secondary}>
          Edit<span className="sr-only"> {address.name}</span>
        </Link>
        <Form method="post" action={PAGE}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={address.id} />
          <button type="submit" className={buttonClass.ghost}>
            Delete<span className="sr-only"> {address.name}</span>
          </button>
        </Form>
      </div>
    </div>
  );
}

export default function AddressesRoute() {
  const { user, addresses, editId, loadError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failedUpdateId = result?.intent === 'update' ? result.id : null;
  const editing = failedUpdateId ?? editId;
  const createResult = result?.intent === 'create' ? result : undefined;

  return (
    <AccountPage title="Delivery addresses" user={user}>
      <section aria-labelledby="saved-addresses-heading">
        <h2 id="saved-addresses-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Saved addresses
        </h2>
        {loadError ? (
          <p
            role="alert"
            className="mt-4 rounded-2xl border border-red-700/30 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
          >
            {loadError}
          </p>
        ) : addresses.length === 0 ? (
          <p className="mt-4 text-cocoa-700">
            You have no saved addresses yet. Add one below to have food delivered to it.
          </p>
        ) : (
          <ul className="mt-4 space-y-4">
            {addresses.map((address) => (
              <li key={address.id} className="rounded-3xl bg-white p-6 shadow-card">
                {editing === address.id ? (
                  <>
                    <h3
                      id={`edit-${address.id}-title`}
                      className="mb-4 font-display text-xl font-semibold text-cocoa-900"
                    >
                      Edit {address.name}
                    </h3>
                    <AddressForm
                      formId={`edit-${address.id}`}
                      intent="update"
                      addressId={address.id}
                      values={
                        failedUpdateId === address.id && result?.values
                          ? result.values
                          : addressToValues(address)
                      }
                      errors={failedUpdateId === address.id ? result?.fieldErrors : undefined}
                      formErrors={failedUpdateId === address.id ? result?.formErrors : undefined}
                      submitLabel="Save changes"
                      cancelTo={PAGE}
                    />
                  </>
                ) : (
                  <AddressCard address={address} result={result} />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="add-title" className="mt-12 rounded-3xl bg-white p-6 shadow-card">
        <h2 id="add-title" className="mb-4 font-display text-2xl font-semibold text-cocoa-900">
          Add an address
        </h2>
        <AddressForm
          formId="add"
          intent="create"
          values={createResult?.values ?? emptyAddressValues()}
          errors={createResult?.fieldErrors}
          formErrors={createResult?.formErrors}
          submitLabel="Add address"
        />
      </section>
    </AccountPage>
  );
}
