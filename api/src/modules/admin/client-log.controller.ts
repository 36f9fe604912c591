import { Body, Controller, Get, Headers, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Public } from '../../common/http/public.decorator.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import { ClientLogService } from './client-log.service.js';
import { ClientLogGroupDto, ClientLogQuery, CreateClientLogDto } from './dto/client-log.dto.js';

@ApiTags('log')
@Controller('log')
export class ClientLogController {
  constructor(private readonly service: ClientLogService) {}

  @Public()
  @RateLimit('log')
  @Post()
  @HttpCode(204)
  @ApiOperation({
    summary:
      'Report a client-side error (message ≤ 500 characters, stack ≤ 4 KB, page path, release); personal data is scrubbed, nothing links it to the account',
  })
  @ApiNoContentResponse()
  async create(
    @Body() dto: CreateClientLogDto,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<void> {
    await this.service.record(dto, userAgent);
  }
}

@ApiTags('admin')
@Roles(Role.ADMIN)
@Controller('admin/logs')
export class ClientLogAdminController {
  constructor(private readonly service: ClientLogService) {}

  @Get()
  @ApiOperation({
    summary:
      'Admins: client errors of the last days grouped by message (count, first and last seen, a sample stack, browsers), most recently seen first; X-Total-Count and Link headers',
  })
  @ApiOkResponse({ type: [ClientLogGroupDto] })
  async list(
    @Query() query: ClientLogQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ClientLogGroupDto[]> {
    const { items, total } = await this.service.groups(query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }
}
