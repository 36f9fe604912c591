import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { Role } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Public } from '../../common/http/public.decorator.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { KITCHEN_CODE_HEADER_DOC } from '../settings/kitchen-code-header.js';
import { Upload } from '../storage/upload.interceptor.js';
import type { UploadedBlob } from '../storage/upload.service.js';
import { CloneItemDto, CreateItemDto, ItemActionParams, UpdateItemDto } from './dto/item-request.dto.js';
import { ItemDto } from './dto/item-response.dto.js';
import { ItemListQuery } from './dto/item-list.query.js';
import { ItemService, MAX_ITEM_PICTURES } from './item.service.js';

const PICTURES_BODY = {
  schema: {
    type: 'object',
    properties: {
      files: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: MAX_ITEM_PICTURES },
    },
  },
};

@ApiTags('item')
@Controller('item')
export class ItemController {
  constructor(private readonly service: ItemService) {}

  @Roles(Role.CHEF)
  @Post()
  @ApiOperation({
    summary:
      'Create an item of your kitchen; left-out fields take the spec defaults (one pricing option 1 Kgs, 8.99, serves 3)',
  })
  @ApiCreatedResponse({ type: ItemDto })
  create(@Actor() actor: Principal, @Body() dto: CreateItemDto): Promise<ItemDto> {
    return this.service.create(actor, dto);
  }

  @Roles(Role.CHEF, Role.ADMIN)
  @Get()
  @ApiOperation({
    summary: 'Your items with their sold-out state (admins: ?publisherId=); X-Total-Count and Link headers',
  })
  @ApiOkResponse({ type: [ItemDto] })
  async list(
    @Actor() actor: Principal,
    @Query() query: ItemListQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ItemDto[]> {
    const { items, total } = await this.service.list(actor, query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Roles(Role.CHEF)
  @Post('clone-item')
  @ApiOperation({ summary: 'Copy one of your items as "… (copy)"' })
  @ApiCreatedResponse({ type: ItemDto })
  clone(@Actor() actor: Principal, @Body() dto: CloneItemDto): Promise<ItemDto> {
    return this.service.clone(actor, dto);
  }

  @Public()
  @Get(':id')
  @ApiOperation({
    summary:
      'An item: public when offered by an approved kitchen; its owner and admins see it in any state. An item only on private menus needs the kitchen’s code (X-Kitchen-Code); private menus’ dates are listed only with it',
  })
  @ApiHeader(KITCHEN_CODE_HEADER_DOC)
  @ApiOkResponse({ type: ItemDto })
  get(
    @Actor() actor: Principal | undefined,
    @Param('id') id: string,
    @Req() req: FastifyRequest,
  ): Promise<ItemDto> {
    return this.service.get(actor, id, req);
  }

  @Roles(Role.CHEF)
  @Put(':id')
  @ApiOperation({
    summary: 'Change your item; left-out fields keep their value, pricingOptions replaces the list',
  })
  @ApiOkResponse({ type: ItemDto })
  update(@Actor() actor: Principal, @Param('id') id: string, @Body() dto: UpdateItemDto): Promise<ItemDto> {
    return this.service.update(actor, id, dto);
  }

  @Roles(Role.CHEF)
  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete your item (soft: status DELETED); refused while it has orders for upcoming dates',
  })
  @ApiNoContentResponse()
  remove(@Actor() actor: Principal, @Param('id') id: string): Promise<void> {
    return this.service.remove(actor, id);
  }

  @Roles(Role.CHEF)
  @Post(':id/pictures')
  @UseInterceptors(Upload('files', MAX_ITEM_PICTURES))
  @ApiConsumes('multipart/form-data')
  @ApiBody(PICTURES_BODY)
  @ApiOperation({
    summary: `Add up to ${MAX_ITEM_PICTURES} pictures (field "files"; JPEG, PNG, WebP, GIF or AVIF, 5 MB each), stored at 400/800/1600 px`,
  })
  @ApiCreatedResponse({ type: ItemDto })
  addPictures(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @UploadedFiles() files: { files?: UploadedBlob[] } | undefined,
  ): Promise<ItemDto> {
    return this.service.addPictures(actor, id, files?.files);
  }

  @Roles(Role.CHEF)
  @Delete(':id/pictures/:pictureId')
  @ApiOperation({ summary: 'Remove one picture of your item' })
  @ApiOkResponse({ type: ItemDto })
  removePicture(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Param('pictureId') pictureId: string,
  ): Promise<ItemDto> {
    return this.service.removePicture(actor, id, pictureId);
  }

  @Roles(Role.CHEF)
  @Delete(':id/soldout')
  @ApiOperation({ summary: 'Your sold-out item is available again' })
  @ApiOkResponse({ type: ItemDto })
  available(@Actor() actor: Principal, @Param('id') id: string): Promise<ItemDto> {
    return this.service.act(actor, id, 'available');
  }

  @Roles(Role.CHEF)
  @Post(':id/:action')
  @HttpCode(200)
  @ApiOperation({
    summary: 'hide, show, soldout or available: change whether customers can see or order your item',
  })
  @ApiOkResponse({ type: ItemDto })
  act(@Actor() actor: Principal, @Param() params: ItemActionParams): Promise<ItemDto> {
    return this.service.act(actor, params.id, params.action);
  }
}
