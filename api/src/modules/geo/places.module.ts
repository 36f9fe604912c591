import { Module } from '@nestjs/common';
import { AddressPlacerService } from './address-placer.service.js';
import { ZipDirectoryService } from './zip-directory.service.js';

/**
 * The offline zip directory and the address placer, apart from GeoModule's zip code endpoint: customers'
 * and kitchens' modules place addresses when they are saved, and the search module asks the directory
 * which country a position is in.
 */
@Module({
  providers: [ZipDirectoryService, AddressPlacerService],
  exports: [ZipDirectoryService, AddressPlacerService],
})
export class PlacesModule {}
