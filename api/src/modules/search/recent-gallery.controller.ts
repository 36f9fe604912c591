import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/http/public.decorator.js';
import { GalleryItemDto } from './dto/search-results.dto.js';
import { RecentGalleryService } from './recent-gallery.service.js';

@ApiTags('order')
@Controller('order')
export class RecentGalleryController {
  constructor(private readonly service: RecentGalleryService) {}

  @Public()
  @Get('recent-ordered-gallery')
  @ApiOperation({
    summary:
      'Pictures of the dishes ordered most recently (at most 12), with dish and kitchen names; no customer data',
  })
  @ApiOkResponse({ type: [GalleryItemDto] })
  recent(): Promise<GalleryItemDto[]> {
    return this.service.recent();
  }
}
