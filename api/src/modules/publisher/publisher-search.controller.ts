import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Public } from '../../common/http/public.decorator.js';
import { PublisherSummaryDto } from './dto/publisher-summary.dto.js';
import { SearchPublishersQuery } from './dto/search-publishers.query.js';
import { PublisherSearchService } from './publisher-search.service.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';

@ApiTags('publisher')
@RateLimit('search')
@Controller('_search')
export class PublisherSearchController {
  constructor(private readonly service: PublisherSearchService) {}

  @Public()
  @Get('publishers')
  @ApiOperation({
    summary:
      'Search approved kitchens by words (typos tolerated), most relevant first, optionally within a distance; X-Total-Count and Link headers',
  })
  @ApiOkResponse({ type: [PublisherSummaryDto] })
  async search(
    @Query() query: SearchPublishersQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<PublisherSummaryDto[]> {
    const { items, total } = await this.service.search(query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }
}
