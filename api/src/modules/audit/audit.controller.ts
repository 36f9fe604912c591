import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { TimeZone } from '../../common/http/time-zone.js';
import { AuditService } from './audit.service.js';
import { AuditActionDto, AuditEntryDto } from './dto/audit-entry.dto.js';
import { AuditLogQueryDto } from './dto/audit-log-query.dto.js';

/** The audit trail for admins (S-10): read only; nothing in the API changes or deletes it. */
@ApiTags('admin')
@Roles(Role.ADMIN)
@Controller('admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get('audit-log')
  @ApiOperation({
    summary:
      'Admin actions and payout-account changes, newest first (who with their name and e-mail, what, which object, before and after, request id, IP), narrowed by actor id or e-mail, action or action prefix, target, and days in X-Time-Zone; X-Total-Count and Link headers',
  })
  @ApiHeader({ name: 'X-Time-Zone', required: false })
  @ApiOkResponse({ type: [AuditEntryDto] })
  async list(
    @Query() query: AuditLogQueryDto,
    @TimeZone() timeZone: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<AuditEntryDto[]> {
    const { entries, total } = await this.audit.page(query.page, query.size, { ...query, timeZone });
    setPagingHeaders(req, res, total, query.page, query.size);
    return entries;
  }

  @Get('audit-log/actions')
  @ApiOperation({
    summary: 'The actions on the audit trail, each with its number of rows (for the action filter)',
  })
  @ApiOkResponse({ type: [AuditActionDto] })
  actions(): Promise<AuditActionDto[]> {
    return this.audit.actions();
  }
}
