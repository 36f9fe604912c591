import { Form, useNavigation } from '@remix-run/react';
import {
  FieldsScope,
  SelectField,
  TextAreaField,
  TextField,
  describedBy,
  errorText,
  hintText,
  useField,
  useFormKey,
} from '~/components/form-fields';
import { FormErrors, FormSection } from '~/components/form-layout';
import { buttonClass, labelClass } from '~/components/ui';
import { listOf, textOf } from '~/lib/forms/form-values';
import type { FieldErrors, FormValues } from '~/lib/forms/form-values';
import { CONTENT_FORMATS, TARGET_GROUPS, TEMPLATE_TYPES } from '~/lib/admin/bulk-message-types';
import type { BulkItemMatch, BulkPreview, BulkUserMatch, KitchenMatch } from '~/lib/admin/bulk-message-types';
import { PreviewPanel } from './preview-panel';

export const COMPOSE_FORM_ID = 'compose';

export interface Lookups {
  users: BulkUserMatch[] | null;
  kitchens: KitchenMatch[] | null;
  items: BulkItemMatch[] | null;
  lookupError: string | null;
}

const radioClass = 'mt-0.5 h-5 w-5 shrink-0 border-cocoa-700/40 text-ember-700';
const checkClass = 'mt-0.5 h-5 w-5 shrink-0 rounded border-cocoa-700/40 text-ember-700';

