import { Module } from '@nestjs/common';
import { ApiDocsController } from './api-docs.controller.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

@Module({ controllers: [HealthController, ApiDocsController], providers: [HealthService] })
export class HealthModule {}
