import { Module } from '@nestjs/common';
import { ClockModule } from '../../common/clock/clock.module.js';
import { ItemRepositoriesModule } from '../item/item-repositories.module.js';
import { MenuDatesService } from './menu-dates.service.js';

/**
 * {@link MenuDatesService} with what it needs; imported by the menu module and by the worker, where its
 * `@OnScheduledJob` handler (the daily menu auto-extension) runs.
 */
@Module({
  imports: [ClockModule, ItemRepositoriesModule],
  providers: [MenuDatesService],
  exports: [MenuDatesService],
})
export class MenuDatesModule {}
