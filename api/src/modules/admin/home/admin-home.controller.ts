import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@hearth/shared';
import { Roles } from '../../../common/http/roles.decorator.js';
import { AdminHomeDto, AdminHomeQueryDto } from './admin-home.dto.js';
import { AdminHomeService } from './admin-home.service.js';

@ApiTags('admin')
@Roles(Role.ADMIN)
@Controller('admin')
export class AdminHomeController {
  constructor(private readonly home: AdminHomeService) {}

  @Get()
  @ApiOperation({
    summary:
      'The platform’s numbers for the admin home: kitchens by status, accounts, orders and sales per UTC day of the last `days` (7–90, default 30), platform fees and refunds per currency (never added across currencies), open back-office work',
  })
  @ApiOkResponse({ type: AdminHomeDto })
  numbers(@Query() q: AdminHomeQueryDto): Promise<AdminHomeDto> {
    return this.home.numbers(q.days);
  }
}
