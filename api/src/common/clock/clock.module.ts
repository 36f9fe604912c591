import { Module } from '@nestjs/common';
import { ClockService } from './clock.service.js';

/** Provides the one {@link ClockService} of the application (every importer shares the same instance). */
@Module({ providers: [ClockService], exports: [ClockService] })
export class ClockModule {}
