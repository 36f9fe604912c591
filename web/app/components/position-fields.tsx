import { useState } from 'react';
import { findCountry } from '@hearth/shared';
import { useHydrated } from './notifications';
import { buttonClass, inputClass, labelClass } from './ui';

type Coordinate = 'lat' | 'lng';

const LABEL: Record<Coordinate, string> = { lat: 'Latitude', lng: 'Longitude' };

function setValue(form: HTMLFormElement | null, name: Coordinate, value: string) {
  const field = form?.elements.namedItem(name);
  if (field instanceof HTMLInputElement) field.value = value;
}

/** With JavaScript: fills the coordinates with the browser's position, when the person allows it. */
function UseMyLocation() {
  const hydrated = useHydrated();
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'failed' } | { kind: 'found'; where: string }>(
    {
      kind: 'idle',
    },
  );
  if (!hydrated || typeof navigator === 'undefined' || !navigator.geolocation) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={buttonClass.secondary}
        onClick={(event) => {
          const form = event.currentTarget.form;
          setState({ kind: 'busy' });
          navigator.geolocation.getCurrentPosition(
            (position) => {
              const lat = position.coords.latitude.toFixed(6);
              const lng = position.coords.longitude.toFixed(6);
              setValue(form, 'lat', lat);
              setValue(form, 'lng', lng);
              setState({ kind: 'found', where: `${lat}, ${lng}` });
            },
            () => setState({ kind: 'failed' }),
            { timeout: 10_000 },
          );
        }}
      >
        {state.kind === 'busy' ? 'Finding you…' : 'Use my location'}
      </button>
      <span role="status" className="text-sm text-cocoa-700">
        {state.kind === 'found'
          ? `Your position (${state.where}) will be saved with this address.`
          : state.kind === 'failed'
            ? 'Your browser could not tell where you are; the zip code will place the address.'
            : 'If you are at this address now, your position places it more precisely than the zip code.'}
      </span>
    </div>
  );
}

/**
 * Where an address is on the map, without asking for it: the API places the address from its zip code
 * (US codes offline; elsewhere kitchens' places with the same postcode). With JavaScript, "Use my location"
 * puts the browser's position in the (hidden) coordinates instead. The coordinates are shown as fields only
 * when the API could not place the address and asked for them (its error says why and how), or, outside the
 * US, once some were given; a US address never needs them.
 */
export function PositionFields({
  formId,
  country,
  lat,
  lng,
  errors = {},
}: {
  formId: string;
  /** The address's country (name or code) as the form shows it. */
  country: string;
  lat: string;
  lng: string;
  errors?: Partial<Record<Coordinate, string>>;
}) {
  const values: Record<Coordinate, string> = { lat, lng };
  const asked = Boolean(errors.lat || errors.lng);
  const inUs = findCountry(country)?.code === 'US';
  const shown = asked || (!inUs && Boolean(lat || lng));

  if (!shown) {
    return (
      <div className="sm:col-span-2">
        <input type="hidden" name="lat" defaultValue={lat} />
        <input type="hidden" name="lng" defaultValue={lng} />
        <UseMyLocation />
      </div>
    );
  }
  return (
    <fieldset className="space-y-4 rounded-2xl border border-ember-300 bg-ember-50/40 p-4 sm:col-span-2">
      <legend className="px-1 text-sm font-semibold text-cocoa-900">Position on the map</legend>
      <p className="text-sm text-cocoa-700">
        We measure the distance to kitchens from this point. Give it as two numbers, latitude then longitude.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        {(['lat', 'lng'] as const).map((field) => {
          const id = `${formId}-${field}`;
          return (
            <div key={field}>
              <label htmlFor={id} className={labelClass}>
                {LABEL[field]}
              </label>
              {/* type=number with step=any: any decimal, and the browser offers a numeric keyboard. */}
              <input
                id={id}
                name={field}
                type="number"
                step="any"
                inputMode="decimal"
                min={field === 'lat' ? -90 : -180}
                max={field === 'lat' ? 90 : 180}
                defaultValue={values[field]}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${id}-error` : undefined}
                className={inputClass}
              />
              {errors[field] ? (
                <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-800">
                  {errors[field]}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <UseMyLocation />
    </fieldset>
  );
}
