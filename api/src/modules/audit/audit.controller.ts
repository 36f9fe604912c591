import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@hearth/shared';
import { setPagingHeaders } from '../../common/http/paging.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { AuditService } from './audit.service.js';
import { AuditEntryDto } from './dto/audit-entry.dto.js';
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
      'Admin actions and payout-account changes, newest first (who, what, which object, before and after, request id, IP); X-Total-Count and Link headers',
  })
  @ApiOkResponse({ type: [AuditEntryDto] })
  async list(
    @Query() query: AuditLogQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<AuditEntryDto[]> {
    const { entries, total } = await this.audit.page(query.page, query.size, query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return entries;
  }
}
