import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { COUNTRY_NAMES, LOCATION_TYPE_OPTIONS } from '~/lib/account/address';
import type { AddressField, AddressFieldErrors, AddressValues } from '~/lib/account/address';
import { PositionFields } from './position-fields';
import { buttonClass, inputClass, labelClass } from './ui';

const LABELS: Record<AddressField, string> = {
  name: 'Name',
  address: 'Full address (one line)',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  zipcode: 'Zip code',
  country: 'Country',
  locality: 'Locality',
  district: 'District',
  locationType: 'Type of place',
  deliveryNote: 'Note for the driver',
  lat: 'Latitude',
  lng: 'Longitude',
  isUnderUse: 'Use this address for my deliveries',
};

const HINTS: Partial<Record<AddressField, string>> = {
  name: 'For example Home or Work.',
  address: 'Optional: how the whole address reads on one line.',
};

const AUTOCOMPLETE: Partial<Record<AddressField, string>> = {
  address: 'street-address',
  addressLine1: 'address-line1',
  addressLine2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zipcode: 'postal-code',
  country: 'country-name',
};

function FieldShell({
  id,
  field,
  error,
  children,
  className = '',
}: {
  id: string;
  field: AddressField;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  const hint = HINTS[field];
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {LABELS[field]}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-cocoa-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Every field of an Address (spec §3) in one plain form: it posts to the page's action with an
 * `intent`, and shows what was typed and the API's messages beside the fields after a failed submit.
 * No coordinates: the API places the address from its zip code ({@link PositionFields}).
 */
export function AddressForm({
  formId,
  intent,
  addressId,
  values,
  errors = {},
  formErrors = [],
  submitLabel,
  cancelTo,
}: {
  formId: string;
  intent: 'create' | 'update';
  addressId?: string;
  values: AddressValues;
  errors?: AddressFieldErrors;
  formErrors?: string[];
  submitLabel: string;
  cancelTo?: string;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('formId') === formId;
  const idOf = (field: AddressField) => `${formId}-${field}`;
  const a11y = (field: AddressField) => {
    const id = idOf(field);
    const described = [HINTS[field] ? `${id}-hint` : null, errors[field] ? `${id}-error` : null].filter(
      Boolean,
    );
    return {
      id,
      name: field,
      defaultValue: values[field],
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': described.length ? described.join(' ') : undefined,
      className: inputClass,
    };
  };
  const text = (field: AddressField, className = '') => (
    <FieldShell id={idOf(field)} field={field} error={errors[field]} className={className}>
      <input type="text" autoComplete={AUTOCOMPLETE[field] ?? 'off'} {...a11y(field)} />
    </FieldShell>
  );

  return (
    // The fields are uncontrolled: a new key (after a redirect, or values sent back by a failed submit)
    // makes them start again from `values` instead of keeping what the browser still shows.
    <Form
      method="post"
      action="/l/addresses"
      className="space-y-5"
      aria-labelledby={`${formId}-title`}
      key={`${location.key}:${JSON.stringify(values)}`}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="formId" value={formId} />
      {addressId ? <input type="hidden" name="id" value={addressId} /> : null}
      {formErrors.length ? (
        <div
          role="alert"
          className="rounded-2xl border border-red-700/30 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
        >
          {formErrors.length === 1 ? (
            <p>{formErrors[0]}</p>
          ) : (
            <ul className="list-disc pl-5">
              {formErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {text('name')}
        <FieldShell id={idOf('locationType')} field="locationType" error={errors.locationType}>
          <select {...a11y('locationType')}>
            {LOCATION_TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </FieldShell>
        {text('address', 'sm:col-span-2')}
        {text('addressLine1')}
        {text('addressLine2')}
        {text('city')}
        {text('state')}
        {text('zipcode')}
        <FieldShell id={idOf('country')} field="country" error={errors.country}>
          <select autoComplete="country-name" {...a11y('country')}>
            {/* A saved country the list does not know stays selectable rather than silently changing. */}
            {[
              ...COUNTRY_NAMES,
              ...(values.country && !COUNTRY_NAMES.includes(values.country) ? [values.country] : []),
            ].map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </FieldShell>
        {text('locality')}
        {text('district')}
        <FieldShell
          id={idOf('deliveryNote')}
          field="deliveryNote"
          error={errors.deliveryNote}
          className="sm:col-span-2"
        >
          <textarea rows={3} {...a11y('deliveryNote')} />
        </FieldShell>
        <PositionFields
          formId={formId}
          country={values.country}
          lat={values.lat}
          lng={values.lng}
          errors={{ lat: errors.lat, lng: errors.lng }}
        />
        <div className="sm:col-span-2">
          <div className="flex items-center gap-3">
            <input
              type="checkbox"
              id={idOf('isUnderUse')}
              name="isUnderUse"
              defaultChecked={values.isUnderUse === 'on'}
              aria-invalid={errors.isUnderUse ? true : undefined}
              aria-describedby={errors.isUnderUse ? `${idOf('isUnderUse')}-error` : undefined}
              className="h-5 w-5 rounded border-cocoa-700/40 text-ember-700 focus:ring-ember-700/30"
            />
            <label htmlFor={idOf('isUnderUse')} className="text-sm font-semibold text-cocoa-800">
              {LABELS.isUnderUse}
            </label>
          </div>
          {errors.isUnderUse ? (
            <p id={`${idOf('isUnderUse')}-error`} className="mt-1.5 text-sm font-medium text-red-800">
              {errors.isUnderUse}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {cancelTo ? (
          <Link to={cancelTo} className={buttonClass.ghost}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
