import { useSearchParams } from '@remix-run/react';
import { payoutGatewaysFor } from '@hearth/shared';
import type { ChefSettings } from '~/lib/chef/chef-types';
import type { FormResult, FormValues } from '~/lib/forms/form-values';
import { beneficiaryValues, paymentChoices } from '~/lib/chef/settings-form';
import { TextField } from './form-fields';
import { Panel } from './form-layout';
import { ChoiceGroup } from './form-choice-fields';
import { SettingsForm } from './settings-form';

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
      <p className="mt-1 text-sm text-cocoa-700">
        {settings.CASH_FREE
          ? `Bank account ending ${settings.CASH_FREE.bankAccount.slice(-4)} (${settings.CASH_FREE.ifsc}) is registered${
              settings.CASH_FREE.registeredWithGateway ? '' : '; payouts start once the gateway is connected'
            }.`
          : 'Register the bank account your payouts go to.'}
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

/**
 * The payments panel, fitted to the kitchen's country (spec §9 chef settings keys): the payment methods
 * offered there, and how the kitchen is paid out — an Indian bank account through Cashfree (account
 * number and IFSC) in India, Stripe or PayPal elsewhere, with no Indian fields.
 */
export function PayoutSettings({
  country,
  settings,
  values,
  result,
}: {
  /** The kitchen's country (its own address's). */
  country: string;
  settings: ChefSettings;
  values: FormValues;
  result: FormResult | undefined;
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
            hint="Card and online payments come later; cash is available now."
          />
        </SettingsForm>
        {gateways.includes('CASH_FREE') ? (
          <CashfreeAccount settings={settings} result={result} />
        ) : (
          <div data-testid="payouts">
            <h3 className="font-semibold text-cocoa-900">Payouts (Stripe or PayPal)</h3>
            <p className="mt-1 text-sm text-cocoa-700">
              Kitchens in {country} are paid out through Stripe or PayPal. Connecting your account comes with
              online payments; until then your customers pay you in cash on pickup or delivery, and there is
              nothing to set up here.
            </p>
          </div>
        )}
      </div>
    </Panel>
  );
}
