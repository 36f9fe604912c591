import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PayoutRefundStatus, Role } from '@hearth/shared';
import { Actor, type Principal } from '../../../common/http/principal.js';
import { Roles } from '../../../common/http/roles.decorator.js';
import { conflict, notFound } from '../../../common/problem/problem.exception.js';
import { OrderSettlementService, type SettlementRow } from '../../order/order-settlement.service.js';
import { AdminSettlementDto, SettlementsQuery } from './settlement.dto.js';

const toDto = (r: SettlementRow): AdminSettlementDto => ({
  selectionId: r.selectionId,
  kind: r.kind,
  status: r.status,
  amount: r.amount,
  currencyCode: r.currencyCode,
  attempts: r.attempts,
  error: r.error,
  reference: r.reference,
  date: r.date,
  orderNumber: r.orderNumber,
  publisherId: r.publisherId,
  kitchenName: r.kitchenName,
  gateway: r.gateway,
  updatedAt: new Date(r.updatedAt).toISOString(),
});

/** Refunds and payouts that need an admin: the FAILED ones (past their retries) and a retry button. */
@ApiTags('admin')
@Roles(Role.ADMIN)
@Controller('admin/settlements')
export class SettlementController {
  constructor(private readonly orders: OrderSettlementService) {}

  @Get()
  @ApiOperation({
    summary:
      'Refunds of cancelled paid dates and payouts of delivered ones in one state (FAILED by default, or DRAFTED: waiting), oldest first',
  })
  @ApiOkResponse({ type: [AdminSettlementDto] })
  async list(@Query() query: SettlementsQuery): Promise<AdminSettlementDto[]> {
    return (await this.orders.list(query.status ?? PayoutRefundStatus.FAILED)).map(toDto);
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Try a FAILED (or waiting) refund or payout of one date selection again now, with a fresh attempt count (audited)',
  })
  @ApiOkResponse({ type: AdminSettlementDto })
  async retry(
    @Actor() actor: Principal,
    @Param('id', new ParseUUIDPipe()) id: string,
  ): Promise<AdminSettlementDto> {
    const row = await this.orders.facts(id);
    if (!row) throw notFound(`No refund or payout of a date ${id}.`, { id });
    if (!(await this.orders.retry(actor, id)))
      throw conflict(
        `The ${row.kind} of ${row.date} (order ${row.orderNumber}) is ${row.status}: only a FAILED or waiting one can be retried.`,
        'error.settlement.not_retryable',
        { id, status: row.status },
      );
    return toDto((await this.orders.facts(id))!);
  }
}
