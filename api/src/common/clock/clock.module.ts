import { Module } from '@nestjs/common';
import { Clock } from './clock.js';

/** Provides the one {@link Clock} of the application (every importer shares the same instance). */
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
