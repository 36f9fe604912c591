import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
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
  @ApiOperation({ summary: 'UP (200) when PostgreSQL and Redis answer, DOWN (503) otherwise' })
  async health(@Res({ passthrough: true }) res: FastifyReply): Promise<HealthDto> {
    const health = await this.service.check();
    res.status(health.status === 'UP' ? 200 : 503).header('Cache-Control', 'no-store');
    return health;
  }
}
