import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@hearth/shared';
import { PageQueryDto, setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import type { BulkMessageView } from '../messaging/bulk-messages.service.js';
import { BulkMessagesService } from '../messaging/bulk-messages.service.js';
import { AdminBulkMessagesService } from './admin-bulk-messages.service.js';
import {
  BulkItemDto,
  BulkLookupQuery,
  BulkMessageDto,
  BulkMessagePreviewDto,
  BulkRecipientDto,
  BulkRecipientsQuery,
  BulkUserDto,
  SendBulkMessageDto,
} from './dto/bulk-message.dto.js';

const uuid = new ParseUUIDPipe({ version: '4' });

/** Admins' bulk messages to the target groups of spec §6 (issue 16, ADR 021). */
@ApiTags('admin')
@Roles(Role.ADMIN)
@Controller('admin')
export class AdminBulkMessagesController {
  constructor(
    private readonly bulk: AdminBulkMessagesService,
    private readonly messages: BulkMessagesService,
  ) {}

  @Post()
  @ApiOperation({
    summary:
      'Send a bulk message (spec §3 Bulk message) to a target group: stored, then fanned out to its recipients by the worker',
  })
  @ApiCreatedResponse({ type: BulkMessageDto })
  send(@Actor() actor: Principal, @Body() dto: SendBulkMessageDto): Promise<BulkMessageView> {
    return this.bulk.send(actor, dto);
  }

  @Post('bulk-messages/preview')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The message as it would be sent, how many it would reach now and up to 5 of them',
  })
  @ApiOkResponse({ type: BulkMessagePreviewDto })
  preview(@Actor() actor: Principal, @Body() dto: SendBulkMessageDto): Promise<BulkMessagePreviewDto> {
    return this.bulk.preview(actor, dto);
  }

  @Get('bulk-messages')
  @ApiOperation({
    summary: 'Bulk messages sent, newest first, with their figures; X-Total-Count and Link headers',
  })
  @ApiOkResponse({ type: [BulkMessageDto] })
  async list(
    @Query() query: PageQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<BulkMessageView[]> {
    const { items, total } = await this.messages.list(query.page, query.size);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Get('bulk-messages/users')
  @ApiOperation({
    summary: 'ONE_USER picker: up to 10 active accounts found by part of the e-mail or name, or by id',
  })
  @ApiOkResponse({ type: [BulkUserDto] })
  users(@Query() query: BulkLookupQuery): Promise<BulkUserDto[]> {
    return this.bulk.users(query.query);
  }

  @Get('bulk-messages/items')
  @ApiOperation({
    summary: "ITEM_DETAILS picker: up to 20 items found by part of their or their kitchen's name, or by id",
  })
  @ApiOkResponse({ type: [BulkItemDto] })
  items(@Query() query: BulkLookupQuery): Promise<BulkItemDto[]> {
    return this.bulk.items(query.query);
  }

  @Get('bulk-messages/:id')
  @ApiOperation({ summary: 'One bulk message with its live progress (counted from its recipients)' })
  @ApiOkResponse({ type: BulkMessageDto })
  get(@Param('id', uuid) id: string): Promise<BulkMessageView> {
    return this.messages.view(id);
  }

  @Get('bulk-messages/:id/recipients')
  @ApiOperation({
    summary:
      "A bulk message's recipients and how each e-mail went, by address; X-Total-Count and Link headers",
  })
  @ApiOkResponse({ type: [BulkRecipientDto] })
  async recipients(
    @Param('id', uuid) id: string,
    @Query() query: BulkRecipientsQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<BulkRecipientDto[]> {
    const { items, total } = await this.messages.recipients(id, query.state, query.page, query.size);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Post('bulk-messages/:id/pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pause sending (queued or sending); 409 otherwise' })
  @ApiOkResponse({ type: BulkMessageDto })
  pause(@Actor() actor: Principal, @Param('id', uuid) id: string): Promise<BulkMessageView> {
    return this.bulk.control(actor, id, 'pause');
  }

  @Post('bulk-messages/:id/resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resume a paused message; 409 otherwise' })
  @ApiOkResponse({ type: BulkMessageDto })
  resume(@Actor() actor: Principal, @Param('id', uuid) id: string): Promise<BulkMessageView> {
    return this.bulk.control(actor, id, 'resume');
  }

  @Post('bulk-messages/:id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel: recipients not sent to yet are skipped; 409 when it already ended' })
  @ApiOkResponse({ type: BulkMessageDto })
  cancel(@Actor() actor: Principal, @Param('id', uuid) id: string): Promise<BulkMessageView> {
    return this.bulk.control(actor, id, 'cancel');
  }
}
