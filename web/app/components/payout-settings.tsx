import { Form, useNavigation, useSearchParams } from '@remix-run/react';
import { payoutGatewaysFor } from '@hearth/shared';
import type { ChefSettings, StripeAccount } from '~/lib/chef/chef-types';
import type { FormResult, FormValues } from '~/lib/forms/form-values';
import { resultFor } from '~/lib/forms/form-values';
import { beneficiaryValues, paymentChoices } from '~/lib/chef/settings-form';
import { TextField } from './form-fields';
import { FormErrors, Panel } from './form-layout';
import { ChoiceGroup } from './form-choice-fields';
import { SettingsForm } from './settings-form';
import { buttonClass } from './ui';

/** Cashfree's bank account form: for kitchens in India only (the API refuses it elsewhere). */
function CashfreeAccount({ settings, result }: { settings: ChefSettings; result: FormResult | undefined }) {
  const [search] = useSearchParams();
  return (
    <div id="payouts">
      <h3 className="font-semibold text-cocoa-900">Cashfree payouts (India)</h3>
      {search.get('reauthenticated') === '1' ? (
        <p role="status" className="mt-1 text-sm font-medium text-cocoa-900">
          You signed in again. Enter the bank account once more to save it.
        </p>
      ) : null}
      <p className="mt-1 text-sm text-cocoa-700" data-testid="cashfree-state">
        {settings.CASH_FREE ? (
          <>
            Bank account ending {settings.CASH_FREE.bankAccount.slice(-4)} ({settings.CASH_FREE.ifsc}):{' '}
            {settings.CASH_FREE.registeredWithGateway ? (
              <strong className="text-cocoa-900">Registered with Cashfree</strong>
            ) : (
              <strong>saved, not registered with Cashfree yet</strong>
            )}
            .{' '}
            {settings.CASH_FREE.registeredWithGateway
              ? 'Your payouts go to it.'
              : 'Payouts start once it is registered: save it again to retry.'}
          </>
        ) : (
          'Register the bank account your payouts go to. Cashfree checks it before it is saved.'
        )}
      </p>
      <div className="mt-4">
        <SettingsForm
          intent="beneficiary"
          label="Cashfree bank account"
          defaults={beneficiaryValues(settings)}
          result={result}
          submitLabel="Save bank account"
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="name" label="Name on the account" autoComplete="name" />
            <TextField
              name="accountNumber"
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              hint="The whole number. For your safety you may be asked to sign in again before it is saved."
            />
            <TextField name="ifsc" label="IFSC" hint="For example HDFC0001234." />
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
            <TextField name="address1" label="Address" autoComplete="address-line1" />
            <TextField name="city" label="City" autoComplete="address-level2" />
            <TextField name="state" label="State" autoComplete="address-level1" />
            <TextField name="pincode" label="PIN code" inputMode="numeric" />
          </div>
        </SettingsForm>
      </div>
    </div>
  );
}

/** Where the kitchen's Stripe Connect account stands, and the button that moves it on (a plain form). */
function StripeAccountSection({
  stripe,
  result,
}: {
  stripe: StripeAccount | null;
  result: FormResult | undefined;
}) {
  const failed = resultFor(result, 'stripe-setup');
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'stripe-setup';
  const state = stripe?.state ?? null;
  return (
    <div data-testid="payouts">
      <h3 className="font-semibold text-cocoa-900">Card payments with Stripe</h3>
      {search.get('stripe') === 'refresh' ? (
        <p role="status" className="mt-1 text-sm font-medium text-cocoa-900">
          The onboarding link expired. Continue onboarding to get a new one.
        </p>
      ) : null}
      {search.get('reauthenticated') === '1' ? (
        <p role="status" className="mt-1 text-sm font-medium text-cocoa-900">
          You signed in again. Press the button once more to continue with Stripe.
        </p>
      ) : null}
      <p className="mt-1 text-sm text-cocoa-700" data-testid="stripe-state">
        {state === null
          ? 'The Stripe status cannot be read just now.'
          : state === 'NOT_SET_UP'
            ? 'Not set up. Customers can pay you by card once you have a Stripe account: Stripe asks for your details and bank account, and pays your share out to you.'
            : state === 'ONBOARDING'
              ? 'Onboarding incomplete: Stripe needs more details before card payments can start.'
              : `Card payments enabled. ${stripe?.payoutsEnabled ? 'Payouts enabled.' : 'Payouts are not enabled yet: Stripe may still need details.'}`}
      </p>
      {state !== null && state !== 'ENABLED' ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="stripe-setup" />
          <FormErrors errors={failed?.formErrors} />
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy
              ? 'Opening Stripe…'
              : state === 'NOT_SET_UP'
                ? 'Set up card payments with Stripe'
                : 'Continue onboarding'}
          </button>
          <p className="mt-1 text-xs text-cocoa-700">
            You go to Stripe and come back here. For your safety you may be asked to sign in again first.
          </p>
        </Form>
      ) : state === 'ENABLED' ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="stripe-setup" />
          <FormErrors errors={failed?.formErrors} />
          <button type="submit" className={buttonClass.secondary} disabled={busy}>
            Update your details at Stripe
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/**
 * The payments panel, fitted to the kitchen's country (spec §9 chef settings keys): the payment methods
 * offered there with the cash limit, and "Getting paid" — an Indian bank account registered with Cashfree
 * Payouts in India, a Stripe Connect account elsewhere.
 */
export function PayoutSettings({
  country,
  settings,
  values,
  result,
  stripe,
}: {
  /** The kitchen's country (its own address's). */
  country: string;
  settings: ChefSettings;
  values: FormValues;
  result: FormResult | undefined;
  /** The Stripe account (outside India), null when it could not be read. */
  stripe: StripeAccount | null;
}) {
  const gateways = payoutGatewaysFor(country);
  return (
    <Panel id="payments" title="Payments">
      <div className="space-y-8">
        <SettingsForm
          intent="payments"
          label="Payment methods"
          defaults={values}
          result={result}
          submitLabel="Save payment methods"
        >
          <ChoiceGroup
            name="PAYMENT_PREFERENCES"
            legend="Payment methods you accept"
            options={paymentChoices(country)}
            columns="sm:grid-cols-2"
            hint={
              gateways.includes('CASH_FREE')
                ? 'Customers see Cashfree and Paytm at checkout once your bank account is registered with Cashfree.'
                : 'Customers see card payment at checkout once your Stripe onboarding is done.'
            }
          />
          <TextField
            name="CASH_MAX_ORDER_VALUE"
            label="Largest order you accept in cash"
            inputMode="decimal"
            hint="In your currency, e.g. 150.00. Leave empty for no limit. Larger orders pay online."
          />
        </SettingsForm>
        <section id="getting-paid" aria-labelledby="getting-paid-title" className="space-y-4">
          <h3 id="getting-paid-title" className="font-display text-lg font-semibold text-cocoa-900">
            Getting paid
          </h3>
          {gateways.includes('CASH_FREE') ? (
            <CashfreeAccount settings={settings} result={result} />
          ) : (
            <StripeAccountSection stripe={stripe} result={result} />
          )}
        </section>
      </div>
    </Panel>
  );
}
