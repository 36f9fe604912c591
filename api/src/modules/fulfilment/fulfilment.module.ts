import { Module } from '@nestjs/common';
import { PrepSheetController } from './prep/prep-sheet.controller.js';
import { PrepSheetService } from './prep/prep-sheet.service.js';

/** Running the kitchen from its orders: the prep sheet and shopping list of a cook date. */
@Module({
  controllers: [PrepSheetController],
  providers: [PrepSheetService],
})
export class FulfilmentModule {}
