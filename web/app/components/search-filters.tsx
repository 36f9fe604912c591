import { Form, useNavigation } from '@remix-run/react';
import { useRef, useState } from 'react';
import { SEARCH_EXAMPLE_DISHES, distanceUnitForCountry } from '@hearth/shared';
import { slotLabel } from '~/lib/format/dates';
import {
  COUNTRY_OPTIONS,
  DELIVERY_TYPES,
  FOOD_TIMES,
  FOOD_TYPE_LABELS,
  FOOD_TYPES,
  MEDICAL_CATEGORIES,
  SORTS,
} from '~/lib/search/search';
import type { SearchField, SearchForm } from '~/lib/search/search';
import { FieldError } from './form-feedback';
import { useHydrated } from './notifications';
import { buttonClass, inputClass, labelClass } from './ui';

/**
 * The search filters as a plain GET form: every search is a shareable URL and works without
 * JavaScript. With JavaScript, "Use my location" fills in the browser's position and searches.
 */
export function SearchFilters({
  action,
  form,
  fieldErrors,
  heading,
}: {
  action: string;
  form: SearchForm;
  fieldErrors: Partial<Record<SearchField, string>>;
  heading: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const searching = navigation.state !== 'idle' && navigation.location?.pathname === action;
  const formRef = useRef<HTMLFormElement>(null);
  const [country, setCountry] = useState(form.country);
  const [locating, setLocating] = useState<'idle' | 'busy' | 'failed'>('idle');
  const unit = distanceUnitForCountry(country);

  const field = (name: SearchField) => ({
    id: `search-${name}`,
    name,
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby': fieldErrors[name] ? `search-${name}-error` : undefined,
  });

  function locateMe() {
    const el = formRef.current;
    if (!el || !('geolocation' in navigator)) return setLocating('failed');
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const set = (name: string, value: string) => {
          const input = el.elements.namedItem(name) as HTMLInputElement | null;
          if (!input) return;
          input.value = value;
          input.disabled = value === '';
        };
        set('lat', position.coords.latitude.toFixed(5));
        set('lng', position.coords.longitude.toFixed(5));
        set('zip', '');
        setLocating('idle');
        el.requestSubmit();
      },
      () => setLocating('failed'),
      { timeout: 10_000, maximumAge: 300_000 },
    );
  }

  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      role="search"
      aria-label={heading}
      className="rounded-3xl bg-white p-5 shadow-card md:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-[1fr_10rem_12rem]">
        <div>
          <label htmlFor="search-query" className={labelClass}>
            What are you hungry for?
          </label>
          <input
            type="search"
            defaultValue={form.query}
            placeholder={`${SEARCH_EXAMPLE_DISHES.join(', ')}…`}
            className={inputClass}
            {...field('query')}
          />
          <FieldError id="search-query-error" message={fieldErrors.query} />
        </div>
        <div>
          <label htmlFor="search-zip" className={labelClass}>
            Zip or postal code
          </label>
          <input
            type="text"
            defaultValue={form.zip}
            autoComplete="postal-code"
            className={inputClass}
            {...field('zip')}
          />
          <FieldError id="search-zip-error" message={fieldErrors.zip} />
        </div>
        <div>
          <label htmlFor="search-country" className={labelClass}>
            Country
          </label>
          <select
            defaultValue={form.country}
            className={inputClass}
            onChange={(e) => setCountry(e.currentTarget.value)}
            {...field('country')}
          >
            {COUNTRY_OPTIONS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError id="search-country-error" message={fieldErrors.country} />
        </div>
      </div>
      {/* The browser's position, when "Use my location" found one (or the URL carried one). */}
      <input type="hidden" name="lat" defaultValue={form.lat} disabled={!form.lat} />
      <input type="hidden" name="lng" defaultValue={form.lng} disabled={!form.lng} />

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
          <div>
            <label htmlFor="search-deliveryType" className={labelClass}>
              Pickup or delivery
            </label>
            <select defaultValue={form.deliveryType} className={inputClass} {...field('deliveryType')}>
              <option value="">Either</option>
              {DELIVERY_TYPES.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
            <FieldError id="search-deliveryType-error" message={fieldErrors.deliveryType} />
          </div>
          <div>
            <label htmlFor="search-foodTime" className={labelClass}>
              Time slot
            </label>
            <select defaultValue={form.foodTime} className={inputClass} {...field('foodTime')}>
              <option value="">Any time</option>
              {FOOD_TIMES.map((slot) => (
                <option key={slot} value={slot}>
                  {slotLabel(slot)}
                </option>
              ))}
            </select>
            <FieldError id="search-foodTime-error" message={fieldErrors.foodTime} />
          </div>
          <div>
            <label htmlFor="search-foodType" className={labelClass}>
              Food type
            </label>
            <select defaultValue={form.foodType} className={inputClass} {...field('foodType')}>
              <option value="">Any</option>
              {FOOD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {FOOD_TYPE_LABELS[t] ?? t}
                </option>
              ))}
            </select>
            <FieldError id="search-foodType-error" message={fieldErrors.foodType} />
          </div>
          <div>
            <label htmlFor="search-medical" className={labelClass}>
              Diet and health
            </label>
            <select defaultValue={form.medical} className={inputClass} {...field('medical')}>
              <option value="">Any</option>
              {MEDICAL_CATEGORIES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
            <FieldError id="search-medical-error" message={fieldErrors.medical} />
          </div>
          <div>
            <label htmlFor="search-sort" className={labelClass}>
              Sort by
            </label>
            <select defaultValue={form.sort} className={inputClass} {...field('sort')}>
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            <FieldError id="search-sort-error" message={fieldErrors.sort} />
          </div>
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

      <div className="mt-5 flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.primary}>
          {searching ? 'Searching…' : 'Search'}
        </button>
        {hydrated ? (
          <button
            type="button"
            onClick={locateMe}
            className={buttonClass.secondary}
            disabled={locating === 'busy'}
          >
            {locating === 'busy' ? 'Finding you…' : 'Use my location'}
          </button>
        ) : null}
        {locating === 'failed' ? (
          <p role="status" className="text-sm text-cocoa-700">
            We could not get your location. Enter a zip code instead.
          </p>
        ) : null}
      </div>
    </Form>
  );
}
