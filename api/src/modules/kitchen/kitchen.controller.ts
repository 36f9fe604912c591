import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Public } from '../../common/http/public.decorator.js';
import { KITCHEN_CODE_HEADER_DOC } from '../settings/kitchen-code-header.js';
import { KitchenPageDto } from './dto/kitchen-page.dto.js';
import { KitchenService } from './kitchen.service.js';

@ApiTags('kitchen')
@Controller('kitchen')
export class KitchenController {
  constructor(private readonly service: KitchenService) {}

  @Public()
  @Get(':id')
  @ApiOperation({
    summary:
      'Kitchen page of an approved kitchen (id or kitchen name): the kitchen and its menus’ dates and items for the next 30 days',
    description:
      'Private menus are included for the kitchen’s chef, admins, and with the kitchen’s secret code in X-Kitchen-Code (privateMenusUnlocked tells which).',
  })
  @ApiHeader(KITCHEN_CODE_HEADER_DOC)
  @ApiOkResponse({ type: KitchenPageDto })
  page(
    @Param('id') id: string,
    @Actor() actor: Principal | undefined,
    @Req() req: FastifyRequest,
  ): Promise<KitchenPageDto> {
    return this.service.page(id, actor, req);
  }
}
