import { Module } from '@nestjs/common';
import { SessionPurgeService } from './session-purge.service.js';

/** The worker's side of sign-in: the scheduled purge of ended sessions (an `@OnScheduledJob` handler). */
@Module({ providers: [SessionPurgeService], exports: [SessionPurgeService] })
export class AuthWorkerModule {}
