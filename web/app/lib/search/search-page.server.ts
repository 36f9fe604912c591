import { data } from '@remix-run/node';
import { timeZoneFor } from '../api/client.server';
import { returnPath } from '../session/auth';
import { getUser } from '../session/auth.server';
import { readSearchForm } from './search';
import type { SearchForm, SearchOutcome } from './search';
import { favouriteIds, whereCookie } from './search.server';

/**
 * The loader of both search pages (/l/find-items, /l/find-chefs): reads the GET form, runs `search` for it
 * (signed in or not: a customer's saved address is a place to search around), the customer's favourite
 * kitchens beside it, and keeps a zip that found its place in `hearth_where` for the home page. Bad filters
 * answer 400, with the API's words beside the fields.
 */
export async function loadSearchPage<O extends SearchOutcome<unknown>>(
  request: Request,
  search: (request: Request, form: SearchForm, signedIn: boolean) => Promise<O>,
) {
  const url = new URL(request.url);
  const form = readSearchForm(url);
  const signedIn = (await getUser(request)) !== null;
  const [outcome, favourites] = await Promise.all([
    search(request, form, signedIn),
    favouriteIds(request, signedIn),
  ]);
  const headers = new Headers();
  if (form.zip && outcome.status === 200 && !outcome.message)
    headers.append('Set-Cookie', whereCookie(form.zip, form.country));
  return data(
    { form, outcome, favourites, path: returnPath(url), timeZone: timeZoneFor(request) },
    { status: outcome.status === 400 ? 400 : 200, headers },
  );
}
