import { Module } from '@nestjs/common';
import { UnconfirmedSubscriptionsService } from './unconfirmed-subscriptions.service.js';

/** Unconfirmed guest subscriptions, for the admin's clean. */
@Module({ providers: [UnconfirmedSubscriptionsService], exports: [UnconfirmedSubscriptionsService] })
export class UnconfirmedSubscriptionsModule {}
