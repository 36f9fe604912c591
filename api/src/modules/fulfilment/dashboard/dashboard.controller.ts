import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@hearth/shared';
import { Actor, type Principal } from '../../../common/http/principal.js';
import { Roles } from '../../../common/http/roles.decorator.js';
import { DashboardService } from './dashboard.service.js';
import { DashboardDto, DashboardQueryDto } from './dto/dashboard.dto.js';

@ApiTags('publisher')
@Roles(Role.CHEF)
@Controller('publisher')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('dashboard')
  @ApiOperation({
    summary:
      "Your kitchen's dashboard: sales and refunds per week, orders and portions per cook date, rating per week, top items, pickup vs delivery, cancellations per week (weeks in the kitchen's time zone)",
  })
  @ApiOkResponse({ type: DashboardDto })
  kitchen(@Actor() actor: Principal, @Query() q: DashboardQueryDto): Promise<DashboardDto> {
    return this.dashboard.kitchen(actor, q.weeks, q.days);
  }
}

@ApiTags('admin')
@Roles(Role.ADMIN)
@Controller('admin')
export class AdminDashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('dashboard')
  @ApiOperation({
    summary:
      'The platform dashboard: the same numbers over every kitchen, money per currency (never added across currencies), weeks in UTC',
  })
  @ApiOkResponse({ type: DashboardDto })
  platform(@Query() q: DashboardQueryDto): Promise<DashboardDto> {
    return this.dashboard.platform(q.weeks, q.days);
  }
}
