import { Form, Link, useNavigation } from '@remix-run/react';
import { ItemStatus } from '@hearth/shared';
import { TIME_SLOT_OPTIONS, WEEKDAYS } from '~/lib/format/chef-format';
import type { ChefItem, PickupLocation } from '~/lib/chef/chef-types';
import type { FieldErrors, FormValues } from '~/lib/forms/form-values';
import {
  ENDS_CHOICES,
  MENU_TYPE_CHOICES,
  MONTH_MODE_CHOICES,
  REPEAT_UNIT_CHOICES,
} from '~/lib/chef/menu-form';
import { CUTOFF_UNIT_CHOICES, DISTANCE_CHOICES } from '~/lib/chef/settings-form';
import { FieldsScope, NumberField, SelectField, TextAreaField, TextField, useFormKey } from './form-fields';
import { FormErrors, FormSection } from './form-layout';
import { CheckboxField, ChoiceGroup } from './form-choice-fields';
import { buttonClass, linkClass } from './ui';

function itemChoice(item: ChefItem) {
  const hidden = item.itemStatus === ItemStatus.HIDDEN;
  const note = hidden ? ' (hidden: show it first)' : item.soldOut ? ' (sold out)' : '';
  return { value: item.id, label: `${item.name}${note}`, disabled: hidden };
}

/**
 * Create, edit or clone a menu (spec §3 Menu, §4 edit modes) in one plain form: dates and repeats,
 * time slots, pickup and delivery, order cut-off, catering and the items on it.
 */
