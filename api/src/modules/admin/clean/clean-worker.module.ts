import { Module } from '@nestjs/common';
import { QueueModule } from '../../../queue/queue.module.js';
import { CleanProcessor } from './clean.processor.js';
import { CleanRunnerService } from './clean-runner.service.js';
import { CleanSourcesModule } from './clean-sources.module.js';

/** The worker's side of the admin's clean: the `maintenance` queue's processor. */
@Module({
  imports: [QueueModule, CleanSourcesModule],
  providers: [CleanRunnerService, CleanProcessor],
})
export class CleanWorkerModule {}
