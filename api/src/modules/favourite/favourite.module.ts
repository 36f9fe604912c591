import { Module } from '@nestjs/common';
import { FavouriteController } from './favourite.controller.js';
import { FavouriteService } from './favourite.service.js';

/** A customer's favourite kitchens (spec favChefs, `/l/favs`). */
@Module({
  controllers: [FavouriteController],
  providers: [FavouriteService],
  exports: [FavouriteService],
})
export class FavouriteModule {}
