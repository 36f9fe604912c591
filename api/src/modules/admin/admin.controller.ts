import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@hearth/shared';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { KitchenFeeDto, KitchenNameQuery, SetKitchenFeeDto } from './dto/kitchen-fee.dto.js';
import { KitchenFeeService } from './kitchen-fee.service.js';

/** Admin-only tools (spec §6). */
@ApiTags('admin')
@Roles(Role.ADMIN)
@Controller('admin')
export class AdminController {
  constructor(private readonly fees: KitchenFeeService) {}

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
