import type { Page } from 'playwright-core';

/**
 * Searches the admin home's kitchen list ("Find kitchens": what is given is typed or chosen, the rest left as it
 * is) and returns once the search's page is shown. Waiting for its URL matters: the list it replaces may show the
 * same kitchens, and with JavaScript what is typed into that list's forms before the search's page arrives is lost
 * when the new page replaces them (the forms are keyed by the location).
 */
export async function searchKitchens(page: Page, search: { query?: string; status?: string }): Promise<void> {
  const form = page.getByRole('search', { name: 'Find kitchens' });
  if (search.query !== undefined) await form.getByLabel('Kitchen, chef or e-mail').fill(search.query);
  if (search.status !== undefined) await form.getByLabel('Status').selectOption(search.status);
  await form.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(
    (url) =>
      (search.query === undefined || url.searchParams.get('query') === search.query) &&
      (search.status === undefined || url.searchParams.get('status') === search.status),
  );
}
