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
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { Role } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { TimeZone } from '../../common/http/time-zone.js';
import { Upload } from '../storage/upload.interceptor.js';
import type { UploadedBlob } from '../storage/upload.service.js';
import {
  CloneMenuDto,
  CreateMenuDto,
  DeleteMenuQuery,
  MenuItemsDto,
  UpdateMenuDto,
  UploadReceiptsDto,
} from './dto/menu-request.dto.js';
import { MenuDto, MenuHistoryDto, MenuReceiptsDto } from './dto/menu-response.dto.js';
import { MenuImpactDto, MenuImpactQuery } from './dto/menu-impact.dto.js';
import { MenuListQuery } from './dto/menu-list.query.js';
import { MenuImpactService } from './menu-impact.service.js';
import { MAX_RECEIPTS_PER_UPLOAD, MenuReceiptsService } from './menu-receipts.service.js';
import { MenuService } from './menu.service.js';
import { sendPrivateFile } from '../storage/private-file.js';

const RECEIPTS_BODY = {
  schema: {
    type: 'object',
    properties: {
      files: {
        type: 'array',
        items: { type: 'string', format: 'binary' },
        maxItems: MAX_RECEIPTS_PER_UPLOAD,
      },
      date: {
        type: 'string',
        format: 'date',
        description:
          'The cook date of the menu the receipts are for (one of its dates); left out: the whole menu',
      },
    },
    required: ['files'],
  },
};

@ApiTags('menu')
@Controller('menu')
export class MenuController {
  constructor(
    private readonly service: MenuService,
    private readonly receipts: MenuReceiptsService,
    private readonly impacts: MenuImpactService,
  ) {}

  @Roles(Role.CHEF)
  @Post()
  @ApiOperation({
    summary: 'Create a DRAFT menu (edit mode CREATE); defaults come from your settings, else the spec',
  })
  @ApiCreatedResponse({ type: MenuDto })
  create(@Actor() actor: Principal, @Body() dto: CreateMenuDto, @TimeZone() zone: string): Promise<MenuDto> {
    return this.service.create(actor, dto, zone);
  }

