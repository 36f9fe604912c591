import { Injectable } from '@nestjs/common';

/**
 * The current instant, injectable so that tests can fix "now" (`vi.spyOn(app.get(ClockService), 'now')`)
 * instead of depending on the real date. Everything that compares with today (menu dates, order
 * cut-offs, the kitchen page's next 30 days) asks this clock.
 */
@Injectable()
export class ClockService {
  now(): Date {
    return new Date();
  }
}
