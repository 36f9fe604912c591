import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RateLimitGuard } from './rate-limit.guard.js';

/**
 * Rate limits on every endpoint (RateLimitGuard). Import it after AuthModule: global guards run in the order
 * their modules are registered, and the limits per account need the access guard's principal.
 */
@Module({ providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }] })
export class RateLimitModule {}
