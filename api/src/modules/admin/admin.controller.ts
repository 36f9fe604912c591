import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { Role } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { AdminKitchensService } from './admin-kitchens.service.js';
import { AdminKitchenDto, AdminKitchensQuery } from './dto/admin-kitchens.dto.js';
import { KitchenFeeDto, KitchenNameQuery, SetKitchenFeeDto } from './dto/kitchen-fee.dto.js';
import { KitchenFeeService } from './kitchen-fee.service.js';

/** Admin-only tools (spec §6). */
@ApiTags('admin')
@Roles(Role.ADMIN)
@Controller('admin')
export class AdminController {
  constructor(
    private readonly fees: KitchenFeeService,
    private readonly kitchens: AdminKitchensService,
  ) {}

  @Get('kitchens')
  @ApiOperation({
    summary:
      "Kitchens in any review state, newest first, found by part of the kitchen's or brand's name or the owner's name or e-mail, optionally in one status, each with its platform fee; X-Total-Count and Link headers",
  })
  @ApiOkResponse({ type: [AdminKitchenDto] })
  async listKitchens(
    @Actor() actor: Principal,
    @Query() query: AdminKitchensQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<AdminKitchenDto[]> {
    const { items, total } = await this.kitchens.list(actor, query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Post('set-percentage-by-kitchen-name')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set the platform fee percentage (0–100) of one kitchen, overriding the default' })
  @ApiOkResponse({ type: KitchenFeeDto })
  setPercentage(@Actor() actor: Principal, @Body() dto: SetKitchenFeeDto): Promise<KitchenFeeDto> {
    return this.fees.set(actor, dto);
  }

  @Get('fetch-percentage-by-kitchen-name')
  @ApiOperation({ summary: "A kitchen's platform fee percentage (the default when none was set)" })
  @ApiOkResponse({ type: KitchenFeeDto })
  fetchPercentage(@Actor() actor: Principal, @Query() query: KitchenNameQuery): Promise<KitchenFeeDto> {
    return this.fees.fetch(actor, query.kitchenName);
  }
}
