import { Module } from '@nestjs/common';
import { ClockModule } from '../../common/clock/clock.module.js';
import { ChefDirectoryModule } from '../settings/chef-directory.module.js';
import { AdminDashboardController, DashboardController } from './dashboard/dashboard.controller.js';
import { DashboardService } from './dashboard/dashboard.service.js';
import { PrepSheetController } from './prep/prep-sheet.controller.js';
import { PrepSheetService } from './prep/prep-sheet.service.js';
import { DeliveryRoundController } from './routes/delivery-round.controller.js';
import { DeliveryRoundService } from './routes/delivery-round.service.js';

/**
 * Running the kitchen from its orders (issue 17): the prep sheet and shopping list of a cook date, and the
 * delivery round of a date, the chef's and the admin's dashboard. Reads the order tables; writes none.
 */
@Module({
  imports: [ChefDirectoryModule, ClockModule],
  controllers: [PrepSheetController, DeliveryRoundController, DashboardController, AdminDashboardController],
  providers: [PrepSheetService, DeliveryRoundService, DashboardService],
})
export class FulfilmentModule {}
