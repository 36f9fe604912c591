import { Body, Controller, Get, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { PublisherStatus, Role, hasRole } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Public } from '../../common/http/public.decorator.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { FindByKitchenNameQuery, FindByStatusQuery } from './dto/find-by-status.query.js';
import { PublisherDetailDto, PublisherReviewDto } from './dto/publisher-detail.dto.js';
import { PublisherSummaryDto } from './dto/publisher-summary.dto.js';
import { RegisterPublisherDto, SavePublisherDto } from './dto/register-publisher.dto.js';
import { OptionalPublisherIdQuery } from './dto/review-publisher.dto.js';
import { PublisherRegistrationService } from './publisher-registration.service.js';
import { PublisherService } from './publisher.service.js';

@ApiTags('publisher')
@ApiExtraModels(PublisherSummaryDto, PublisherReviewDto)
@Controller('publisher')
export class PublisherController {
  constructor(
    private readonly service: PublisherService,
    private readonly registration: PublisherRegistrationService,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Register as a chef: creates your kitchen, PENDING until an admin approves it (one per account)',
  })
  @ApiCreatedResponse({ type: PublisherDetailDto })
  @ApiConflictResponse({ description: 'The kitchen name is taken, or you already have a kitchen' })
  register(@Actor() actor: Principal, @Body() dto: RegisterPublisherDto): Promise<PublisherDetailDto> {
    return this.registration.register(actor, dto);
  }

  @Get()
  @ApiOperation({
    summary:
      'Your own kitchen in full, in any status, with the review comments (admins: any kitchen by publisherId)',
  })
  @ApiOkResponse({ type: PublisherDetailDto })
  detail(@Actor() actor: Principal, @Query() query: OptionalPublisherIdQuery): Promise<PublisherDetailDto> {
    return this.service.detail(actor, query.publisherId);
  }

  @Put('save')
  @ApiOperation({
    summary:
      'Change your kitchen (also while PENDING); omitted fields stay, `address` replaces the primary address',
  })
  @ApiOkResponse({ type: PublisherDetailDto })
  save(@Actor() actor: Principal, @Body() dto: SavePublisherDto): Promise<PublisherDetailDto> {
    return this.registration.save(actor, dto);
  }

  @Public()
  @Get('findByStatus')
  @ApiOperation({
    summary:
      'Kitchens in a review state (APPROVED for everyone, others admins only), best rated first; admins also get owner, dates and review comments',
  })
  @ApiOkResponse({
    schema: {
      type: 'array',
      items: {
        oneOf: [{ $ref: getSchemaPath(PublisherSummaryDto) }, { $ref: getSchemaPath(PublisherReviewDto) }],
      },
    },
  })
  async findByStatus(
    @Actor() actor: Principal | undefined,
    @Query() query: FindByStatusQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<PublisherSummaryDto[] | PublisherReviewDto[] | Buffer | string> {
    if (query.status === PublisherStatus.APPROVED && !hasRole(actor, Role.ADMIN)) {
      // The public list: JSON from the kitchen cache, sent as stored (no serialising per request).
      const { json, total } = await this.service.approvedPage(query);
      setPagingHeaders(req, res, total, query.page, query.size);
      res.header('content-type', 'application/json; charset=utf-8');
      return json;
    }
    const { items, total } = await this.service.findByStatus(actor, query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Roles(Role.CHEF)
  @Get('mine')
  @ApiOperation({ summary: "The signed-in chef's own approved kitchen" })
  @ApiOkResponse({ type: PublisherSummaryDto })
  mine(@Actor() actor: Principal): Promise<PublisherSummaryDto> {
    return this.service.mine(actor);
  }

  @Public()
  @Get('find-by-kitchen-name')
  @ApiOperation({ summary: 'An approved kitchen by its storefront name (case-insensitive; cached)' })
  @ApiOkResponse({ type: PublisherSummaryDto })
  findByKitchenName(@Query() query: FindByKitchenNameQuery): Promise<PublisherSummaryDto> {
    return this.service.findByKitchenName(query.kitchenName);
  }
}
