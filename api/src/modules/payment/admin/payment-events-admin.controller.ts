import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '@hearth/shared';
import { setPagingHeaders } from '../../../common/http/paging.js';
import { Roles } from '../../../common/http/roles.decorator.js';
import { AdminPaymentEventDto, PaymentEventsQuery } from './payment-events-admin.dto.js';
import { PaymentEventsAdminService } from './payment-events-admin.service.js';

class RetriedPaymentEventDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'RECEIVED', description: 'RECEIVED: queued again; APPLIED: it had been applied' })
  status: string;
}

/** Payment events that did not apply (issue 15: "an admin can see stuck ones"), and their retry. */
@ApiTags('admin')
@Roles(Role.ADMIN)
@Controller('admin/payment-events')
export class PaymentEventsAdminController {
  constructor(private readonly service: PaymentEventsAdminService) {}

  @Get()
  @ApiOperation({
    summary:
      'Payment events in one state (FAILED by default, or RECEIVED: not applied yet), oldest first, with attempts, last error and order number; X-Total-Count and Link headers',
  })
  @ApiOkResponse({ type: [AdminPaymentEventDto] })
  async list(
    @Query() query: PaymentEventsQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<AdminPaymentEventDto[]> {
    const { items, total } = await this.service.list(query);
    setPagingHeaders(req, res, total, query.page, query.size);
    return items;
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queue a FAILED or stuck payment event again (an applied one stays applied)' })
  @ApiOkResponse({ type: RetriedPaymentEventDto })
  retry(@Param('id', new ParseUUIDPipe()) id: string): Promise<RetriedPaymentEventDto> {
    return this.service.retry(id);
  }
}
