import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { PlacesModule } from '../geo/places.module.js';
import { MailModule } from '../mail/mail.module.js';
import { KitchenEventsService } from './kitchen-events.service.js';
import { PickupLocationEntity } from './pickup-location.entity.js';
import { PickupLocationService } from './pickup-location.service.js';
import { PublisherAdminController } from './publisher-admin.controller.js';
import { PublisherFilesController } from './publisher-files.controller.js';
import { PublisherFilesService } from './publisher-files.service.js';
import { PublisherRegistrationService } from './publisher-registration.service.js';
import { PublisherReviewService } from './publisher-review.service.js';
import { PublisherSearchController } from './publisher-search.controller.js';
import { PublisherSearchService } from './publisher-search.service.js';
import { CatalogueChangesModule } from '../../common/cache/catalogue-changes.module.js';
import { PublisherCache } from './publisher.cache.js';
import { PublisherController } from './publisher.controller.js';
import { PublisherEntity } from './publisher.entity.js';
import { PublisherRepository } from './publisher.repository.js';
import { PublisherService } from './publisher.service.js';

/**
 * Kitchens: registration, the owner's changes and files, admin review, search and the Redis kitchen cache.
 * Other modules use the exported services (the kitchen page: `PublisherService.findApprovedSummary`;
 * settings: pickup places, time zone, private documents; anything that changes what a kitchen summary
 * shows, e.g. its rating: `PublisherCache.invalidate`). Modules that copy kitchen facts listen to
 * `KitchenEventsService`; other modules' writes to the publisher table go through `PublisherRepository`.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([PublisherEntity, PickupLocationEntity]),
    PlacesModule,
    AuditModule,
    MailModule,
    CatalogueChangesModule,
  ],
  controllers: [
    PublisherController,
    PublisherFilesController,
    PublisherAdminController,
    PublisherSearchController,
  ],
  providers: [
    KitchenEventsService,
    PublisherRepository,
    PublisherService,
    PublisherCache,
    PickupLocationService,
    PublisherRegistrationService,
    PublisherReviewService,
    PublisherFilesService,
    PublisherSearchService,
  ],
  exports: [
    KitchenEventsService,
    PublisherRepository,
    PublisherService,
    PublisherCache,
    PickupLocationService,
    PublisherRegistrationService,
    PublisherFilesService,
  ],
})
export class PublisherModule {}
