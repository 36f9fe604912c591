import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/http/public.decorator.js';
import { ContactService } from './contact.service.js';
import { ContactMessageCreatedDto, CreateContactMessageDto } from './dto/create-contact-message.dto.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';

@ApiTags('contact')
@RateLimit('contact')
@Controller('contactus')
export class ContactController {
  constructor(private readonly service: ContactService) {}

  @Public()
  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Send a message to the Hearth team' })
  @ApiCreatedResponse({ type: ContactMessageCreatedDto })
  create(@Body() dto: CreateContactMessageDto): Promise<ContactMessageCreatedDto> {
    return this.service.create(dto);
  }
}
