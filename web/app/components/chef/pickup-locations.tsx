import { Form, Link } from '@remix-run/react';
import { FormErrors, Panel } from '~/components/form-layout';
import { PickupLocationForm } from '~/components/pickup-location-form';
import { SETTINGS_PAGE as PAGE } from '~/components/settings-form';
import { buttonClass, linkClass } from '~/components/ui';
import { formatAddress } from '~/lib/account/address';
import type { ChefSettings } from '~/lib/chef/chef-types';
import type { FormResult } from '~/lib/forms/form-values';
import { resultFor } from '~/lib/forms/form-values';
import { emptyPickupValues, pickupToValues } from '~/lib/chef/settings-form';

/** The kitchen's pickup places: each with edit and delete, and the form to add or edit one. */
export function PickupLocations({
  settings,
  editPickup,
  result,
}: {
  settings: ChefSettings;
  editPickup: string | null;
  result: FormResult | undefined;
}) {
  const failedUpdate = resultFor(result, 'update-pickup');
  const editing = failedUpdate?.target ?? editPickup;
  const added = resultFor(result, 'add-pickup');
  const country = settings.PICKUP_LOCATIONS[0]?.country ?? 'United States';
  return (
    <Panel id="pickup" title="Pickup locations">
      <p className="mb-4 text-sm text-cocoa-700">
        Where customers collect their food. The first is your kitchen address; change it under{' '}
        <Link to="/l/chef-registration" className={linkClass}>
          kitchen details
        </Link>{' '}
        or here.
      </p>
      <ul className="space-y-4">
        {settings.PICKUP_LOCATIONS.map((p) => {
          const deleteFailed = resultFor(result, 'delete-pickup', p.id);
          return (
            <li key={p.id} className="rounded-2xl border border-cocoa-700/10 p-4">
              {editing === p.id ? (
                <>
                  <h3 id={`pickup-${p.id}-title`} className="mb-4 font-semibold text-cocoa-900">
                    Edit {p.name}
                  </h3>
                  <PickupLocationForm
                    formId={`pickup-${p.id}`}
                    id={p.id}
                    action={PAGE}
                    values={
                      failedUpdate?.target === p.id && failedUpdate.values
                        ? failedUpdate.values
                        : pickupToValues(p)
                    }
                    errors={failedUpdate?.target === p.id ? failedUpdate.fieldErrors : undefined}
                    formErrors={failedUpdate?.target === p.id ? failedUpdate.formErrors : undefined}
                    submitLabel="Save pickup location"
                    cancelTo={PAGE}
                  />
                </>
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h3 className="font-semibold text-cocoa-900">
                      {p.name}
                      {p.isPrimary ? (
                        <span className="ml-2 text-xs font-semibold text-sage-700">Kitchen address</span>
                      ) : null}
                    </h3>
                    <p className="text-sm text-cocoa-700">{formatAddress(p)}</p>
                    <FormErrors errors={deleteFailed?.formErrors} />
                  </div>
                  <div className="flex gap-2">
                    <Link
                      to={`${PAGE}?pickup=${encodeURIComponent(p.id)}#pickup-heading`}
                      className={buttonClass.secondary}
                    >
                      Edit<span className="sr-only"> {p.name}</span>
                    </Link>
                    {p.isPrimary ? null : (
                      <Form method="post" action={PAGE}>
                        <input type="hidden" name="intent" value="delete-pickup" />
                        <input type="hidden" name="target" value={p.id} />
                        <button type="submit" className={buttonClass.ghost}>
                          Delete<span className="sr-only"> {p.name}</span>
                        </button>
                      </Form>
                    )}
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <h3 id="pickup-add-title" className="mb-4 mt-8 font-semibold text-cocoa-900">
        Add a pickup location
      </h3>
      <PickupLocationForm
        formId="pickup-add"
        action={PAGE}
        values={added?.values ?? emptyPickupValues(country)}
        errors={added?.fieldErrors}
        formErrors={added?.formErrors}
        submitLabel="Add pickup location"
      />
    </Panel>
  );
}
