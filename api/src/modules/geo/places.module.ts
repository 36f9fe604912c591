import { Module } from '@nestjs/common';
import { AddressPlacer } from './address-placer.js';
import { ZipDirectory } from './zip-directory.js';

/**
 * The offline zip directory and the address placer, apart from GeoModule's zip code endpoint: customers'
 * and kitchens' modules place addresses when they are saved, and the search module asks the directory
 * which country a position is in.
 */
@Module({
  providers: [ZipDirectory, AddressPlacer],
  exports: [ZipDirectory, AddressPlacer],
})
export class PlacesModule {}
