import { Module } from '@nestjs/common';
import { ChefDirectoryModule } from '../settings/chef-directory.module.js';
import { PrepSheetController } from './prep/prep-sheet.controller.js';
import { PrepSheetService } from './prep/prep-sheet.service.js';
import { DeliveryRoundController } from './routes/delivery-round.controller.js';
import { DeliveryRoundService } from './routes/delivery-round.service.js';

/**
 * Running the kitchen from its orders (issue 17): the prep sheet and shopping list of a cook date, and the
 * delivery round of a date. Reads the order tables; writes none.
 */
@Module({
  imports: [ChefDirectoryModule],
  controllers: [PrepSheetController, DeliveryRoundController],
  providers: [PrepSheetService, DeliveryRoundService],
})
export class FulfilmentModule {}
