import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Role } from '@hearth/shared';
import { Actor, type Principal } from '../../../common/http/principal.js';
import { Roles } from '../../../common/http/roles.decorator.js';
import { PrepSheetDto, PrepSheetQueryDto } from './dto/prep-sheet.dto.js';
import { prepSheetCsv } from './prep-sheet.js';
import { PrepSheetService } from './prep-sheet.service.js';

@ApiTags('order')
@Roles(Role.CHEF)
@Controller('order')
export class PrepSheetController {
  constructor(private readonly prep: PrepSheetService) {}

  @Get('prep-sheet')
  @ApiOperation({
    summary:
      'The prep sheet of one cook date (and slot) of your kitchen: portions per item and option (catering apart), the shopping list scaled by servings, and the pickup and delivery lists; cancelled dates left out',
  })
  @ApiOkResponse({ type: PrepSheetDto })
  sheet(@Actor() actor: Principal, @Query() q: PrepSheetQueryDto): Promise<PrepSheetDto> {
    return this.prep.sheet(actor, q.date, q.timeSlot ?? null);
  }

  @Get('prep-sheet.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @ApiProduces('text/csv')
  @ApiOperation({
    summary:
      'The same prep sheet as CSV: sections Portions, Catering, Shopping list, Pickup, Delivery, each with a header line',
  })
  @ApiOkResponse({ schema: { type: 'string' } })
  async csv(@Actor() actor: Principal, @Query() q: PrepSheetQueryDto): Promise<string> {
    return prepSheetCsv(await this.prep.sheet(actor, q.date, q.timeSlot ?? null));
  }
}
