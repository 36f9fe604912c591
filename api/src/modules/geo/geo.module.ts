import { Module } from '@nestjs/common';
import { GeoController } from './geo.controller.js';
import { GeoService } from './geo.service.js';
import { PlacesModule } from './places.module.js';

/** Places: zip codes to coordinates (offline for the US) and the centre of a search. */
@Module({
  imports: [PlacesModule],
  controllers: [GeoController],
  providers: [GeoService],
  exports: [GeoService],
})
export class GeoModule {}
