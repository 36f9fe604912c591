import { Module } from '@nestjs/common';
import { CatalogueChangesModule } from '../../common/cache/catalogue-changes.module.js';
import { ConsumerModule } from '../consumer/consumer.module.js';
import { GeoModule } from '../geo/geo.module.js';
import { PlacesModule } from '../geo/places.module.js';
import { PublisherModule } from '../publisher/publisher.module.js';
import { ItemSearchService } from './item-search.service.js';
import { MenuSearchService } from './menu-search.service.js';
import { RecentGalleryController } from './recent-gallery.controller.js';
import { RecentGalleryService } from './recent-gallery.service.js';
import { ReviewSearchService } from './review-search.service.js';
import { SearchController } from './search.controller.js';
import { SearchAnswerCache } from './search-answer.cache.js';
import { SearchOriginService } from './search-origin.service.js';

/**
 * Public search: items, menus and reviews near a place, and the home page's recent-orders gallery.
 * Read-only SQL over the catalogue tables (docs/decisions/007-item-search.md); it writes nothing.
 */
@Module({
  imports: [CatalogueChangesModule, ConsumerModule, GeoModule, PlacesModule, PublisherModule],
  controllers: [SearchController, RecentGalleryController],
  providers: [
    SearchOriginService,
    ItemSearchService,
    MenuSearchService,
    ReviewSearchService,
    RecentGalleryService,
    SearchAnswerCache,
  ],
})
export class SearchModule {}