export function MenuForm({
  values,
  errors,
  formErrors,
  items,
  pickupLocations,
  currencyCode,
  timeZone,
  submitLabel,
}: {
  values: FormValues;
  errors?: FieldErrors;
  formErrors?: string[];
  items: ChefItem[];
  pickupLocations: PickupLocation[];
  currencyCode: string;
  timeZone: string | null;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const key = useFormKey(values);
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const places = pickupLocations.map((p) => ({
    value: p.id,
    label: `${p.name}${p.city ? `, ${p.city}` : ''}`,
  }));
  return (
    <FieldsScope formId="menu" values={values} errors={errors}>
      <Form method="post" key={key} className="space-y-6" aria-labelledby="menu-form-title">
        <input type="hidden" name="intent" value="save" />
        <FormErrors errors={formErrors} />

        <FormSection title="Menu">
          <TextField name="name" label="Name" required hint="For example: Friday dinners." />
          <TextAreaField name="description" label="Description" rows={2} />
          <CheckboxField
            name="isPrivate"
            label="Private: only people with your kitchen's code see it"
            hint="For a club or an office: the menu stays out of searches and your kitchen page until someone enters your code (Settings shows it). Your subscribers get no e-mail about it."
          />
        </FormSection>

        <FormSection title="Dates and time slots">
          <p className="text-sm text-cocoa-700">
            Dates and times are in your kitchen&apos;s time zone{timeZone ? ` (${timeZone})` : ''}.
          </p>
          <ChoiceGroup
            name="menuType"
            legend="Type"
            type="radio"
            options={MENU_TYPE_CHOICES}
            columns="grid-cols-2"
          />
          <TextField
            name="deliveryDate"
            label="First date"
            type="date"
            hint="The only date of a one-time menu."
          />
          <ChoiceGroup name="deliveryTimeSlots" legend="Time slots" options={TIME_SLOT_OPTIONS} />
        </FormSection>

        <FormSection title="Repeats (recurring menus)">
          <div className="grid gap-5 sm:grid-cols-2">
            <NumberField name="repeatsEvery" label="Repeat every" min={1} step="1" inputMode="numeric" />
            <SelectField name="occurrence" label="Repeat unit" options={REPEAT_UNIT_CHOICES} />
          </div>
          <ChoiceGroup
            name="repeatsOn"
            legend="On (weekly menus)"
            options={WEEKDAYS}
            columns="grid-cols-2 sm:grid-cols-4"
            hint="None ticked: the weekday of the first date."
          />
          <SelectField name="monthRepeatsOn" label="Monthly menus repeat on" options={MONTH_MODE_CHOICES} />
          <ChoiceGroup
            name="ends.endsOnOrAfter"
            legend="Ends"
            type="radio"
            options={ENDS_CHOICES}
            columns="sm:grid-cols-2"
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <NumberField
              name="ends.endsAfterOccurrences"
              label="Number of dates"
              min={1}
              step="1"
              inputMode="numeric"
            />
            <TextField name="ends.endsOnDate" label="Last date" type="date" />
          </div>
          <CheckboxField
            name="autoExtend"
            label="Keep extending: always keep this many dates ahead"
            hint="For menus that end after a number of dates."
          />
        </FormSection>

        <FormSection title="Fulfilment">
          <CheckboxField name="offerPickup" label="Customers can pick up" />
          <SelectField
            name="associatedAddress"
            label="Pickup location"
            options={[{ value: '', label: 'Choose a pickup location' }, ...places]}
            hint={
              <>
                Manage pickup locations in{' '}
                <Link to="/l/settings#pickup-heading" className={linkClass}>
                  settings
                </Link>
                .
              </>
            }
          />
          <CheckboxField name="offerDelivery" label="I deliver" />
          <div className="grid gap-5 sm:grid-cols-2">
            <NumberField name="deliveryRadius" label="Delivery radius" min={0} />
            <SelectField name="deliveryMeasurment" label="Radius measured in" options={DISTANCE_CHOICES} />
            <TextField
              name="deliveryFees"
              label="Delivery fee"
              inputMode="decimal"
              hint={`In ${currencyCode}.`}
            />
            <TextField
              name="delivery_order_minimum_amount"
              label="Minimum order for delivery"
              inputMode="decimal"
              hint={`In ${currencyCode}.`}
            />
            <TextAreaField
              name="deliveryZipCodes"
              label="Zip codes delivered to"
              rows={2}
              hint="Separated by commas or spaces."
              className="sm:col-span-2"
            />
          </div>
        </FormSection>

        <FormSection title="Order cut-off">
          <p className="text-sm text-cocoa-700">Orders for a time slot close this long before it starts.</p>
          <div className="grid gap-5 sm:grid-cols-2">
            <NumberField
              name="stopOrdersByDaysOrHours"
              label="Stop orders before the slot"
              min={0}
              step="1"
              inputMode="numeric"
            />
            <SelectField name="stopOrdersType" label="Cut-off unit" options={CUTOFF_UNIT_CHOICES} />
          </div>
        </FormSection>

        <FormSection title="Catering">
          <CheckboxField name="cateringEnabled" label="Take catering orders for this menu" />
          <div className="grid gap-5 sm:grid-cols-2">
            <NumberField
              name="stopOrdersByDaysOrHoursForCatering"
              label="Stop catering orders before"
              min={0}
              step="1"
              inputMode="numeric"
            />
            <SelectField
              name="stopOrdersTypeForCatering"
              label="Catering cut-off unit"
              options={CUTOFF_UNIT_CHOICES}
            />
            <TextField name="eventDate" label="Event date" type="date" />
            <TextField name="eventTime" label="Event time" type="time" />
          </div>
        </FormSection>

        <FormSection title="Items">
          {items.length === 0 ? (
            <p className="text-sm text-cocoa-700">
              You have no items yet.{' '}
              <Link to="/l/manage-menus/items/new" className={linkClass}>
                Add an item
              </Link>{' '}
              first; a menu needs at least one to be published.
            </p>
          ) : (
            <ChoiceGroup
              name="items"
              legend="Items on this menu"
              options={items.map(itemChoice)}
              columns="sm:grid-cols-2"
            />
          )}
        </FormSection>

        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass.primary} disabled={busy}>
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