/** The eight target groups as radio buttons, each with its one-line explanation. */
function TargetGroupField() {
  const { id, error, values } = useField('target_group');
  const chosen = textOf(values, 'target_group') || 'TEST_EMAIL';
  return (
    <fieldset aria-describedby={describedBy(id, null, error)}>
      <legend className={labelClass}>Who gets it</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {TARGET_GROUPS.map((g) => (
          <div key={g.value} className="flex items-start gap-2.5">
            <input
              type="radio"
              id={`${id}-${g.value}`}
              name="target_group"
              value={g.value}
              defaultChecked={chosen === g.value}
              aria-describedby={`${id}-${g.value}-hint`}
              className={radioClass}
            />
            <div>
              <label htmlFor={`${id}-${g.value}`} className="text-sm font-semibold text-cocoa-800">
                {g.label}
              </label>
              <p id={`${id}-${g.value}-hint`} className={hintText}>
                {g.hint}
              </p>
            </div>
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className={errorText}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A list of matches to pick one (radio) or several (checkbox) from, with what is already picked kept. */
function PickList({
  name,
  legend,
  type,
  options,
  empty,
}: {
  name: string;
  legend: string;
  type: 'radio' | 'checkbox';
  options: { value: string; label: string }[];
  empty: string;
}) {
  const { id, error, values } = useField(name);
  const chosen = new Set(type === 'checkbox' ? listOf(values, name) : [textOf(values, name)]);
  // What was picked before this search stays picked (and listed), so a new search loses nothing.
  const known = new Set(options.map((o) => o.value));
  const kept = [...chosen].filter((v) => v && !known.has(v)).map((v) => ({ value: v, label: v }));
  const all = [...kept, ...options];
  return (
    <fieldset aria-describedby={describedBy(id, null, error)}>
      <legend className={labelClass}>{legend}</legend>
      {all.length === 0 ? (
        <p className="text-sm text-cocoa-700">{empty}</p>
      ) : (
        <div className="grid gap-2">
          {type === 'radio' ? (
            <div className="flex items-center gap-2.5">
              <input
                type="radio"
                id={`${id}-none`}
                name={name}
                value=""
                defaultChecked={!textOf(values, name)}
                className={radioClass}
              />
              <label htmlFor={`${id}-none`} className="text-sm text-cocoa-800">
                None
              </label>
            </div>
          ) : null}
          {all.map((o) => (
            <div key={o.value} className="flex items-center gap-2.5">
              <input
                type={type}
                id={`${id}-${o.value.replace(/[^A-Za-z0-9_-]/g, '_')}`}
                name={name}
                value={o.value}
                defaultChecked={chosen.has(o.value)}
                className={type === 'radio' ? radioClass : checkClass}
              />
              <label
                htmlFor={`${id}-${o.value.replace(/[^A-Za-z0-9_-]/g, '_')}`}
                className="text-sm text-cocoa-800"
              >
                {o.label}
              </label>
            </div>
          ))}
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className={errorText}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A search box with its own submit button (the whole form goes, so nothing typed elsewhere is lost). */
function LookupRow({
  name,
  label,
  intent,
  hint,
}: {
  name: string;
  label: string;
  intent: string;
  hint: string;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TextField name={name} label={label} hint={hint} type="search" className="min-w-64 flex-1" />
      <button type="submit" name="intent" value={intent} className={buttonClass.secondary}>
        Search
      </button>
    </div>
  );
}

/**
 * The compose form (one POST form): who gets it, the lookups for one person, one kitchen and the dishes
 * (each a submit button of the same form, so what was typed stays), the message, and "Preview". After a
 * preview the same form shows it with "Send to N recipients".
 */
export function ComposeForm({
  values,
  fieldErrors,
  formErrors,
  lookups,
  preview,
  adminEmail,
}: {
  values: FormValues;
  fieldErrors: FieldErrors;
  formErrors: string[];
  lookups: Lookups;
  preview: BulkPreview | null;
  adminEmail: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const key = useFormKey(values);
  return (
    <FieldsScope formId={COMPOSE_FORM_ID} values={values} errors={fieldErrors}>
      <Form method="post" key={key} className="space-y-6" aria-label="Compose a message">
        {/* Enter in a field previews (the first submit button of a form is the one Enter presses). */}
        <button
          type="submit"
          name="intent"
          value="preview"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
        >
          Preview
        </button>
        <FormErrors errors={formErrors} />
        {lookups.lookupError ? <FormErrors errors={[lookups.lookupError]} /> : null}
        <FormSection title="Recipients">
          <TargetGroupField />
          <TextAreaField
            name="to"
            label="Addresses"
            rows={3}
            hint={`For “Other addresses”: one or more, separated by commas or new lines. For “Test e-mail”: one address, or leave it empty to send it to yourself${adminEmail ? ` (${adminEmail})` : ''}.`}
          />
          <LookupRow
            name="user_query"
            label="Find one person"
            intent="find-user"
            hint="For “One person”: part of their e-mail, their name or their account id."
          />
          {lookups.users ? (
            <PickList
              name="one_user"
              legend="The person"
              type="radio"
              empty="Nobody matches."
              options={lookups.users.map((u) => ({
                value: u.id,
                label: [u.name, u.email].filter(Boolean).join(' · ') || u.id,
              }))}
            />
          ) : textOf(values, 'one_user') ? (
            <PickList name="one_user" legend="The person" type="radio" empty="" options={[]} />
          ) : null}
          <LookupRow
            name="kitchen_query"
            label="Find a kitchen"
            intent="find-kitchen"
            hint="For “Customers”: only this kitchen’s customers and subscribers. Leave it unpicked for every customer."
          />
          {lookups.kitchens ? (
            <PickList
              name="target_chef"
              legend="The kitchen"
              type="radio"
              empty="No kitchen matches."
              options={lookups.kitchens.map((k) => ({
                value: k.id,
                label: k.brandDisplayName ? `${k.brandDisplayName} (${k.kitchenName})` : k.kitchenName,
              }))}
            />
          ) : textOf(values, 'target_chef') ? (
            <PickList name="target_chef" legend="The kitchen" type="radio" empty="" options={[]} />
          ) : null}
        </FormSection>
        <FormSection title="Message">
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField name="template_type" label="Layout" options={TEMPLATE_TYPES} />
            <SelectField name="content_format" label="Written in" options={CONTENT_FORMATS} />
          </div>
          <TextField name="subject" label="Subject" maxLength={200} />
          <TextAreaField name="content" label="Content" rows={10} />
          <LookupRow
            name="item_query"
            label="Find dishes"
            intent="find-items"
            hint="For the “Dishes” layout: the message shows the pictures and prices of the dishes you tick."
          />
          {lookups.items || listOf(values, 'item_ids').length ? (
            <PickList
              name="item_ids"
              legend="Dishes"
              type="checkbox"
              empty="No dish matches."
              options={(lookups.items ?? []).map((i) => ({
                value: i.id,
                label: `${i.name} · ${i.kitchenName} · ${i.price} ${i.currencyCode}`,
              }))}
            />
          ) : null}
        </FormSection>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="preview"
            className={buttonClass.secondary}
            disabled={busy}
          >
            Preview
          </button>
        </div>
        {preview ? <PreviewPanel preview={preview} busy={busy} /> : null}
      </Form>
    </FieldsScope>
  );
}
