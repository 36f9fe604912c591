import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { MailModule } from '../mail/mail.module.js';
import { JobApplicationEntity } from './job-application.entity.js';
import { JobApplicationsService } from './job-applications.service.js';
import { JobEntity } from './job.entity.js';
import { JobsController } from './jobs.controller.js';
import { JobsService } from './jobs.service.js';

/** Careers (spec §7 Jobs): postings, applications with private résumés, and the admins' side of both. */
@Module({
  imports: [TypeOrmModule.forFeature([JobEntity, JobApplicationEntity]), AuditModule, MailModule],
  controllers: [JobsController],
  providers: [JobsService, JobApplicationsService],
})
export class JobsModule {}
