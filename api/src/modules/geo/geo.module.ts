import { Module } from '@nestjs/common';
import { ConsumerModule } from '../consumer/consumer.module.js';
import { GeoController } from './geo.controller.js';
import { GeoService } from './geo.service.js';
import { ZipDirectory } from './zip-directory.js';

/** Places: zip codes to coordinates (offline for the US) and the centre of a search. */
@Module({
  imports: [ConsumerModule],
  controllers: [GeoController],
  providers: [GeoService, ZipDirectory],
  exports: [GeoService],
})
export class GeoModule {}
