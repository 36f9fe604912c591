import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Role, SubscriptionStatus } from '@hearth/shared';
import { PageQueryDto, setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Public } from '../../common/http/public.decorator.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import { ConfirmationService } from './confirmation.service.js';
import {
  AdminSubscriptionQueryDto,
  GuestSubscribeDto,
  LocationCheckDto,
  TokenQueryDto,
} from './dto/subscription-request.dto.js';
import {
  AcceptedDto,
  ConfirmationDto,
  SubscriberDto,
  SubscriptionDto,
} from './dto/subscription-response.dto.js';
import { LocationCheckService } from './location-check.service.js';
import { SubscriptionService } from './subscription.service.js';

/** spec §7 `subscriptions/*`: following kitchens, guests' double opt-in, location checks, chefs' and admins' lists. */
@ApiTags('subscriptions')
@Controller('subscriptions')
export class SubscriptionController {
  constructor(
    private readonly service: SubscriptionService,
    private readonly locations: LocationCheckService,
    private readonly confirmations: ConfirmationService,
  ) {}

  @Get()
  @Roles(Role.USER)
  @ApiOperation({
    summary:
      'My subscriptions to kitchens in every state (by my account or my address), newest first; subscribed/consumer/list has the followed ones',
  })
  @ApiOkResponse({ type: [SubscriptionDto] })
  mine(@Actor() actor: Principal): Promise<SubscriptionDto[]> {
    return this.service.mine(actor, false);
  }

  @Post('subscribe/consumer/:id')
  @Roles(Role.USER)
  @HttpCode(204)
  @ApiOperation({
    summary:
      "Follow a kitchen's news with my account's address (SUBSCRIBED at once, no opt-in; again: no change); 404 for an unknown or blocked kitchen",
  })
  @ApiParam({ name: 'id', description: 'Kitchen id' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'Kitchen X was not found.' })
  follow(@Actor() actor: Principal, @Param('id') id: string): Promise<void> {
    return this.service.follow(actor, id);
  }

  @Post('unsubscribe/consumer/:id')
  @Roles(Role.USER)
  @HttpCode(204)
  @ApiOperation({
    summary: "Stop following a kitchen's news (not following: no change); 404 for an unknown kitchen",
  })
  @ApiParam({ name: 'id', description: 'Kitchen id' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'Kitchen X was not found.' })
  unfollow(@Actor() actor: Principal, @Param('id') id: string): Promise<void> {
    return this.service.unfollow(actor, id);
  }

  @Get('subscribed/consumer/list')
  @Roles(Role.USER)
  @ApiOperation({ summary: 'The kitchens I follow (SUBSCRIBED), newest first' })
  @ApiOkResponse({ type: [SubscriptionDto] })
  followed(@Actor() actor: Principal): Promise<SubscriptionDto[]> {
    return this.service.mine(actor, true);
  }

  @Public()
  @RateLimit('contact')
  @Post('subscribe/guest')
  @HttpCode(202)
  @ApiOperation({
    summary:
      "A guest asks for a kitchen's news by e-mail: a confirmation e-mail (double opt-in; nothing else is sent before confirming; at most one per 10 minutes). Always the same 202, known address or not",
  })
  @ApiAcceptedResponse({ type: AcceptedDto })
  @ApiNotFoundResponse({ description: 'Kitchen X was not found.' })
  guest(@Body() dto: GuestSubscribeDto): Promise<AcceptedDto> {
    return this.service.guest(dto);
  }

  @Public()
  @RateLimit('contact')
  @Post('location')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'spec Location check, "Tell me when chefs deliver here": e-mail, country and zip code; a confirmation e-mail (double opt-in), then ONE e-mail when an approved kitchen delivers to that zip. Always the same 202',
  })
  @ApiAcceptedResponse({ type: AcceptedDto })
  location(@Body() dto: LocationCheckDto): Promise<AcceptedDto> {
    return this.locations.request(dto);
  }

  @Public()
  @Get('confirm')
  @ApiOperation({ summary: 'What a confirmation link confirms, and its state (changes nothing)' })
  @ApiOkResponse({ type: ConfirmationDto })
  @ApiBadRequestResponse({ description: 'The link is not valid or has expired.' })
  preview(@Query() query: TokenQueryDto): Promise<ConfirmationDto> {
    return this.confirmations.preview(query.token);
  }

  @Public()
  @Post('confirm')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Confirm a guest subscription or location check (PENDING → SUBSCRIBED); a confirmed one: no change; unsubscribed since: 409',
  })
  @ApiOkResponse({ type: ConfirmationDto })
  @ApiBadRequestResponse({ description: 'The link is not valid or has expired.' })
  @ApiConflictResponse({ description: 'The link was used and the address unsubscribed since.' })
  confirm(@Query() query: TokenQueryDto): Promise<ConfirmationDto> {
    return this.confirmations.confirm(query.token);
  }

  @Get('subscribed/publisher/list')
  @Roles(Role.CHEF)
  @ApiOperation({
    summary:
      "My kitchen's subscribers (SUBSCRIBED), newest first: customers by name, addresses masked; X-Total-Count and Link headers",
  })
  @ApiOkResponse({ type: [SubscriberDto] })
  async subscribers(
    @Actor() actor: Principal,
    @Query() query: PageQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<SubscriberDto[]> {
    const { items, total } = await this.service.subscribers(actor, query.page, query.size);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Get('admin/all')
  @Roles(Role.ADMIN)
  @ApiOperation({ summary: 'Every subscription, newest first; by kitchen or part of the address; paged' })
  @ApiOkResponse({ type: [SubscriptionDto] })
  all(
    @Query() query: AdminSubscriptionQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<SubscriptionDto[]> {
    return this.admin(null, query, req, res);
  }

  @Get('admin/subscribed/all')
  @Roles(Role.ADMIN)
  @ApiOperation({
    summary: 'SUBSCRIBED subscriptions, newest first; by kitchen or part of the address; paged',
  })
  @ApiOkResponse({ type: [SubscriptionDto] })
  subscribed(
    @Query() query: AdminSubscriptionQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<SubscriptionDto[]> {
    return this.admin(SubscriptionStatus.SUBSCRIBED, query, req, res);
  }

  @Get('admin/unsubscribed/all')
  @Roles(Role.ADMIN)
  @ApiOperation({
    summary: 'UNSUBSCRIBED subscriptions, newest first; by kitchen or part of the address; paged',
  })
  @ApiOkResponse({ type: [SubscriptionDto] })
  unsubscribed(
    @Query() query: AdminSubscriptionQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<SubscriptionDto[]> {
    return this.admin(SubscriptionStatus.UNSUBSCRIBED, query, req, res);
  }

  private async admin(
    status: SubscriptionStatus | null,
    query: AdminSubscriptionQueryDto,
    req: FastifyRequest,
    res: FastifyReply,
  ): Promise<SubscriptionDto[]> {
    const { items, total } = await this.service.adminList(status, query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }
}
