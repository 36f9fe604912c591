import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/http/public.decorator.js';
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
  })
  @ApiOkResponse({ type: KitchenPageDto })
  page(@Param('id') id: string): Promise<KitchenPageDto> {
    return this.service.page(id);
  }
}
