import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Public } from '../../common/http/public.decorator.js';
import { ItemSearchQuery, MenuSearchQuery, RatingSearchQuery } from './dto/search-query.dto.js';
import {
  ItemSearchResultDto,
  KitchenSearchResultDto,
  MenuSearchResultDto,
  ReviewSearchResultDto,
} from './dto/search-results.dto.js';
import { ItemSearchService, type SearchPage } from './item-search.service.js';
import { MenuSearchService } from './menu-search.service.js';
import { ReviewSearchService } from './review-search.service.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import { SearchAnswerCache } from './search-answer.cache.js';

const LOCATION_HEADERS =
  'X-Total-Count, Link, X-Distance-Unit, X-Search-Distance, X-Search-Lat, X-Search-Lng, X-Search-Zip, X-Search-Country, X-Search-Location-Source, X-Search-Cache';
const locatedSearch =
  "Where: the zip code (with country), else lat/lng (the browser position), else the signed-in customer's first complete saved address. " +
  'Response headers: X-Total-Count, Link, X-Distance-Unit (miles in the US, km elsewhere), X-Search-Distance, X-Search-Lat/Lng, ' +
  'X-Search-Zip, X-Search-Country, X-Search-Location-Source (zip, position or saved-address).';
const sharedAnswer =
  ' With a zip code or lat/lng the answer may be shared with everyone asking the same search until the catalogue changes, ' +
  'for at most SEARCH_CACHE_SECONDS (30 s in production): X-Search-Cache HIT or MISS. A search from the saved address is never shared.';

/** Where the search looked and in which unit, as response headers. */
function locatedHeaders(page: SearchPage<unknown>): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Distance-Unit': page.origin.unit,
    'X-Search-Distance': String(page.distance),
    'X-Search-Lat': String(page.origin.lat),
    'X-Search-Lng': String(page.origin.lng),
  };
  if (page.origin.zip) headers['X-Search-Zip'] = page.origin.zip;
  if (page.origin.countryCode) headers['X-Search-Country'] = page.origin.countryCode;
  headers['X-Search-Location-Source'] = page.origin.source;
  return headers;
}

/** Paging headers plus where the search looked and in which unit. */
function setLocatedHeaders(
  req: FastifyRequest,
  res: FastifyReply,
  answer: { total: number; headers: Record<string, string> },
  query: { page: number; size: number },
): void {
  setPagingHeaders(req, res, answer.total, query.page, query.size);
  for (const [name, value] of Object.entries(answer.headers)) res.header(name, value);
  res.header('Access-Control-Expose-Headers', LOCATION_HEADERS);
}

@ApiTags('search')
@Public()
@RateLimit('search')
@Controller('_search')
export class SearchController {
  constructor(
    private readonly items: ItemSearchService,
    private readonly menus: MenuSearchService,
    private readonly reviews: ReviewSearchService,
    private readonly answers: SearchAnswerCache,
  ) {}

  @Get('items')
  @ApiOperation({
    summary:
      'Items that can be ordered near a place: text (typo-tolerant), distance, the Search filter, paging and sort',
    description: locatedSearch + sharedAnswer,
  })
  @ApiHeader({ name: 'X-Time-Zone', required: false })
  @ApiOkResponse({ type: [ItemSearchResultDto] })
  async searchItems(
    @Actor() actor: Principal | undefined,
    @Query() query: ItemSearchQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ItemSearchResultDto[] | Buffer> {
    return this.itemAnswer('items', actor, query, req, res);
  }

  @Get('menus')
  @ApiOperation({
    summary: 'Published menus near a place with their next orderable dates',
    description: locatedSearch,
  })
  @ApiOkResponse({ type: [MenuSearchResultDto] })
  async searchMenus(
    @Actor() actor: Principal | undefined,
    @Query() query: MenuSearchQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<MenuSearchResultDto[]> {
    const page = await this.menus.search(actor, query);
    setLocatedHeaders(req, res, { total: page.total, headers: locatedHeaders(page) }, query);
    return page.items;
  }

  @Get('kitchens')
  @ApiOperation({
    summary:
      'Kitchens near a place with a published menu to order from: the menus search grouped, one result per kitchen (X-Total-Count counts kitchens)',
    description: locatedSearch,
  })
  @ApiOkResponse({ type: [KitchenSearchResultDto] })
  async searchKitchens(
    @Actor() actor: Principal | undefined,
    @Query() query: MenuSearchQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<KitchenSearchResultDto[]> {
    const page = await this.menus.searchKitchens(actor, query);
    setLocatedHeaders(req, res, { total: page.total, headers: locatedHeaders(page) }, query);
    return page.items;
  }

  @Get('rating')
  @ApiOperation({
    summary:
      'Reviews whose text, dish or kitchen name contains the words, newest first; X-Total-Count and Link headers',
  })
  @ApiOkResponse({ type: [ReviewSearchResultDto] })
  async searchReviews(
    @Query() query: RatingSearchQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ReviewSearchResultDto[]> {
    const { items, total } = await this.reviews.search(query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Get(':zip/:country/items')
  @ApiOperation({
    summary:
      'Items near a zip code (same filters as _search/items; lat, lng, zip and country of the query are ignored)',
    description:
      'A zip code that cannot be placed is a 404 problem "We could not place zip code X in COUNTRY."' +
      sharedAnswer,
  })
  @ApiParam({ name: 'zip', example: '07302' })
  @ApiParam({ name: 'country', example: 'US', description: 'Country code or name' })
  @ApiOkResponse({ type: [ItemSearchResultDto] })
  async searchItemsByZip(
    @Actor() actor: Principal | undefined,
    @Param('zip') zip: string,
    @Param('country') country: string,
    @Query() query: ItemSearchQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ItemSearchResultDto[] | Buffer> {
    return this.itemAnswer('items-by-zip', actor, query, req, res, { zip, country });
  }

  /**
   * An item search's answer. When it does not depend on who asks (a zip code or a position was given, not the
   * signed-in customer's saved address), from the search answer cache (`X-Search-Cache: HIT|MISS`) until the
   * catalogue changes, within SEARCH_CACHE_SECONDS; else searched for this request.
   */
  private async itemAnswer(
    route: string,
    actor: Principal | undefined,
    query: ItemSearchQuery,
    req: FastifyRequest,
    res: FastifyReply,
    place?: { zip: string; country: string },
  ): Promise<ItemSearchResultDto[] | Buffer> {
    const located = place || query.zip || (query.lat !== undefined && query.lng !== undefined);
    if (!this.answers.enabled || !located) {
      const page = await this.items.search(actor, query, place);
      setLocatedHeaders(req, res, { total: page.total, headers: locatedHeaders(page) }, query);
      return page.items;
    }
    const key = SearchAnswerCache.key(route, { ...query, place });
    const { answer, hit } = await this.answers.answer(key, async () => {
      const page = await this.items.search(undefined, query, place);
      return {
        total: page.total,
        headers: locatedHeaders(page),
        body: Buffer.from(JSON.stringify(page.items)),
      };
    });
    setLocatedHeaders(req, res, answer, query);
    res.header('X-Search-Cache', hit ? 'HIT' : 'MISS');
    res.header('content-type', 'application/json; charset=utf-8');
    return answer.body;
  }
}
