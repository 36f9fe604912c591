import { Form, Link } from '@remix-run/react';
import { COUNTRIES } from '@hearth/shared';
import { LOCATION_TYPE_CHOICES } from '~/lib/chef/chef-registration';
import type { FieldErrors, FormValues } from '~/lib/forms/form-values';
import { textOf } from '~/lib/forms/form-values';
import { FieldsScope, SelectField, TextAreaField, TextField, useFormKey } from './form-fields';
import { FormErrors } from './form-layout';
import { PositionFields } from './position-fields';
import { buttonClass } from './ui';

const COUNTRY_CHOICES = COUNTRIES.map((c) => ({ value: c.name, label: c.name }));

/** A pickup place: add one, or change one (`id`). The API places it from its zip code ({@link PositionFields}). */
export function PickupLocationForm({
  formId,
  id,
  values,
  errors,
  formErrors,
  submitLabel,
  cancelTo,
  action,
}: {
  formId: string;
  id?: string;
  values: FormValues;
  errors?: FieldErrors;
  formErrors?: string[];
  submitLabel: string;
  cancelTo?: string;
  action: string;
}) {
  const key = useFormKey(values);
  return (
    <FieldsScope formId={formId} values={values} errors={errors}>
      <Form method="post" action={action} key={key} className="space-y-5" aria-labelledby={`${formId}-title`}>
        <input type="hidden" name="intent" value={id ? 'update-pickup' : 'add-pickup'} />
        {id ? <input type="hidden" name="target" value={id} /> : null}
        <FormErrors errors={formErrors} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="name" label="Name" hint="For example: Farmers market stall." />
          <SelectField name="country" label="Country" options={COUNTRY_CHOICES} />
          <TextField name="addressLine1" label="Address line 1" required />
          <TextField name="addressLine2" label="Address line 2" />
          <TextField name="city" label="City" required />
          <TextField name="state" label="State" />
          <TextField name="zipcode" label="Zip code" required />
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
            country={textOf(values, 'country')}
            lat={textOf(values, 'lat')}
            lng={textOf(values, 'lng')}
            errors={{ lat: errors?.lat, lng: errors?.lng }}
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass.primary}>
            {submitLabel}
          </button>
          {cancelTo ? (
            <Link to={cancelTo} className={buttonClass.ghost}>
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </FieldsScope>
  );
}
