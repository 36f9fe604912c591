import { Module } from '@nestjs/common';
import { KitchenCodeModule } from '../settings/kitchen-code.module.js';
import { CartController } from './cart.controller.js';
import { CartEvaluatorService } from './cart-evaluator.service.js';
import { CartRepository } from './cart.repository.js';
import { CartService } from './cart.service.js';
import { CatalogReader } from './catalog.reader.js';

/** The server-side cart (guest and signed-in) and the catalogue checks that checkout shares. */
@Module({
  imports: [KitchenCodeModule],
  controllers: [CartController],
  providers: [CartService, CartRepository, CatalogReader, CartEvaluatorService],
  exports: [CartService, CartRepository, CatalogReader, CartEvaluatorService],
})
export class CartModule {}
