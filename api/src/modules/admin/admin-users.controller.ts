import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { AdminPicturesService } from './admin-pictures.service.js';
import { AdminUsersService } from './admin-users.service.js';
import {
  AdminPictureDto,
  AdminUserDto,
  AdminUserHitDto,
  AdminUsersQuery,
  BlockKitchenPictureDto,
  ItemPictureStateDto,
  ReasonDto,
  UnblockKitchenPictureDto,
} from './dto/admin-users.dto.js';

/** Users and kitchens, and picture moderation (issue 18 parts 3, 4 and 8): admins only. */
@ApiTags('admin')
@Roles(Role.ADMIN)
@Controller('admin')
export class AdminUsersController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly pictures: AdminPicturesService,
  ) {}

  @Get('users')
  @ApiOperation({
    summary:
      'Customers and chefs found by one search-by key (id, email, phone, kitchen), newest first; X-Total-Count and Link headers',
  })
  @ApiOkResponse({ type: [AdminUserHitDto] })
  async search(
    @Actor() actor: Principal,
    @Query() query: AdminUsersQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<AdminUserHitDto[]> {
    const { items, total } = await this.users.search(actor, query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Get('users/:id')
  @ApiOperation({
    summary:
      "A person's profile: roles, status, last login, kitchens (with their pictures), orders, sessions, delivery addresses",
  })
  @ApiOkResponse({ type: AdminUserDto })
  profile(@Actor() actor: Principal, @Param('id') id: string): Promise<AdminUserDto> {
    return this.users.profile(actor, id);
  }

  @Post('users/:id/disable')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Disable an account with a reason: its sessions end at once and it cannot sign in until enabled',
  })
  @ApiOkResponse({ type: AdminUserDto })
  disable(@Actor() actor: Principal, @Param('id') id: string, @Body() dto: ReasonDto): Promise<AdminUserDto> {
    return this.users.disable(actor, id, dto.reason);
  }

  @Post('users/:id/enable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Enable a disabled account again' })
  @ApiOkResponse({ type: AdminUserDto })
  enable(@Actor() actor: Principal, @Param('id') id: string): Promise<AdminUserDto> {
    return this.users.enable(actor, id);
  }

  @Post('items/:id/block-image')
  @HttpCode(200)
  @ApiOperation({
    summary: "Hide an item's pictures from the public with a reason (the chef is told by e-mail)",
  })
  @ApiOkResponse({ type: ItemPictureStateDto })
  blockItemImage(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Body() dto: ReasonDto,
  ): Promise<ItemPictureStateDto> {
    return this.pictures.blockItem(actor, id, dto.reason);
  }

  @Post('items/:id/unblock-image')
  @HttpCode(200)
  @ApiOperation({ summary: "Show an item's pictures to the public again" })
  @ApiOkResponse({ type: ItemPictureStateDto })
  unblockItemImage(@Actor() actor: Principal, @Param('id') id: string): Promise<ItemPictureStateDto> {
    return this.pictures.unblockItem(actor, id);
  }

  @Post('kitchens/:id/block-picture')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Hide one of a kitchen's public pictures (portrait or kitchen picture) with a reason; the chef is told",
  })
  @ApiOkResponse({ type: [AdminPictureDto] })
  blockKitchenPicture(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Body() dto: BlockKitchenPictureDto,
  ): Promise<AdminPictureDto[]> {
    return this.pictures.blockKitchenPicture(actor, id, dto.key, dto.reason);
  }

  @Post('kitchens/:id/unblock-picture')
  @HttpCode(200)
  @ApiOperation({ summary: "Show a kitchen's hidden picture to the public again" })
  @ApiOkResponse({ type: [AdminPictureDto] })
  unblockKitchenPicture(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Body() dto: UnblockKitchenPictureDto,
  ): Promise<AdminPictureDto[]> {
    return this.pictures.unblockKitchenPicture(actor, id, dto.key);
  }
}
