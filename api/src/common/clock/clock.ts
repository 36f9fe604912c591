import { Injectable, Module } from '@nestjs/common';

/**
 * The current instant, injectable so that tests can fix "now" (`vi.spyOn(app.get(Clock), 'now')`)
 * instead of depending on the real date. Everything that compares with today (menu dates, order
 * cut-offs, the kitchen page's next 30 days) asks this clock.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/** Provides the one {@link Clock} of the application (every importer shares the same instance). */
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
