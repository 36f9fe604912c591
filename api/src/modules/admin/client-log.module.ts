import { Module } from '@nestjs/common';
import { ClientLogAdminController, ClientLogController } from './client-log.controller.js';
import { ClientLogService } from './client-log.service.js';

/** Client-side error reports (spec `log`) and the admins' grouped view of them. */
@Module({
  controllers: [ClientLogController, ClientLogAdminController],
  providers: [ClientLogService],
})
export class ClientLogModule {}
