import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import {
  OrderKeySearchQueryDto,
  OrderSearchHitDto,
  OrderTextSearchQueryDto,
} from './dto/order-search.dto.js';
import { OrderSearchService } from './order-search.service.js';

/** Finding orders (spec §7 `_search/order?query`, `order/search/`): a chef in their kitchen, an admin in all. */
@ApiTags('order')
@Roles(Role.CHEF, Role.ADMIN)
@Controller()
export class OrderSearchController {
  constructor(private readonly search: OrderSearchService) {}

  @Get('_search/order')
  @ApiOperation({
    summary:
      'Find orders by free text: order number (whole or its beginning), customer name, e-mail or phone (formatting ignored), item name. ' +
      "A chef finds their own kitchen's date selections, an admin every kitchen's; latest date first; X-Total-Count and Link headers",
  })
  @ApiOkResponse({ type: [OrderSearchHitDto] })
  async text(
    @Actor() actor: Principal,
    @Query() q: OrderTextSearchQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<OrderSearchHitDto[]> {
    const { items, total } = await this.search.text(actor, q.query, q);
    setPagingHeaders(req, res, total, q.page, q.size);
    return items;
  }

  @Get('order/search')
  @ApiOperation({
    summary:
      'Find orders by one exact key (spec §9 search-by keys): id (order number or id), email, phone (digits compared; 7+ digits also match ' +
      'a number stored with a country code), kitchen (name, display name or id). An admin searches every kitchen; a chef their own, and searchBy=kitchen is 403 for chefs',
  })
  @ApiOkResponse({ type: [OrderSearchHitDto] })
  async byKey(
    @Actor() actor: Principal,
    @Query() q: OrderKeySearchQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<OrderSearchHitDto[]> {
    const { items, total } = await this.search.byKey(actor, q.searchBy, q.query, q);
    setPagingHeaders(req, res, total, q.page, q.size);
    return items;
  }
}
