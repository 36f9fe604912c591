import { Module } from '@nestjs/common';
import { ClockModule } from '../../common/clock/clock.module.js';
import { MenuModule } from '../menu/menu.module.js';
import { ChefDirectoryModule } from '../settings/chef-directory.module.js';
import { KitchenCodeModule } from '../settings/kitchen-code.module.js';
import { KitchenController } from './kitchen.controller.js';
import { KitchenService } from './kitchen.service.js';

/** The public kitchen page. */
@Module({
  imports: [ChefDirectoryModule, ClockModule, MenuModule, KitchenCodeModule],
  controllers: [KitchenController],
  providers: [KitchenService],
})
export class KitchenModule {}
