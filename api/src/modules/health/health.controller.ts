import { Controller, Get, Res } from '@nestjs/common';
import { Role } from '@hearth/shared';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Public } from '../../common/http/public.decorator.js';
import { HealthService, type HealthDto } from './health.service.js';
import { NoRateLimit } from '../../common/rate-limit/rate-limit.decorator.js';

@ApiTags('health')
@NoRateLimit()
@Controller('health')
export class HealthController {
  constructor(private readonly service: HealthService) {}

  @Public()
  @Get()
  @ApiOperation({
    summary: 'UP (200) when PostgreSQL and Redis answer, DOWN (503) otherwise',
    description: 'Only admins also get each component and why it is down (security review S-18).',
  })
  async health(
    @Res({ passthrough: true }) res: FastifyReply,
    @Actor() actor: Principal | undefined,
  ): Promise<HealthDto> {
    const health = await this.service.check();
    res.status(health.status === 'UP' ? 200 : 503).header('Cache-Control', 'no-store');
    // Error texts name internal hosts and ports: anonymous callers (load balancers) need UP or DOWN only.
    return actor?.roles.includes(Role.ADMIN) ? health : { status: health.status };
  }
}
