import { redirect } from '@remix-run/node';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { payoutGatewaysFor, Role, STEP_UP_MESSAGE } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { NumberField, SelectField, TextAreaField, TextField } from '~/components/form-fields';
import { FormErrors, Panel } from '~/components/form-layout';
import { ChoiceGroup } from '~/components/form-choice-fields';
import { PayoutSettings } from '~/components/payout-settings';
import { SETTINGS_PAGE as PAGE, SettingsForm } from '~/components/settings-form';
import { buttonClass, linkClass } from '~/components/ui';
import { UploadForm } from '~/components/upload-form';
import { isApiError } from '~/lib/api/client.server';
import { timeZoneOptions } from '~/lib/format/chef-format';
import { parseKitchenAddress } from '~/lib/chef/chef-registration';
import type { ChefSettings, StripeAccount } from '~/lib/chef/chef-types';
import { resolveByNames } from '~/lib/forms/form-errors';
import { apiFailure, formRefusal, unknownIntent } from '~/lib/forms/form-failure.server';
import type { FormResult } from '~/lib/forms/form-values';
import { readValues, resultFor, textOf } from '~/lib/forms/form-values';
import { requireRole } from '~/lib/session/guards.server';
import { reauthHref } from '~/lib/session/auth';
import { readActionForm, runUpload } from '~/lib/http/multipart.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import {
  BENEFICIARY_FIELDS,
  CUTOFF_UNIT_CHOICES,
  DISTANCE_CHOICES,
  FULFILMENT_CHOICES,
  PICKUP_FIELDS,
  SETTINGS_FORMS,
  beneficiaryBody,
  isSettingsForm,
  kitchenCountry,
  settingsChanges,
  settingsValues,
} from '~/lib/chef/settings-form';
import type { SettingsForm as SettingsFormName } from '~/lib/chef/settings-form';
import {
  addBeneficiary,
  addPickupLocation,
  readStripeAccount,
  setupStripeAccount,
  deletePickupLocation,
  readSettings,
  regenerateSecretCode,
  saveSettings,
  updatePickupLocation,
  uploadPermit,
} from '~/lib/chef/settings.server';
import { redirectWithToast } from '~/lib/ui/toast.server';
import { PickupLocations } from '~/components/chef/pickup-locations';

export const meta: MetaFunction = () => [{ title: 'Settings — Hearth' }];

