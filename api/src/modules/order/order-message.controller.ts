import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import {
  BulkOrderMessageDto,
  BulkOrderMessageResultDto,
  OrderMessageDto,
  OrderMessagesQueryDto,
  OrderThreadDto,
  SendOrderMessageDto,
} from './dto/order-message.dto.js';
import { OrderMessageService } from './order-message.service.js';

/** Order messages between a kitchen and its customers (spec §7 order/send-communication and friends). */
@ApiTags('order')
@Roles(Role.USER)
@Controller('order')
export class OrderMessageController {
  constructor(private readonly messages: OrderMessageService) {}

  @Post('send-communication')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Write on the thread of an order and kitchen: the chef of a kitchen of the order writes to its customer, the customer ' +
      "answers their own order (cartItemId names the kitchen when the order has several); the other side is e-mailed. Anyone else's order is 404",
  })
  @ApiCreatedResponse({ type: OrderMessageDto })
  send(@Actor() actor: Principal, @Body() dto: SendOrderMessageDto): Promise<OrderMessageDto> {
    return this.messages.send(actor, dto);
  }

  @Roles(Role.CHEF)
  @Post('bulk/send-communication')
  @HttpCode(201)
  @ApiOperation({
    summary:
      "Write to every customer with a live (not cancelled) date of your kitchen on one date (in the kitchen's zone), optionally one " +
      'time slot and pickup or delivery: one message per order, one e-mail per customer. No such order: 409',
  })
  @ApiCreatedResponse({ type: BulkOrderMessageResultDto })
  sendToDate(
    @Actor() actor: Principal,
    @Body() dto: BulkOrderMessageDto,
  ): Promise<BulkOrderMessageResultDto> {
    return this.messages.sendToDate(actor, dto);
  }

  @Get('communications')
  @ApiOperation({
    summary:
      "With orderNumber: that order's threads the caller may see, every message (reading marks the other side's read; another's " +
      'order is 404). Without: the caller’s threads, latest first, with unread counts; X-Total-Count, Link and X-Unread-Count headers',
  })
  @ApiOkResponse({ type: [OrderThreadDto] })
  async communications(
    @Actor() actor: Principal,
    @Query() query: OrderMessagesQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<OrderThreadDto[]> {
    if (query.orderNumber) return this.messages.threadsOf(actor, query.orderNumber);
    const { items, total, unread } = await this.messages.recent(actor, query);
    setPagingHeaders(req, res, total, query.page, query.size);
    res.header('X-Unread-Count', String(unread));
    return items;
  }
}
