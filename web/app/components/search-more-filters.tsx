import { slotLabel } from '~/lib/format/dates';
import {
  DELIVERY_TYPES,
  FOOD_TIMES,
  FOOD_TYPE_LABELS,
  FOOD_TYPES,
  MEDICAL_CATEGORIES,
  SORTS,
} from '~/lib/search/search';
import type { SearchField, SearchForm } from '~/lib/search/search';
import { FieldError } from './form-feedback';
import { inputClass, labelClass } from './ui';

type FieldErrors = Partial<Record<SearchField, string>>;

/** The id, name and error wiring of one search input. */
export function searchFieldProps(fieldErrors: FieldErrors) {
  return (name: SearchField) => ({
    id: `search-${name}`,
    name,
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby': fieldErrors[name] ? `search-${name}-error` : undefined,
  });
}

/** One filter as a labelled select, its "any" choice first when it has one. */
function FilterSelect({
  name,
  label,
  value,
  any,
  options,
  fieldErrors,
}: {
  name: SearchField;
  label: string;
  value: string;
  any?: string;
  options: readonly { value: string; label: string }[];
  fieldErrors: FieldErrors;
}) {
  return (
    <div>
      <label htmlFor={`search-${name}`} className={labelClass}>
        {label}
      </label>
      <select defaultValue={value} className={inputClass} {...searchFieldProps(fieldErrors)(name)}>
        {any !== undefined ? <option value="">{any}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`search-${name}-error`} message={fieldErrors[name]} />
    </div>
  );
}

/** "More filters": distance, pickup or delivery, time slot, food type, diet, sort and dates further ahead. */
export function MoreFilters({
  form,
  fieldErrors,
  unit,
}: {
  form: SearchForm;
  fieldErrors: FieldErrors;
  unit: string;
}) {
  const field = searchFieldProps(fieldErrors);
  return (
    <details className="group mt-4" open={Object.keys(fieldErrors).length > 0 || undefined}>
      <summary className="cursor-pointer select-none text-sm font-semibold text-ember-800">
        More filters
      </summary>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 md:grid-cols-3">
        <div>
          <label htmlFor="search-distance" className={labelClass}>
            Within (<span data-testid="distance-unit">{unit}</span>)
          </label>
          <input
            type="number"
            min={0.1}
            max={100}
            step="any"
            inputMode="decimal"
            defaultValue={form.distance}
            className={inputClass}
            {...field('distance')}
          />
          <FieldError id="search-distance-error" message={fieldErrors.distance} />
        </div>
        <FilterSelect
          name="deliveryType"
          label="Pickup or delivery"
          value={form.deliveryType}
          any="Either"
          options={DELIVERY_TYPES}
          fieldErrors={fieldErrors}
        />
        <FilterSelect
          name="foodTime"
          label="Time slot"
          value={form.foodTime}
          any="Any time"
          options={FOOD_TIMES.map((slot) => ({ value: slot, label: slotLabel(slot) }))}
          fieldErrors={fieldErrors}
        />
        <FilterSelect
          name="foodType"
          label="Food type"
          value={form.foodType}
          any="Any"
          options={FOOD_TYPES.map((t) => ({ value: t, label: FOOD_TYPE_LABELS[t] ?? t }))}
          fieldErrors={fieldErrors}
        />
        <FilterSelect
          name="medical"
          label="Diet and health"
          value={form.medical}
          any="Any"
          options={MEDICAL_CATEGORIES.map((m) => ({ value: m, label: m }))}
          fieldErrors={fieldErrors}
        />
        <FilterSelect
          name="sort"
          label="Sort by"
          value={form.sort}
          options={SORTS}
          fieldErrors={fieldErrors}
        />
        <div className="flex items-center gap-3 sm:col-span-2 md:col-span-3">
          <input
            type="checkbox"
            id="search-comingSoon"
            name="comingSoon"
            value="on"
            defaultChecked={form.comingSoon}
            className="h-5 w-5 rounded border-cocoa-700/40 text-ember-700 focus:ring-ember-700/30"
          />
          <label htmlFor="search-comingSoon" className="text-sm font-semibold text-cocoa-800">
            Coming soon: include dates more than a week ahead
          </label>
        </div>
      </div>
    </details>
  );
}
