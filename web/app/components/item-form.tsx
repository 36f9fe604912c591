import { Form, Link, useNavigation } from '@remix-run/react';
import { useRef, useState } from 'react';
import { NUTRIENTS } from '@hearth/shared';
import type { FieldErrors, FormValues } from '~/lib/forms/form-values';
import {
  DELIVERY_OPTION_CHOICES,
  FOOD_TYPE_CHOICES,
  MEDICAL_CHOICES,
  NUTRIENT_LABELS,
  PRICING_FIELDS,
  TIME_SLOT_CHOICES,
  newPricingRow,
  pricingName,
  pricingRows,
} from '~/lib/chef/item-form';
import type { PricingField, PricingRow } from '~/lib/chef/item-form';
import { FieldsScope, NumberField, TextAreaField, TextField, useField, useFormKey } from './form-fields';
import { FormErrors, FormSection } from './form-layout';
import { ChoiceGroup } from './form-choice-fields';
import { useHydrated } from './notifications';
import { buttonClass, inputClass } from './ui';

const PRICING_LABELS: Record<PricingField, string> = {
  measurement: 'Measurement',
  quantity: 'Quantity',
  chefPrice: 'Price',
  serves: 'Serves',
};

function PricingInput({ index, field, value }: { index: number; field: PricingField; value: string }) {
  const name = pricingName(index, field);
  const { id, error } = useField(name);
  const numeric = field !== 'measurement';
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-cocoa-800">
        {PRICING_LABELS[field]}
        <span className="sr-only"> of pricing option {index + 1}</span>
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode={numeric ? (field === 'serves' ? 'numeric' : 'decimal') : undefined}
        defaultValue={value}
        required={field === 'chefPrice'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The pricing options as repeatable rows. Without JavaScript, "Add another pricing option" and
 * "Remove" are submit buttons (intents) and the page comes back with the rows changed, keeping what was
 * typed; with JavaScript the rows change in place.
 */
function PricingOptions({ values, currencyCode }: { values: FormValues; currencyCode: string }) {
  const hydrated = useHydrated();
  const nextKey = useRef(0);
  const keyed = (row: PricingRow) => ({ row, key: `row-${nextKey.current++}` });
  const [rows, setRows] = useState(() => pricingRows(values).map(keyed));
  const { error } = useField('pricingOptions');
  return (
    <FormSection title="Pricing options">
      <p className="text-sm text-cocoa-700">
        Each way you sell this item, e.g. 1 Kgs serving 3, or 500 g serving 1. Prices in {currencyCode}.
      </p>
      {error ? <p className="text-sm font-medium text-red-800">{error}</p> : null}
      <ol className="space-y-4">
        {rows.map(({ row, key }, index) => (
          <li key={key} className="rounded-2xl bg-cream-100 p-4" aria-label={`Pricing option ${index + 1}`}>
            <input type="hidden" name={pricingName(index, 'id')} value={row.id} />
            <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_1fr_auto]">
              {PRICING_FIELDS.map((field) => (
                <PricingInput key={field} index={index} field={field} value={row[field]} />
              ))}
              {rows.length > 1 ? (
                <button
                  type="submit"
                  name="intent"
                  value={`remove-option:${index}`}
                  formNoValidate
                  className={buttonClass.ghost}
                  onClick={(event) => {
                    if (!hydrated) return;
                    event.preventDefault();
                    setRows((current) => current.filter((_, i) => i !== index));
                  }}
                >
                  Remove<span className="sr-only"> pricing option {index + 1}</span>
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <button
        type="submit"
        name="intent"
        value="add-option"
        formNoValidate
        className={buttonClass.secondary}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setRows((current) => [...current, keyed(newPricingRow())]);
        }}
      >
        Add another pricing option
      </button>
    </FormSection>
  );
}

function Nutrition() {
  return (
    <FormSection title="Nutrition facts">
      <p className="text-sm text-cocoa-700">
        Amounts per serving (mg unless you say otherwise) and % of the daily value.
      </p>
      <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {NUTRIENTS.map((n) => (
          <div key={n} className="grid grid-cols-2 gap-3">
            <NumberField name={`nutrition.${n}`} label={NUTRIENT_LABELS[n]} min={0} />
            <NumberField name={`nutrition.${n}_percent`} label={`${NUTRIENT_LABELS[n]} %`} min={0} />
          </div>
        ))}
      </div>
    </FormSection>
  );
}

/** Every field of an item (spec §3), as a plain form posting `intent=save` to the page's action. */
export function ItemForm({
  values,
  errors,
  formErrors,
  currencyCode,
  submitLabel,
}: {
  values: FormValues;
  errors?: FieldErrors;
  formErrors?: string[];
  currencyCode: string;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const key = useFormKey(values);
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  return (
    <FieldsScope formId="item" values={values} errors={errors}>
      <Form method="post" key={key} className="space-y-6" aria-labelledby="item-form-title">
        {/* Pressing Enter in a field saves: the first submit button of a form is its default. */}
        <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
        <FormErrors errors={formErrors} />
        <FormSection title="About the item">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="name" label="Name" required className="sm:col-span-2" />
            <TextAreaField name="description" label="Description" rows={3} className="sm:col-span-2" />
            <TextAreaField name="ingredients" label="Ingredients" rows={2} />
            <TextAreaField name="organicIngredients" label="Organic ingredients" rows={2} />
            <TextAreaField name="healthBenefits" label="Health benefits" rows={2} />
            <TextAreaField name="sideEffects" label="Side effects" rows={2} />
            <TextField
              name="searchTags"
              label="Search tags"
              hint="Separated by commas, e.g. curry, spicy, rice."
              className="sm:col-span-2"
            />
          </div>
        </FormSection>

        <PricingOptions values={values} currencyCode={currencyCode} />

        <FormSection title="Food">
          <ChoiceGroup name="foodType" legend="Food type" options={FOOD_TYPE_CHOICES} />
          <ChoiceGroup name="medicalFriendly" legend="Medical friendly" options={MEDICAL_CHOICES} />
          <div className="grid gap-5 sm:grid-cols-2">
            <NumberField name="serves" label="Serves" min={1} step="1" inputMode="numeric" />
            <NumberField name="bestBefore" label="Best before (days)" min={0} step="1" inputMode="numeric" />
          </div>
        </FormSection>

        <FormSection title="Ordering and fulfilment">
          <ChoiceGroup
            name="deliveryOptions"
            legend="Fulfilment"
            options={DELIVERY_OPTION_CHOICES}
            columns="grid-cols-2"
          />
          <ChoiceGroup name="deliveryTimeSlots" legend="Time slots" options={TIME_SLOT_CHOICES} />
          <div className="grid gap-5 sm:grid-cols-2">
            <NumberField
              name="maxAllowedOrders"
              label="Most orders per date"
              min={1}
              step="1"
              inputMode="numeric"
            />
            <TextField
              name="deliveryFees"
              label="Delivery fee"
              inputMode="decimal"
              hint={`In ${currencyCode}; empty for none.`}
            />
            <TextField
              name="deliveryMinimumAmount"
              label="Minimum order for delivery"
              inputMode="decimal"
              hint={`In ${currencyCode}.`}
            />
            <TextField
              name="zipcodesServed"
              label="Zip codes served"
              hint="Separated by commas or spaces; empty for the menu's."
            />
          </div>
        </FormSection>

        <Nutrition />

        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className={buttonClass.primary} disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </button>
          <Link to="/l/manage-menus" className={buttonClass.ghost}>
            Cancel
          </Link>
        </div>
      </Form>
    </FieldsScope>
  );
}
