import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { Role, type FulfilmentList } from '@hearth/shared';
import { PageQueryDto, setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { TimeZone } from '../../common/http/time-zone.js';
import { boardCsv } from './board-csv.js';
import { BoardService } from './board.service.js';
import { CashService } from './cash.service.js';
import {
  BoardGroupsDto,
  BoardListQueryDto,
  BoardQueryDto,
  BULK_MAX,
  BulkStatusDto,
  BulkStatusResultDto,
} from './dto/board.dto.js';
import { CashReceivedDto, CashStateDto } from './dto/cash.dto.js';
import { FulfilmentDto, OrderDto, StatusMoveDto } from './dto/order.dto.js';
import { StatusReasonDto } from './dto/order-status.dto.js';
import { OrderQueryService } from './order-query.service.js';
import { OrderStatusService } from './order-status.service.js';

@ApiTags('order')
@Roles(Role.USER)
@Controller('order')
export class OrderController {
  constructor(
    private readonly orders: OrderQueryService,
    private readonly statuses: OrderStatusService,
    private readonly cash: CashService,
    private readonly board: BoardService,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'My orders, newest first, with their dates, statuses, payment and amounts; X-Total-Count and Link headers',
  })
  @ApiOkResponse({ type: [OrderDto] })
  async list(
    @Actor() actor: Principal,
    @Query() page: PageQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<OrderDto[]> {
    const { items, total } = await this.orders.list(actor, page);
    setPagingHeaders(req, res, total, page.page, page.size);
    return items;
  }

  @Roles(Role.CHEF)
  @Get('fulfillOrders')
  @ApiOperation({
    summary:
      "The board's Active tab: your kitchen's date selections not delivered or cancelled, dated today or later in the kitchen's zone, " +
      'by date (soonest first) → time slot → pickups before deliveries, with the statuses allowed next. Filters date, slot, ' +
      'deliveryOption, status; X-Total-Count and Link headers (counts per group: order/fulfillOrders/groups)',
  })
  @ApiOkResponse({ type: [FulfilmentDto] })
  active(
    @Actor() actor: Principal,
    @Query() q: BoardQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<FulfilmentDto[]> {
    return this.fulfilments(actor, 'active', q, req, res);
  }

  @Roles(Role.CHEF)
  @Get('fulfillOrders/groups')
  @ApiOperation({
    summary:
      'Counts of a board list (list=active|archived|cancelled, same filters) per date → time slot(s) → pickup/delivery, ' +
      'over the whole list, in the order of its pages',
  })
  @ApiOkResponse({ type: BoardGroupsDto })
  groups(
    @Actor() actor: Principal,
    @Query() q: BoardListQueryDto,
    @TimeZone() zone: string,
  ): Promise<BoardGroupsDto> {
    return this.board.groups(actor, q.list ?? 'active', q, zone);
  }

  @Roles(Role.CHEF)
  @Get('fulfillOrders.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @ApiProduces('text/csv')
  @ApiOperation({
    summary:
      'A board list (list=active|archived|cancelled, same filters) as CSV, every row in the order of its pages (at most 20 000)',
  })
  @ApiOkResponse({ schema: { type: 'string' } })
  async csv(
    @Actor() actor: Principal,
    @Query() q: BoardListQueryDto,
    @TimeZone() zone: string,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<string> {
    const list = q.list ?? 'active';
    void res.header('Content-Disposition', `attachment; filename="orders-${list}.csv"`);
    return boardCsv(await this.board.all(actor, list, q, zone));
  }

  @Roles(Role.CHEF)
  @Get('archived/fulfillOrders')
  @ApiOperation({
    summary:
      "The board's Archived tab: delivered date selections, and any other not cancelled one dated before today in the kitchen's zone; " +
      'latest date first, then by slot and pickup/delivery; same filters and headers as order/fulfillOrders',
  })
  @ApiOkResponse({ type: [FulfilmentDto] })
  archived(
    @Actor() actor: Principal,
    @Query() q: BoardQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<FulfilmentDto[]> {
    return this.fulfilments(actor, 'archived', q, req, res);
  }

  @Roles(Role.CHEF)
  @Get('cancelled/fulfillOrders')
  @ApiOperation({
    summary:
      "The board's Cancelled tab: cancelled date selections, latest date first; same filters and headers as order/fulfillOrders",
  })
  @ApiOkResponse({ type: [FulfilmentDto] })
  cancelled(
    @Actor() actor: Principal,
    @Query() q: BoardQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<FulfilmentDto[]> {
    return this.fulfilments(actor, 'cancelled', q, req, res);
  }

  @Roles(Role.CHEF, Role.ADMIN)
  @Post('bulk-update-status')
  @HttpCode(200)
  @ApiOperation({
    summary:
      `Move up to ${BULK_MAX} date selections to one status with one reason: each row goes through the single move on its own ` +
      '(transition table, ownership, status history, customer e-mail, settlement; admins audited). Partial success: 200 with ' +
      "each row moved or refused and why; another kitchen's or a missing row is refused as not found, never moved",
  })
  @ApiOkResponse({ type: BulkStatusResultDto })
  bulk(@Actor() actor: Principal, @Body() dto: BulkStatusDto): Promise<BulkStatusResultDto> {
    return this.board.bulkMove(actor, dto.items, dto.status, dto.reason);
  }

  @Roles(Role.CHEF)
  @Post('cash/callback')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Record cash received for dates of your kitchen in a cash order (spec §7): paymentStatus COMPLETED, and the order paid once every ' +
      'live date is; idempotent. Another kitchen’s order reads as missing (404); cancelled or not-collected dates 409',
  })
  @ApiOkResponse({ type: CashStateDto })
  cashReceived(@Actor() actor: Principal, @Body() dto: CashReceivedDto): Promise<CashStateDto> {
    return this.cash.received(actor, dto.orderNumber, dto.dateSelectionIds);
  }

  @Get(':order')
  @ApiOperation({
    summary:
      "One of my orders by its number: the status page, with each date's life-cycle timeline and status history",
  })
  @ApiOkResponse({ type: OrderDto })
  detail(@Actor() actor: Principal, @Param('order') order: string): Promise<OrderDto> {
    return this.orders.detail(actor, order);
  }

  @Post(':order/cartItem/:cartItem/dateSelection/:date/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Cancel one date of my order (before its cut-off, while PLACED or CONFIRMED); the portions go back on sale',
  })
  @ApiOkResponse({ type: OrderDto })
  cancel(
    @Actor() actor: Principal,
    @Param('order') order: string,
    @Param('cartItem') cartItem: string,
    @Param('date') date: string,
    @Body() dto: StatusReasonDto,
  ): Promise<OrderDto> {
    return this.statuses.cancelByCustomer(actor, order, cartItem, date, dto.reason);
  }

  @Roles(Role.CHEF, Role.ADMIN)
  @Post(':order/cartItem/:cartItem/item/:item/fulfillmentDate/:date/status/:status')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Move one date of an order to the next status (chef of the item, or an admin); refused moves are 409 invalid-transition. ' +
      'CANCELLED needs a reason (400 with a fieldError on reason without one): the customer reads it in the e-mail and on the order page',
  })
  @ApiOkResponse({
    type: StatusMoveDto,
    description: 'The date selection with its new status and the statuses allowed next',
  })
  move(
    @Actor() actor: Principal,
    @Param('order') order: string,
    @Param('cartItem') cartItem: string,
    @Param('item') item: string,
    @Param('date') date: string,
    @Param('status') status: string,
    @Body() dto: StatusReasonDto,
  ): Promise<StatusMoveDto> {
    return this.statuses.moveByKitchen(actor, order, cartItem, item, date, status, dto.reason);
  }

  @Roles(Role.CHEF)
  @Post(':order/cartItem/:cartItem/dateSelection/:date/no-show')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Mark a cash date of your kitchen as not collected (from its day on, before cash was received): cancelled with the reason ' +
      '"Not collected", no capacity back; counts against the customer (NO_SHOW_LIMIT in NO_SHOW_WINDOW_DAYS ends cash for them); idempotent',
  })
  @ApiOkResponse({ type: CashStateDto })
  noShow(
    @Actor() actor: Principal,
    @Param('order') order: string,
    @Param('cartItem') cartItem: string,
    @Param('date') date: string,
  ): Promise<CashStateDto> {
    return this.cash.noShow(actor, order, cartItem, date);
  }

  private async fulfilments(
    actor: Principal,
    list: FulfilmentList,
    q: BoardQueryDto,
    req: FastifyRequest,
    res: FastifyReply,
  ): Promise<FulfilmentDto[]> {
    const { items, total } = await this.board.page(actor, list, q, q, req.timeZone);
    setPagingHeaders(req, res, total, q.page, q.size);
    return items;
  }
}
