import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EnquiryStatus, Role } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Public } from '../../common/http/public.decorator.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { TimeZone } from '../../common/http/time-zone.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import { sendPrivateFile } from '../storage/private-file.js';
import { Upload } from '../storage/upload.interceptor.js';
import type { UploadedBlob } from '../storage/upload.service.js';
import {
  AnswerDto,
  CreateEnquiryDto,
  EnquiryCreatedDto,
  EnquiryDto,
  EnquiryListQuery,
  MAX_ENQUIRY_FILES,
  OpenCountDto,
} from './dto/enquiry.dto.js';
import { FeedbackViewDto, InboxItemDto, InboxQuery } from './dto/inbox.dto.js';
import { EnquiryService } from './enquiry.service.js';
import { InboxService } from './inbox.service.js';

@ApiTags('contact')
@Controller('enquiries')
export class EnquiryController {
  constructor(private readonly service: EnquiryService) {}

  @Public()
  @RateLimit('contact')
  @Post()
  @HttpCode(201)
  @UseInterceptors(Upload('files', MAX_ENQUIRY_FILES))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({
    summary: `Send an enquiry: general, for catering pricing, or to one chef's kitchen; up to ${MAX_ENQUIRY_FILES} PDFs or pictures in "files" (kept private); the sender gets an acknowledgement e-mail`,
  })
  @ApiCreatedResponse({ type: EnquiryCreatedDto })
  create(
    @Actor() actor: Principal | undefined,
    @Body() dto: CreateEnquiryDto,
    @UploadedFiles() files: { files?: UploadedBlob[] } | undefined,
  ): Promise<EnquiryCreatedDto> {
    return this.service.create(actor, dto, files?.files);
  }

  @Roles(Role.CHEF, Role.ADMIN)
  @Get()
  @ApiOperation({
    summary:
      'Enquiries to your kitchen (admins: every enquiry), newest first (?status=OPEN|CLOSED); X-Total-Count and Link headers',
  })
  @ApiOkResponse({ type: [EnquiryDto] })
  async list(
    @Actor() actor: Principal,
    @Query() query: EnquiryListQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<EnquiryDto[]> {
    const { items, total } = await this.service.list(actor, query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Roles(Role.CHEF)
  @Get('open-count')
  @ApiOperation({ summary: 'How many open enquiries wait for your kitchen' })
  @ApiOkResponse({ type: OpenCountDto })
  async openCount(@Actor() actor: Principal): Promise<OpenCountDto> {
    return { open: await this.service.openCount(actor) };
  }

  @Roles(Role.CHEF, Role.ADMIN)
  @Get(':id')
  @ApiOperation({ summary: 'An enquiry to your kitchen (admins: any) with its history' })
  @ApiOkResponse({ type: EnquiryDto })
  get(@Actor() actor: Principal, @Param('id') id: string): Promise<EnquiryDto> {
    return this.service.get(actor, id);
  }

  @Roles(Role.CHEF, Role.ADMIN)
  @Post(':id/response')
  @HttpCode(200)
  @ApiOperation({ summary: 'Answer an enquiry: e-mailed to its sender, kept in its history' })
  @ApiOkResponse({ type: EnquiryDto })
  answer(@Actor() actor: Principal, @Param('id') id: string, @Body() dto: AnswerDto): Promise<EnquiryDto> {
    return this.service.answer(actor, id, dto.response);
  }

  @Roles(Role.CHEF, Role.ADMIN)
  @Post(':id/close')
  @HttpCode(200)
  @ApiOperation({ summary: 'Close an enquiry (resolved); 409 when it is closed' })
  @ApiOkResponse({ type: EnquiryDto })
  close(@Actor() actor: Principal, @Param('id') id: string): Promise<EnquiryDto> {
    return this.service.setStatus(actor, id, EnquiryStatus.CLOSED);
  }

  @Roles(Role.CHEF, Role.ADMIN)
  @Post(':id/reopen')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reopen a closed enquiry; 409 when it is open' })
  @ApiOkResponse({ type: EnquiryDto })
  reopen(@Actor() actor: Principal, @Param('id') id: string): Promise<EnquiryDto> {
    return this.service.setStatus(actor, id, EnquiryStatus.OPEN);
  }

  @Roles(Role.CHEF, Role.ADMIN)
  @Get(':id/files/:name')
  @ApiProduces('application/pdf', 'image/jpeg', 'image/png', 'image/webp')
  @ApiOperation({ summary: 'A file sent with an enquiry to your kitchen (admins: any), as a download' })
  async file(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Param('name') name: string,
    @Res() res: FastifyReply,
  ): Promise<void> {
    // A download, sandboxed (S-21): storage/private-file.ts.
    return void sendPrivateFile(res, await this.service.readFile(actor, id, name));
  }
}

@ApiTags('admin')
@Controller('admin/inbox')
export class InboxController {
  constructor(private readonly service: InboxService) {}

  @Roles(Role.ADMIN)
  @Get()
  @ApiOperation({
    summary:
      'The support inbox: contact messages, enquiries and feedback in one list, newest first, filtered by type, status, received from–to and words; X-Total-Count and Link headers (admins)',
  })
  @ApiOkResponse({ type: [InboxItemDto] })
  async list(
    @Query() query: InboxQuery,
    @TimeZone() timeZone: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<InboxItemDto[]> {
    const { items, total } = await this.service.list(query, timeZone);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Roles(Role.ADMIN)
  @Get('feedback/:id')
  @ApiOperation({ summary: 'One piece of customer feedback as the inbox shows it (admins)' })
  @ApiOkResponse({ type: FeedbackViewDto })
  feedback(@Param('id') id: string): Promise<FeedbackViewDto> {
    return this.service.feedback(id);
  }
}
