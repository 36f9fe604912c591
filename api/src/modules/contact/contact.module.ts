import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { MailModule } from '../mail/mail.module.js';
import { ContactController, ContactSearchController } from './contact.controller.js';
import { ContactMessageEntity } from './contact-message.entity.js';
import { ContactService } from './contact.service.js';
import { EnquiryController, InboxController } from './enquiry.controller.js';
import { EnquiryEntity } from './enquiry.entity.js';
import { EnquiryService } from './enquiry.service.js';
import { InboxService } from './inbox.service.js';

/**
 * The support inbox (docs/support-inbox.md): contact messages and enquiries in, answers out by e-mail,
 * the chef's enquiries, and the admin inbox over messages, enquiries and feedback.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ContactMessageEntity, EnquiryEntity]), AuditModule, MailModule],
  controllers: [ContactController, ContactSearchController, EnquiryController, InboxController],
  providers: [ContactService, EnquiryService, InboxService],
})
export class ContactModule {}
