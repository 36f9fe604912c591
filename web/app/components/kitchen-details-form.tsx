import { Form, Link, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { COUNTRIES, currencyForCountry } from '@hearth/shared';
import { PHONE_CODES, defaultTimeZoneFor } from '~/lib/format/chef-format';
import { BRAND_TYPE_OPTIONS, LOCATION_TYPE_CHOICES } from '~/lib/chef/chef-registration';
import type { FieldErrors, FormValues } from '~/lib/forms/form-values';
import { textOf } from '~/lib/forms/form-values';
import { FieldsScope, SelectField, TextAreaField, TextField, useFormKey } from './form-fields';
import { FormErrors, FormSection } from './form-layout';
import { CheckboxField } from './form-choice-fields';
import { PositionFields } from './position-fields';
import { buttonClass, linkClass } from './ui';

const COUNTRY_CHOICES = COUNTRIES.map((c) => ({ value: c.name, label: c.name }));
const CURRENCIES = COUNTRIES.map((c) => `${c.currencyCode} in ${c.name}`).join(', ');

function setField(form: HTMLFormElement | null, name: string, value: string) {
  const field = form?.elements.namedItem(name);
  if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value;
}

/**
 * Every field of a kitchen (spec §3 Chef): chef registration (`intent=register`, with the agreement) and
 * later changes (`intent=save`). Works as a plain form; with JavaScript the storefront address follows
 * the kitchen name, and choosing a country sets its calling codes, time zone and currency.
 */
export function KitchenDetailsForm({
  intent,
  values,
  errors,
  formErrors,
  origin,
  timeZones,
  submitLabel,
}: {
  intent: 'register' | 'save';
  /** IANA zones from the server (the browser's list may differ, and the page must hydrate as rendered). */
  timeZones: string[];
  values: FormValues;
  errors?: FieldErrors;
  formErrors?: string[];
  origin: string;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const key = useFormKey(values);
  const [kitchenName, setKitchenName] = useState(textOf(values, 'kitchenName'));
  const [country, setCountry] = useState(textOf(values, 'country'));
  const formId = `kitchen-${intent}`;

  const onCountry = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = COUNTRIES.find((c) => c.name === event.target.value);
    setCountry(event.target.value);
    if (!next) return;
    const form = event.target.form;
    setField(form, 'timeZone', defaultTimeZoneFor(next.name));
    setField(form, 'phoneCountryCode', next.phoneCode);
    setField(form, 'whatsAppCountryCode', next.phoneCode);
  };
  const preview = `${origin}/${kitchenName.trim() || 'your-kitchen-name'}`;

  return (
    <FieldsScope formId={formId} values={values} errors={errors}>
      <Form method="post" className="space-y-6" aria-labelledby={`${formId}-title`} key={key}>
        <input type="hidden" name="intent" value={intent} />
        <FormErrors errors={formErrors} />

        <FormSection title="Your kitchen">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="kitchenName"
              label="Kitchen name"
              required
              autoComplete="off"
              minLength={3}
              maxLength={40}
              onChange={(e) => setKitchenName(e.target.value)}
              hint={
                <>
                  Letters, digits and hyphens. Your storefront will be at{' '}
                  <output htmlFor={`${formId}-kitchenName`} className="font-semibold text-cocoa-900">
                    {preview}
                  </output>
                </>
              }
            />
            <TextField
              name="brandDisplayName"
              label="Brand display name"
              required
              hint="How customers see your name, e.g. Priya's Kitchen."
            />
            <SelectField name="brandType" label="Brand type" options={BRAND_TYPE_OPTIONS} />
            <TextField name="speciality" label="Speciality" hint="For example: Andhra home food." />
            <TextAreaField name="profileDescription" label="Description" rows={4} className="sm:col-span-2" />
          </div>
        </FormSection>

        <FormSection title="Contact">
          <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
            <SelectField name="phoneCountryCode" label="Phone country code" options={PHONE_CODES} />
            <TextField
              name="phoneNumber"
              label="Phone number"
              type="tel"
              autoComplete="tel-national"
              required
            />
            <SelectField name="whatsAppCountryCode" label="WhatsApp country code" options={PHONE_CODES} />
            <TextField name="whatsAppNumber" label="WhatsApp number" type="tel" hint="Optional." />
          </div>
        </FormSection>

        <FormSection title="Where you cook">
          <p className="text-sm text-cocoa-700">
            Your kitchen address is your first pickup location and places you on the map for customers nearby:
            its zip code is enough.
          </p>
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              name="country"
              label="Country"
              options={COUNTRY_CHOICES}
              onChange={onCountry}
              hint={
                <>
                  You sell in <strong>{currencyForCountry(country)}</strong>. Currencies: {CURRENCIES}.
                </>
              }
            />
            <SelectField
              name="timeZone"
              label="Time zone"
              options={timeZones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))}
              hint="Your menu dates, time slots and order cut-offs are in this time zone."
            />
            <TextField name="addressLine1" label="Address line 1" autoComplete="address-line1" required />
            <TextField name="addressLine2" label="Address line 2" autoComplete="address-line2" />
            <TextField name="city" label="City" autoComplete="address-level2" required />
            <TextField name="state" label="State" autoComplete="address-level1" />
            <TextField name="zipcode" label="Zip code" autoComplete="postal-code" required />
            <SelectField name="locationType" label="Type of place" options={LOCATION_TYPE_CHOICES} />
            <TextField name="locality" label="Locality" />
            <TextField name="district" label="District" />
            <TextAreaField
              name="deliveryNote"
              label="Note for customers who pick up"
              rows={2}
              className="sm:col-span-2"
            />
            <PositionFields
              formId={formId}
              country={country}
              lat={textOf(values, 'lat')}
              lng={textOf(values, 'lng')}
              errors={{ lat: errors?.lat, lng: errors?.lng }}
            />
          </div>
        </FormSection>

        {intent === 'register' ? (
          <CheckboxField
            name="acceptAgreement"
            label={
              <>
                I accept the{' '}
                <Link to="/resources/terms-of-service" className={linkClass}>
                  chef agreement and terms of service
                </Link>
                .
              </>
            }
          />
        ) : null}

        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      </Form>
    </FieldsScope>
  );
}