/** /l/settings: chefs only (spec §6 chef guard). Every settings key that needs no payment gateway. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.CHEF);
  const editPickup = new URL(request.url).searchParams.get('pickup');
  try {
    const settings = await readSettings(request);
    // The zones come from the server: the browser's list may differ, and the page must hydrate as rendered.
    const timeZones = timeZoneOptions(settings.TIME_ZONE?.timeZoneId);
    // Outside India the kitchen is paid through Stripe Connect; its state is shown, or null when unreadable.
    const stripe = payoutGatewaysFor(kitchenCountry(settings)).includes('STRIPE')
      ? await readStripeAccount(request).catch((error: unknown) => {
          if (isApiError(error)) return null;
          throw error;
        })
      : null;
    return { user: { name, email }, settings, timeZones, editPickup, stripe, loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const timeZones: string[] = [];
    return {
      user: { name, email },
      settings: null as ChefSettings | null,
      timeZones,
      editPickup,
      stripe: null as StripeAccount | null,
      loadError: failureText(error.problem),
    };
  }
}

const SAVED: Record<SettingsFormName, string> = {
  delivery: 'Delivery settings saved',
  ordering: 'Order cut-off saved',
  'time-zone': 'Time zone saved',
  payments: 'Payment methods saved',
};

const resolvePickup = resolveByNames(PICKUP_FIELDS);
const resolveBeneficiary = resolveByNames(BENEFICIARY_FIELDS);

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, Role.CHEF);
  const form = await readActionForm(request);
  const values = readValues(form, ['PAYMENT_PREFERENCES']);
  const intent = textOf(values, 'intent');
  const target = textOf(values, 'target') || null;
  const done = (text: string) => redirectWithToast(PAGE, successNotification(text));

  if (isSettingsForm(intent)) {
    try {
      await saveSettings(request, settingsChanges(intent, values));
    } catch (error) {
      return apiFailure(error, { intent, values }, resolveByNames(SETTINGS_FORMS[intent]));
    }
    return done(SAVED[intent]);
  }
  switch (intent) {
    case 'secret-code':
      try {
        await regenerateSecretCode(request);
      } catch (error) {
        return apiFailure(error, { intent });
      }
      return done('New secret code made');
    case 'beneficiary': {
      let registered = false;
      try {
        registered = (await addBeneficiary(request, beneficiaryBody(values))).registeredWithGateway;
      } catch (error) {
        // Step-up (S-09): the sign-in is too old for a payout change; sign in again, then back to the form.
        if (isApiError(error) && error.problem?.message === STEP_UP_MESSAGE)
          return redirect(reauthHref(`${PAGE}?reauthenticated=1#payouts`));
        return apiFailure(error, { intent, values }, resolveBeneficiary);
      }
      return done(registered ? 'Bank account registered with Cashfree' : 'Payout details saved');
    }
    case 'stripe-setup': {
      let url: string;
      try {
        url = (await setupStripeAccount(request)).url;
      } catch (error) {
        // Step-up (S-09), as for the bank account: this decides where card money goes.
        if (isApiError(error) && error.problem?.message === STEP_UP_MESSAGE)
          return redirect(reauthHref(`${PAGE}?reauthenticated=1#getting-paid`));
        return apiFailure(error, { intent });
      }
      // Off to Stripe's hosted onboarding (an external page): a 303, so it works without JavaScript.
      return redirect(url, 303);
    }
    case 'add-pickup':
    case 'update-pickup': {
      const parsed = parseKitchenAddress(values, { place: true });
      if (!parsed.ok) return formRefusal({ intent, target, values }, parsed.fieldErrors);
      try {
        if (intent === 'add-pickup') await addPickupLocation(request, parsed.body);
        else await updatePickupLocation(request, target ?? '', parsed.body);
      } catch (error) {
        return apiFailure(error, { intent, target, values }, resolvePickup);
      }
      return done(intent === 'add-pickup' ? 'Pickup location added' : 'Pickup location saved');
    }
    case 'delete-pickup':
      try {
        await deletePickupLocation(request, target ?? '');
      } catch (error) {
        return apiFailure(error, { intent, target });
      }
      return done('Pickup location removed');
    case 'upload-permit': {
      const failure = await runUpload(form, { intent }, ([file]) => uploadPermit(request, file));
      return failure ?? done('Food handler permit uploaded');
    }
  }
  return unknownIntent();
}

export default function SettingsRoute() {
  const { user, settings, timeZones, editPickup, stripe, loadError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  if (!settings) {
    return (
      <AccountPage title="Settings" user={user}>
        <ChefNav />
        <FormErrors errors={[loadError ?? failureText(null)]} />
      </AccountPage>
    );
  }
  const values = settingsValues(settings);
  const secretFailed = resultFor(result, 'secret-code');
  const permit = settings.FOOD_HANDLER_PERMIT;
  return (
    <AccountPage title="Settings" user={user}>
      <ChefNav />
      <div className="space-y-8">
        <Panel id="delivery" title="Delivery">
          <SettingsForm
            intent="delivery"
            label="Delivery settings"
            defaults={values}
            result={result}
            submitLabel="Save delivery settings"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <TextAreaField
                name="ZIPCODES"
                label="Zip codes you deliver to"
                rows={2}
                hint="Separated by commas or spaces. New menus start with these."
                className="sm:col-span-2"
              />
              <NumberField
                name="RADIUS"
                label="Delivery radius"
                min={0}
                hint="0: only the zip codes above."
              />
              <SelectField
                name="DELIVERY_MEASUREMENT"
                label="Radius measured in"
                options={DISTANCE_CHOICES}
              />
              <TextField
                name="DELIVERY_FEES"
                label="Delivery fee"
                inputMode="decimal"
                hint="In your currency, e.g. 4.99."
              />
              <ChoiceGroup
                name="DEFAULT_FULFILLMENT"
                legend="Default fulfilment"
                type="radio"
                options={FULFILMENT_CHOICES}
                columns="grid-cols-2"
              />
            </div>
          </SettingsForm>
        </Panel>

        <Panel id="ordering" title="Ordering">
          <SettingsForm
            intent="ordering"
            label="Order cut-off"
            defaults={values}
            result={result}
            submitLabel="Save order cut-off"
          >
            <p className="text-sm text-cocoa-700">
              By default, orders for a time slot close this long before it starts. Each menu can change it.
            </p>
            <div className="grid gap-5 sm:grid-cols-2">
              <NumberField
                name="PRE_ORDER_NUMBER"
                label="Stop orders before the slot"
                min={0}
                step="1"
                inputMode="numeric"
              />
              <SelectField name="PRE_ORDER_DAYS_HOURS" label="Cut-off unit" options={CUTOFF_UNIT_CHOICES} />
            </div>
          </SettingsForm>
        </Panel>

        <Panel id="kitchen" title="Kitchen">
          <div className="space-y-8">
            <SettingsForm
              intent="time-zone"
              label="Time zone"
              defaults={values}
              result={result}
              submitLabel="Save time zone"
            >
              <SelectField
                name="TIME_ZONE"
                label="Time zone"
                options={timeZones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))}
                hint={settings.TIME_ZONE ? `Now: ${settings.TIME_ZONE.timeZoneName}.` : undefined}
              />
            </SettingsForm>
            <div>
              <h3 className="font-semibold text-cocoa-900">Secret code</h3>
              <p className="mt-1 text-sm text-cocoa-700">
                Menus you mark <strong>Private</strong> (for a club, an office, friends) stay out of searches
                and your kitchen page. Give this code to the people you cook them for: they enter it on your
                kitchen page under &ldquo;Have a code from this kitchen?&rdquo; and then see and order from
                your private menus. The code is not case-sensitive.
              </p>
              {settings.SECRET_CODE ? (
                <p className="mt-1 text-sm text-cocoa-700">
                  Generating a new code locks everyone out who has the old one: their private menus disappear
                  and private dishes in their carts can no longer be ordered until they enter the new code.
                </p>
              ) : null}
              <p className="mt-2 text-cocoa-900">
                {settings.SECRET_CODE ? (
                  <>
                    Your code:{' '}
                    <strong className="font-mono text-lg tracking-widest">{settings.SECRET_CODE}</strong>
                  </>
                ) : (
                  'You have no secret code yet.'
                )}
              </p>
              <Form method="post" action={PAGE} className="mt-3">
                <input type="hidden" name="intent" value="secret-code" />
                <FormErrors errors={secretFailed?.formErrors} />
                <button type="submit" className={buttonClass.secondary}>
                  {settings.SECRET_CODE ? 'Generate a new code' : 'Generate a code'}
                </button>
              </Form>
            </div>
          </div>
        </Panel>

        <PickupLocations settings={settings} editPickup={editPickup} result={result} />

        <PayoutSettings
          country={kitchenCountry(settings)}
          settings={settings}
          values={values}
          result={result}
          stripe={stripe}
        />

        <Panel id="documents" title="Documents">
          <h3 className="font-semibold text-cocoa-900">Food handler permit</h3>
          <p className="mb-3 mt-1 text-sm text-cocoa-700">
            {permit ? (
              <a href={permit.url} className={linkClass} target="_blank" rel="noreferrer">
                Your food handler permit
              </a>
            ) : (
              'Not uploaded yet.'
            )}{' '}
            Only you and the admins can see it.
          </p>
          <UploadForm
            intent="upload-permit"
            label="Choose your food handler permit"
            accept="application/pdf,image/*"
            submitLabel={permit ? 'Replace permit' : 'Upload permit'}
            result={result}
            hint="PDF, JPEG, PNG or WebP, 5 MB at most."
          />
        </Panel>
      </div>
    </AccountPage>
  );
}
