import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@hearth/shared';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { ReceiptsByDateQuery } from './dto/menu-request.dto.js';
import { ReceiptDto } from './dto/menu-response.dto.js';
import { MenuReceiptsService } from './menu-receipts.service.js';

/** The receipts of a cook date across the chef's menus, for the fulfilment board (issue 17 item 6). */
@ApiTags('order')
@Roles(Role.CHEF)
@Controller('order')
export class ReceiptsByDateController {
  constructor(private readonly receipts: MenuReceiptsService) {}

  @Get('receipts')
  @ApiOperation({
    summary:
      'The receipts of all your menus attached to one cook date (?date=YYYY-MM-DD), by menu name, newest upload first',
  })
  @ApiOkResponse({ type: [ReceiptDto] })
  forDate(@Actor() actor: Principal, @Query() query: ReceiptsByDateQuery): Promise<ReceiptDto[]> {
    return this.receipts.forDate(actor, query.date);
  }
}
