import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
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
  async recent(@Res({ passthrough: true }) res: FastifyReply): Promise<GalleryItemDto[] | Buffer | string> {
    // JSON from the kitchen cache, sent as stored.
    res.header('content-type', 'application/json; charset=utf-8');
    return this.service.recentJson();
  }
}
