import type { ItemResult, KitchenResult } from './search';

/** A recently ordered dish (`order/recent-ordered-gallery`). */
export interface GalleryItem {
  itemId: string;
  itemName: string;
  picture: string;
  kitchen: { id: string; kitchenName: string; brandDisplayName: string; logo: string | null };
}

export interface Nearby {
  /** The zip code looked around ("07302"), or null for the saved address the API chose. */
  zip: string | null;
  chefs: KitchenResult[];
  popular: ItemResult[];
  /** The search page link for the same place. */
  searchHref: string;
}
