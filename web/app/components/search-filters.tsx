import { Form, useNavigation } from '@remix-run/react';
import { useRef, useState } from 'react';
import type { RefObject } from 'react';
import { SEARCH_EXAMPLE_DISHES, distanceUnitForCountry } from '@hearth/shared';
import { COUNTRY_OPTIONS } from '~/lib/search/search';
import type { SearchField, SearchForm } from '~/lib/search/search';
import { FieldError } from './form-feedback';
import { useHydrated } from './notifications';
import { MoreFilters, searchFieldProps } from './search-more-filters';
import { buttonClass, inputClass, labelClass } from './ui';

/**
 * "Use my location" (JavaScript only): puts the browser's position in the form's hidden `lat`/`lng`,
 * empties the zip code and searches; `failed` when the browser would not say.
 */
function useLocateMe(formRef: RefObject<HTMLFormElement>) {
  const [locating, setLocating] = useState<'idle' | 'busy' | 'failed'>('idle');
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
  return { locating, locateMe };
}

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
  const { locating, locateMe } = useLocateMe(formRef);
  const unit = distanceUnitForCountry(country);
  const field = searchFieldProps(fieldErrors);

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

      <MoreFilters form={form} fieldErrors={fieldErrors} unit={unit} />

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
