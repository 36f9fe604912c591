import { Module } from '@nestjs/common';
import { ChefDirectoryModule } from '../settings/chef-directory.module.js';
import { DeliveryRoundController } from './routes/delivery-round.controller.js';
import { DeliveryRoundService } from './routes/delivery-round.service.js';

/** Running the kitchen's orders (issue 17): delivery routes. */
@Module({
  imports: [ChefDirectoryModule],
  controllers: [DeliveryRoundController],
  providers: [DeliveryRoundService],
})
export class FulfilmentModule {}
