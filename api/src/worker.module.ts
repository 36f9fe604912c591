import { Module } from '@nestjs/common';
import { CORE_IMPORTS } from './app.module.js';

/** The worker: the same infrastructure as the API plus the BullMQ processors of each domain. */
@Module({ imports: [...CORE_IMPORTS] })
export class WorkerModule {}
