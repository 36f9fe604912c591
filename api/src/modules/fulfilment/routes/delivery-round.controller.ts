import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Role } from '@hearth/shared';
import { Actor, type Principal } from '../../../common/http/principal.js';
import { Roles } from '../../../common/http/roles.decorator.js';
import {
  DeliveryRoundDto,
  DeliveryRoundExportQueryDto,
  DeliveryRoundQueryDto,
} from './dto/delivery-round.dto.js';
import { DeliveryRoundService } from './delivery-round.service.js';
import { roundCsv, roundGpx } from './round-export.js';

const SUMMARY =
  "The delivery round of a date (in the kitchen's zone) and optionally a time slot: the live DELIVERY orders of your kitchen, one stop " +
  'per address, ordered from your primary (or the given) pickup location as an open round (no return), with leg, cumulative and ' +
  'total distances in your DELIVERY_MEASUREMENT unit, a maps link per stop, the packing order (last stop first) and the stops ' +
  'without coordinates as not placed';

/** Delivery routes (issue 17 item 5, spec §7 order/optimize-routes). */
@ApiTags('order')
@Roles(Role.CHEF)
@Controller('order')
export class DeliveryRoundController {
  constructor(private readonly rounds: DeliveryRoundService) {}

  @Post('optimize-routes')
  @HttpCode(200)
  @ApiOperation({ summary: SUMMARY })
  @ApiOkResponse({ type: DeliveryRoundDto })
  plan(@Actor() actor: Principal, @Body() dto: DeliveryRoundQueryDto): Promise<DeliveryRoundDto> {
    return this.rounds.plan(actor, dto);
  }

  @Get('optimize-routes')
  @ApiOperation({ summary: `${SUMMARY}. format=gpx gives a GPX 1.1 file (a <rte>), format=csv a CSV file` })
  @ApiOkResponse({ type: DeliveryRoundDto })
  @ApiProduces('application/json', 'application/gpx+xml', 'text/csv')
  async export(
    @Actor() actor: Principal,
    @Query() query: DeliveryRoundExportQueryDto,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<DeliveryRoundDto | string> {
    const round = await this.rounds.plan(actor, query);
    const name = `delivery-round-${round.date}${round.timeSlot ? `-${round.timeSlot.toLowerCase()}` : ''}`;
    if (query.format === 'gpx') {
      res.header('Content-Type', 'application/gpx+xml; charset=utf-8');
      res.header('Content-Disposition', `attachment; filename="${name}.gpx"`);
      return roundGpx(round);
    }
    if (query.format === 'csv') {
      res.header('Content-Type', 'text/csv; charset=utf-8');
      res.header('Content-Disposition', `attachment; filename="${name}.csv"`);
      return roundCsv(round);
    }
    return round;
  }
}
