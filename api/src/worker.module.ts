import { Module, type DynamicModule } from '@nestjs/common';
import { coreImports } from './app.module.js';
import { CartWorkerModule } from './modules/cart/guest-cart-expiry.js';
import { MailWorkerModule } from './modules/mail/mail-worker.module.js';
import { MenuWorkerModule } from './modules/menu/menu-auto-extend.processor.js';

/** The worker: the same infrastructure as the API plus the BullMQ processors of each domain. */
@Module({})
export class WorkerModule {
  static register(): DynamicModule {
    return { module: WorkerModule, imports: [...coreImports(), MailWorkerModule, MenuWorkerModule, CartWorkerModule] };
  }
}
