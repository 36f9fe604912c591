import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EnquiryStatus, Role } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Public } from '../../common/http/public.decorator.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import { ContactService } from './contact.service.js';
import { ContactMessageCreatedDto, CreateContactMessageDto } from './dto/create-contact-message.dto.js';
import {
  ContactListQuery,
  ContactMessageDto,
  ContactResponseDto,
  ContactSearchQuery,
} from './dto/enquiry.dto.js';

@ApiTags('contact')
@Controller('contactus')
export class ContactController {
  constructor(private readonly service: ContactService) {}

  @Public()
  @RateLimit('contact')
  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Send a message to the Hearth team' })
  @ApiCreatedResponse({ type: ContactMessageCreatedDto })
  create(@Body() dto: CreateContactMessageDto): Promise<ContactMessageCreatedDto> {
    return this.service.create(dto);
  }

  @Roles(Role.ADMIN)
  @Get()
  @ApiOperation({
    summary: 'Contact messages, newest first (?status=OPEN|CLOSED); X-Total-Count and Link headers (admins)',
  })
  @ApiOkResponse({ type: [ContactMessageDto] })
  async list(
    @Query() query: ContactListQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ContactMessageDto[]> {
    const { items, total } = await this.service.list(query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Roles(Role.ADMIN)
  @Post('response')
  @HttpCode(200)
  @ApiOperation({ summary: 'Answer a contact message: e-mailed to its sender, kept in its history (admins)' })
  @ApiOkResponse({ type: ContactMessageDto })
  respond(@Actor() actor: Principal, @Body() dto: ContactResponseDto): Promise<ContactMessageDto> {
    return this.service.respond(actor, dto.id, dto.response);
  }

  @Roles(Role.ADMIN)
  @Get(':id')
  @ApiOperation({ summary: 'One contact message with its answers and history (admins)' })
  @ApiOkResponse({ type: ContactMessageDto })
  get(@Param('id') id: string): Promise<ContactMessageDto> {
    return this.service.get(id);
  }

  @Roles(Role.ADMIN)
  @Post(':id/close')
  @HttpCode(200)
  @ApiOperation({ summary: 'Close a contact message (admins); 409 when it is closed' })
  @ApiOkResponse({ type: ContactMessageDto })
  close(@Actor() actor: Principal, @Param('id') id: string): Promise<ContactMessageDto> {
    return this.service.setStatus(actor, id, EnquiryStatus.CLOSED);
  }

  @Roles(Role.ADMIN)
  @Post(':id/reopen')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reopen a closed contact message (admins); 409 when it is open' })
  @ApiOkResponse({ type: ContactMessageDto })
  reopen(@Actor() actor: Principal, @Param('id') id: string): Promise<ContactMessageDto> {
    return this.service.setStatus(actor, id, EnquiryStatus.OPEN);
  }
}

@ApiTags('contact')
@Controller('_search')
export class ContactSearchController {
  constructor(private readonly service: ContactService) {}

  @Roles(Role.ADMIN)
  @RateLimit('search')
  @Get('contactus')
  @ApiOperation({
    summary:
      'Contact messages whose name, e-mail or text holds every word of ?query= (prefixes match), newest first (admins)',
  })
  @ApiOkResponse({ type: [ContactMessageDto] })
  async search(
    @Query() query: ContactSearchQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ContactMessageDto[]> {
    const { items, total } = await this.service.search(query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }
}
