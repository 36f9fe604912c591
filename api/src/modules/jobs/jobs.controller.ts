import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_RESUME_BYTES, RecordState, Role } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Public } from '../../common/http/public.decorator.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import { sendPrivateFile } from '../storage/private-file.js';
import { Upload } from '../storage/upload.interceptor.js';
import type { UploadedBlob } from '../storage/upload.service.js';
import {
  AdminJobDto,
  ApplyForJobDto,
  JobApplicationDto,
  JobApplicationReceivedDto,
  JobApplicationsQuery,
  JobDto,
  MoveJobApplicationDto,
  SaveJobDto,
} from './dto/job.dto.js';
import { JobApplicationsService } from './job-applications.service.js';
import { JobsService } from './jobs.service.js';

const APPLY_BODY = {
  schema: {
    type: 'object',
    required: ['fullName', 'email', 'resume'],
    properties: {
      fullName: { type: 'string', maxLength: 120 },
      email: { type: 'string', format: 'email', maxLength: 254 },
      phone: { type: 'string', maxLength: 40 },
      address: { type: 'string', maxLength: 300 },
      resume: {
        type: 'string',
        format: 'binary',
        description: `PDF, DOC or DOCX (judged by its bytes), at most ${MAX_RESUME_BYTES / 1024 / 1024} MB`,
      },
    },
  },
};

/** Careers (spec §7 Jobs): open positions for everyone, applications to them, and the admins' side. */
@ApiTags('jobs')
@Controller('jobs')
export class JobsController {
  constructor(
    private readonly service: JobsService,
    private readonly applications: JobApplicationsService,
  ) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Open positions' })
  @ApiOkResponse({ type: [JobDto] })
  list(): Promise<JobDto[]> {
    return this.service.listOpen();
  }

  @Roles(Role.ADMIN)
  @Get('all')
  @ApiOperation({
    summary: 'Every posting, open and archived, each with its applications counted by state (admins)',
  })
  @ApiOkResponse({ type: [AdminJobDto] })
  listAll(): Promise<AdminJobDto[]> {
    return this.service.listAll();
  }

  @Public()
  @Get('title/:title')
  @ApiOperation({ summary: 'An open position by title' })
  @ApiOkResponse({ type: JobDto })
  byTitle(@Param('title') title: string): Promise<JobDto> {
    return this.service.findOpenByTitle(title);
  }

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'A posting by id: an open one for everyone, any for admins' })
  @ApiOkResponse({ type: JobDto })
  byId(@Actor() actor: Principal | undefined, @Param('id') id: string): Promise<JobDto> {
    return this.service.findVisible(actor, id);
  }

  @Roles(Role.ADMIN)
  @Post()
  @ApiOperation({ summary: 'Create an open posting (title unique whatever the case; description sanitised)' })
  @ApiCreatedResponse({ type: JobDto })
  @ApiConflictResponse({ description: 'A posting with that title exists' })
  create(@Actor() actor: Principal, @Body() dto: SaveJobDto): Promise<JobDto> {
    return this.service.create(actor, dto);
  }

  @Roles(Role.ADMIN)
  @Put(':id')
  @ApiOperation({ summary: "Replace a posting's title, type, location and description" })
  @ApiOkResponse({ type: JobDto })
  @ApiConflictResponse({ description: 'Another posting has that title' })
  update(@Actor() actor: Principal, @Param('id') id: string, @Body() dto: SaveJobDto): Promise<JobDto> {
    return this.service.update(actor, id, dto);
  }

  @Roles(Role.ADMIN)
  @Post(':id/archive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archive a posting: it leaves the careers page and takes no applications' })
  @ApiOkResponse({ type: JobDto })
  @ApiConflictResponse({ description: 'The posting is already archived' })
  archive(@Actor() actor: Principal, @Param('id') id: string): Promise<JobDto> {
    return this.service.setStatus(actor, id, RecordState.ARCHIVED);
  }

  @Roles(Role.ADMIN)
  @Post(':id/reopen')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reopen an archived posting' })
  @ApiOkResponse({ type: JobDto })
  @ApiConflictResponse({ description: 'The posting is already open' })
  reopen(@Actor() actor: Principal, @Param('id') id: string): Promise<JobDto> {
    return this.service.setStatus(actor, id, RecordState.ACTIVE);
  }

  @Public()
  @RateLimit('contact')
  @Post(':id/apply')
  @HttpCode(201)
  @UseInterceptors(Upload('resume'))
  @ApiConsumes('multipart/form-data')
  @ApiBody(APPLY_BODY)
  @ApiOperation({
    summary:
      'Apply for an open position with a résumé (kept private); the applicant gets an acknowledgement e-mail',
  })
  @ApiCreatedResponse({ type: JobApplicationReceivedDto })
  @ApiConflictResponse({ description: 'The posting is archived' })
  @ApiPayloadTooLargeResponse({ description: 'The résumé is larger than 5 MB' })
  @ApiUnsupportedMediaTypeResponse({
    description: 'The résumé is not a PDF, DOC or DOCX (judged by its bytes)',
  })
  apply(
    @Param('id') id: string,
    @Body() dto: ApplyForJobDto,
    @UploadedFile() file: UploadedBlob | undefined,
  ): Promise<JobApplicationReceivedDto> {
    return this.applications.apply(id, dto, file);
  }

  @Roles(Role.ADMIN)
  @Get(':id/applications')
  @ApiOperation({
    summary:
      "A posting's applications, newest first, optionally in one state; X-Total-Count and Link headers",
  })
  @ApiOkResponse({ type: [JobApplicationDto] })
  async listApplications(
    @Param('id') id: string,
    @Query() query: JobApplicationsQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<JobApplicationDto[]> {
    const { items, total } = await this.applications.list(id, query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Roles(Role.ADMIN)
  @Patch(':id/applications/:appId')
  @ApiOperation({
    summary:
      'Move an application: received → in review, interview or rejected; in review → interview or rejected; interview → hired or rejected (the applicant is e-mailed on interview, rejected and hired)',
  })
  @ApiOkResponse({ type: JobApplicationDto })
  @ApiConflictResponse({ description: 'The move is not allowed from the current state' })
  move(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Param('appId') appId: string,
    @Body() dto: MoveJobApplicationDto,
  ): Promise<JobApplicationDto> {
    return this.applications.move(actor, id, appId, dto);
  }

  @Roles(Role.ADMIN)
  @Get(':id/applications/:appId/resume')
  @ApiOperation({ summary: "An application's résumé, as a download (admins; each read is audited)" })
  async resume(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Param('appId') appId: string,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const { file, fileName } = await this.applications.readResume(actor, id, appId);
    // A download, sandboxed (S-21): storage/private-file.ts.
    return void sendPrivateFile(res, file, fileName);
  }
}
