import { Form } from '@remix-run/react';
import { Suspense, lazy } from 'react';
import { COUNTRIES } from '@hearth/shared';
import { buttonClass, inputClass, labelClass } from './ui';
import type { BelowTheFoldProps } from './home-sections-below';

type BelowModule = typeof import('./home-sections-below');
let below: BelowModule | undefined;

/**
 * Loads the home page's sections below the fold (nearby chefs and dishes, the gallery, the kitchens),
 * which live in a chunk of their own. The loader awaits it so that the server always renders them
 * in place, never as a streamed fallback (which a browser without JavaScript would not swap in).
 */
export function loadBelowTheFold(): Promise<BelowModule> {
  return import('./home-sections-below').then((m) => (below = m));
}

const LazyBelowTheFold = lazy(() => loadBelowTheFold().then((m) => ({ default: m.BelowTheFold })));

/**
 * The sections below the fold. On the server (and on the client once the chunk is in) they render at
 * once; while a browser hydrates the page before the chunk has arrived, React keeps the server's HTML
 * of this boundary as it is (visible, links working) and hydrates it when the chunk comes.
 */
export function BelowTheFold(props: BelowTheFoldProps) {
  const Loaded = below?.BelowTheFold;
  return (
    <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <LazyBelowTheFold {...props} />}</Suspense>
  );
}

/** "What are you hungry for?" with a zip code: a GET form to /l/find-items. */
export function SearchForm() {
  return (
    <Form
      method="get"
      action="/l/find-items"
      role="search"
      aria-label="Find food near you"
      className="mt-10 grid gap-3 rounded-3xl bg-white p-3 text-left shadow-card sm:grid-cols-[1fr_13rem_auto] sm:items-end sm:p-4"
    >
      <div>
        <label htmlFor="zip" className={`${labelClass} px-1`}>
          Zip or postal code
        </label>
        <input
          id="zip"
          name="zip"
          inputMode="text"
          autoComplete="postal-code"
          placeholder="e.g. 94107"
          className={`${inputClass} h-12`}
        />
      </div>
      <div>
        <label htmlFor="country" className={`${labelClass} px-1`}>
          Country
        </label>
        <select id="country" name="country" defaultValue="US" className={`${inputClass} h-12`}>
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={`${buttonClass.primary} h-12 px-7`}>
        Find food
      </button>
    </Form>
  );
}
