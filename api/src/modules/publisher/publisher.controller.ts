import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Public } from '../../common/http/public.decorator.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { Role } from '@hearth/shared';
import { FindByKitchenNameQuery, FindByStatusQuery } from './dto/find-by-status.query.js';
import { PublisherSummaryDto } from './dto/publisher-summary.dto.js';
import { PublisherService } from './publisher.service.js';

@ApiTags('publisher')
@Controller('publisher')
export class PublisherController {
  constructor(private readonly service: PublisherService) {}

  @Public()
  @Get('findByStatus')
  @ApiOperation({ summary: 'Kitchens in a review state (APPROVED for everyone), best rated first; X-Total-Count and Link headers' })
  @ApiOkResponse({ type: [PublisherSummaryDto] })
  async findByStatus(
    @Actor() actor: Principal | undefined,
    @Query() query: FindByStatusQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PublisherSummaryDto[]> {
    const { items, total } = await this.service.findByStatus(actor, query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Roles(Role.CHEF)
  @Get('mine')
  @ApiOperation({ summary: "The signed-in chef's own kitchen" })
  @ApiOkResponse({ type: PublisherSummaryDto })
  mine(@Actor() actor: Principal): Promise<PublisherSummaryDto> {
    return this.service.mine(actor);
  }

  @Public()
  @Get('find-by-kitchen-name')
  @ApiOperation({ summary: 'An approved kitchen by its storefront name (case-insensitive)' })
  @ApiOkResponse({ type: PublisherSummaryDto })
  findByKitchenName(@Query() query: FindByKitchenNameQuery): Promise<PublisherSummaryDto> {
    return this.service.findByKitchenName(query.kitchenName);
  }
}
