import { Module } from '@nestjs/common';
import { AddressPlacer } from './address-placer.js';
import { ZipDirectory } from './zip-directory.js';

/**
 * The offline zip directory and the address placer, apart from GeoModule: customers' and kitchens' modules
 * place addresses when they are saved, and GeoModule itself needs the consumer module (a search may start
 * from a customer's saved address), which would otherwise import it back.
 */
@Module({
  providers: [ZipDirectory, AddressPlacer],
  exports: [ZipDirectory, AddressPlacer],
})
export class PlacesModule {}