  @Roles(Role.CHEF, Role.ADMIN)
  @Get()
  @ApiOperation({
    summary: 'Your menus, by status if asked (admins: ?publisherId=); X-Total-Count and Link headers',
  })
  @ApiOkResponse({ type: [MenuDto] })
  async list(
    @Actor() actor: Principal,
    @Query() query: MenuListQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<MenuDto[]> {
    const { items, total } = await this.service.list(actor, query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Roles(Role.CHEF)
  @Post('clone')
  @ApiOperation({
    summary: 'Copy one of your menus with its settings and items into a new DRAFT (edit mode CLONE)',
  })
  @ApiCreatedResponse({ type: MenuDto })
  clone(@Actor() actor: Principal, @Body() dto: CloneMenuDto): Promise<MenuDto> {
    return this.service.clone(actor, dto);
  }

  @Roles(Role.CHEF, Role.ADMIN)
  @Get(':id')
  @ApiOperation({ summary: 'One of your menus (admins: any menu) with its items and upcoming dates' })
  @ApiOkResponse({ type: MenuDto })
  get(@Actor() actor: Principal, @Param('id') id: string): Promise<MenuDto> {
    return this.service.get(actor, id);
  }

  @Roles(Role.CHEF, Role.ADMIN)
  @Get(':id/history')
  @ApiOperation({
    summary: 'What happened to the menu, oldest first: ITEM_ADDED, EDITED, RESUMED, PAUSE, DELETE',
  })
  @ApiOkResponse({ type: [MenuHistoryDto] })
  history(@Actor() actor: Principal, @Param('id') id: string): Promise<MenuHistoryDto[]> {
    return this.service.history(actor, id);
  }

  @Roles(Role.CHEF)
  @Get(':id/impact')
  @ApiOperation({
    summary:
      'What pausing (action=PAUSE) or deleting (action=DELETE, deleteType=ALL|DATE&date=) your menu would do now: customers and orders on the ' +
      'dates concerned, carts that lose a line, and whether the change would be accepted (else the sentence it would answer). Changes nothing',
  })
  @ApiOkResponse({ type: MenuImpactDto })
  impact(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Query() query: MenuImpactQuery,
  ): Promise<MenuImpactDto> {
    return this.impacts.impact(actor, id, query);
  }

  @Roles(Role.CHEF)
  @Put(':id')
  @ApiOperation({
    summary:
      'Change your menu (edit mode UPDATE); a published menu is re-dated at once and must stay publishable',
  })
  @ApiOkResponse({ type: MenuDto })
  update(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Body() dto: UpdateMenuDto,
    @TimeZone() zone: string,
  ): Promise<MenuDto> {
    return this.service.update(actor, id, dto, zone);
  }

  @Roles(Role.CHEF)
  @Delete(':id')
  @ApiOperation({
    summary:
      'Delete your menu (deleteType=ALL) or one date of a recurring menu (deleteType=DATE&date=YYYY-MM-DD); refused when orders exist',
  })
  @ApiOkResponse({ type: MenuDto })
  remove(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Query() query: DeleteMenuQuery,
  ): Promise<MenuDto> {
    return this.service.remove(actor, id, query);
  }

  @Roles(Role.CHEF)
  @Post(':id/items')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Set (REPLACE) or add (ADD) the items of your menu: your own items that are not deleted or hidden',
  })
  @ApiOkResponse({ type: MenuDto })
  setItems(@Actor() actor: Principal, @Param('id') id: string, @Body() dto: MenuItemsDto): Promise<MenuDto> {
    return this.service.setItems(actor, id, dto);
  }

  @Roles(Role.CHEF)
  @Post(':id/publish')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'DRAFT → PUBLISHED; refused without items, without an upcoming orderable date or without pickup or delivery',
  })
  @ApiOkResponse({ type: MenuDto })
  publish(@Actor() actor: Principal, @Param('id') id: string, @TimeZone() zone: string): Promise<MenuDto> {
    return this.service.publish(actor, id, zone);
  }

  @Roles(Role.CHEF)
  @Post(':id/pause')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'PUBLISHED → PAUSE: customers stop seeing the menu at once; orders already placed stay (GET menu/{id}/impact?action=PAUSE counts them)',
  })
  @ApiOkResponse({ type: MenuDto })
  pause(@Actor() actor: Principal, @Param('id') id: string): Promise<MenuDto> {
    return this.service.pause(actor, id);
  }

  @Roles(Role.CHEF)
  @Post(':id/resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'PAUSE → PUBLISHED: dates expanded again, same checks as publishing' })
  @ApiOkResponse({ type: MenuDto })
  resume(@Actor() actor: Principal, @Param('id') id: string): Promise<MenuDto> {
    return this.service.resume(actor, id);
  }

  @Roles(Role.CHEF)
  @Post(':id/upload_receipts')
  @HttpCode(200)
  @UseInterceptors(Upload('files', MAX_RECEIPTS_PER_UPLOAD))
  @ApiConsumes('multipart/form-data')
  @ApiBody(RECEIPTS_BODY)
  @ApiOperation({
    summary: `Attach up to ${MAX_RECEIPTS_PER_UPLOAD} receipts (field "files"; PDF, JPEG, PNG or WebP, 5 MB each), kept private, to one of the menu's dates (field "date") or the whole menu`,
  })
  @ApiOkResponse({ type: MenuDto })
  uploadReceipts(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Body() dto: UploadReceiptsDto,
    @UploadedFiles() files: { files?: UploadedBlob[] } | undefined,
  ): Promise<MenuDto> {
    return this.receipts.upload(actor, id, files?.files, dto.date);
  }

  @Roles(Role.CHEF, Role.ADMIN)
  @Get(':id/receipts')
  @ApiOperation({
    summary:
      'The receipts of your menu (admins: any menu), by cook date (whole-menu ones first), newest upload first, and the dates a receipt may be for',
  })
  @ApiOkResponse({ type: MenuReceiptsDto })
  listReceipts(@Actor() actor: Principal, @Param('id') id: string): Promise<MenuReceiptsDto> {
    return this.receipts.list(actor, id);
  }

  @Roles(Role.CHEF)
  @Delete(':id/receipts/:receiptId')
  @ApiOperation({ summary: 'Remove a receipt from your menu (and from storage); answers the receipts left' })
  @ApiOkResponse({ type: MenuReceiptsDto })
  removeReceipt(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Param('receiptId') receiptId: string,
  ): Promise<MenuReceiptsDto> {
    return this.receipts.remove(actor, id, receiptId);
  }

  @Roles(Role.CHEF, Role.ADMIN)
  @Get(':id/receipts/:receiptId')
  @ApiProduces('application/pdf', 'image/jpeg', 'image/png', 'image/webp')
  @ApiOperation({ summary: 'A receipt of your menu (admins: any menu)' })
  async receipt(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Param('receiptId') receiptId: string,
    @Res() res: FastifyReply,
  ): Promise<void> {
    // A download, sandboxed (S-21): storage/private-file.ts.
    return void sendPrivateFile(res, await this.receipts.read(actor, id, receiptId));
  }
}
