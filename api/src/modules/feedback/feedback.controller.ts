import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Public } from '../../common/http/public.decorator.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { TimeZone } from '../../common/http/time-zone.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import { CreateFeedbackDto, FeedbackDto, FeedbackSearchQuery, OrderFeedbackDto } from './dto/feedback.dto.js';
import { FeedbackService } from './feedback.service.js';

@ApiTags('feedback')
@Controller('feedback')
export class FeedbackController {
  constructor(private readonly service: FeedbackService) {}

  @Public()
  @RateLimit('contact')
  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Leave feedback: about the site (stars optional; visitors may add a name and e-mail), or with orderNumber about one of my delivered orders (1–5 stars, once per order)',
  })
  @ApiCreatedResponse({ type: FeedbackDto })
  create(@Actor() actor: Principal | undefined, @Body() dto: CreateFeedbackDto): Promise<FeedbackDto> {
    return this.service.create(actor, dto);
  }

  @Roles(Role.USER)
  @Get('order/:orderNumber')
  @ApiOperation({ summary: 'My feedback on one of my orders, if given, and whether it can be given now' })
  @ApiOkResponse({ type: OrderFeedbackDto })
  forOrder(@Actor() actor: Principal, @Param('orderNumber') orderNumber: string): Promise<OrderFeedbackDto> {
    return this.service.forOrder(actor, orderNumber);
  }
}

@ApiTags('feedback')
@Roles(Role.ADMIN)
@Controller('_search/feedback')
export class FeedbackSearchController {
  constructor(private readonly service: FeedbackService) {}

  @Get()
  @ApiOperation({
    summary:
      'Admins: feedback whose message, name or e-mail has the words (query), by stars (rating), kind and days (from, to in the X-Time-Zone), newest first; X-Total-Count and Link headers',
  })
  @ApiHeader({ name: 'X-Time-Zone', required: false })
  @ApiOkResponse({ type: [FeedbackDto] })
  async search(
    @Query() query: FeedbackSearchQuery,
    @TimeZone() timeZone: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<FeedbackDto[]> {
    const { items, total } = await this.service.search(query, timeZone);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }
}
