/**
 * Dishes the search box suggests ("biryani, lasagna, dumplings…"). Each is on a demo kitchen's menu: the
 * API's seed test searches the demo data for every one, so the suggestion cannot drift from what a
 * newcomer finds.
 */
export const SEARCH_EXAMPLE_DISHES: readonly string[] = ['biryani', 'lasagna', 'dumplings'];
