import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ContactMessageEntity } from './contact-message.entity.js';
import type { ContactMessageCreatedDto, CreateContactMessageDto } from './dto/create-contact-message.dto.js';

@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
  ) {}

  /** Stores a contact-us message for the support team. */
  async create(dto: CreateContactMessageDto): Promise<ContactMessageCreatedDto> {
    const saved = await this.messages.save(
      this.messages.create({ legalName: dto.legalName, email: dto.email, message: dto.message }),
    );
    return { id: saved.id, receivedAt: saved.createdAt.toISOString() };
  }
}
