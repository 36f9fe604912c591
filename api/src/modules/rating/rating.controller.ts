import {
  Body,
  Controller,
  Get,
  Param,
  Post,
  Query,
  Req,
  Res,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { Role, MAX_REVIEW_IMAGES } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Public } from '../../common/http/public.decorator.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { Upload } from '../storage/upload.interceptor.js';
import type { UploadedBlob } from '../storage/upload.service.js';
import { CreatedRatingDto, CreateRatingDto, RatingDto, RatingListQuery } from './dto/rating.dto.js';
import { RatingService } from './rating.service.js';

@ApiTags('rating')
@Controller('rating')
export class RatingController {
  constructor(private readonly service: RatingService) {}

  @Roles(Role.USER)
  @Post()
  @UseInterceptors(Upload('images', MAX_REVIEW_IMAGES))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({
    summary:
      "Rate a delivered date of one of my orders, once (1–5 stars, a review, up to 3 pictures); the kitchen's average moves with it",
  })
  @ApiCreatedResponse({ type: CreatedRatingDto })
  create(
    @Actor() actor: Principal,
    @Body() dto: CreateRatingDto,
    @UploadedFiles() files: { images?: UploadedBlob[] } | undefined,
  ): Promise<CreatedRatingDto> {
    return this.service.create(actor, dto, files?.images ?? []);
  }

  @Public()
  @Get(':publisherId/list')
  @ApiOperation({
    summary:
      "A kitchen's reviews, newest first (only one item's with ?itemId); X-Total-Count and Link headers",
  })
  @ApiOkResponse({ type: [RatingDto] })
  async list(
    @Param('publisherId') publisherId: string,
    @Query() query: RatingListQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<RatingDto[]> {
    const { items, total } = await this.service.list(publisherId, query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }
}
