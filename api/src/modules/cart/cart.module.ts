import { Module } from '@nestjs/common';
import { CartController } from './cart.controller.js';
import { CartEvaluator } from './cart-evaluator.js';
import { CartRepository } from './cart.repository.js';
import { CartService } from './cart.service.js';
import { CatalogReader } from './catalog.reader.js';

/** The server-side cart (guest and signed-in) and the catalogue checks that checkout shares. */
@Module({
  controllers: [CartController],
  providers: [CartService, CartRepository, CatalogReader, CartEvaluator],
  exports: [CartService, CartRepository, CatalogReader, CartEvaluator],
})
export class CartModule {}
