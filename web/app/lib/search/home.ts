import type { Schemas } from '../api/schemas';
import type { ItemResult, KitchenResult } from './search';

/** Kitchens on one page of the home page's list: a phone shows them in about four screens. */
export const KITCHENS_PAGE_SIZE = 8;

/** A recently ordered dish (`order/recent-ordered-gallery`). */
export type GalleryItem = Schemas['GalleryItemDto'];

export interface Nearby {
  /** The zip code looked around ("07302"), or null for the saved address the API chose. */
  zip: string | null;
  chefs: KitchenResult[];
  popular: ItemResult[];
  /** The search page link for the same place. */
  searchHref: string;
}
