import { CanActivate, ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { ProblemType } from '@hearth/shared';
import { REDIS } from '../../redis/redis.module.js';
import { ProblemException } from '../problem/problem.exception.js';
import { RATE_LIMIT_CLASS, RATE_LIMIT_CLASSES, type RateLimitClass } from './rate-limit.decorator.js';
import { rateLimitRule, rateLimitVariable, type RateLimitRule } from './rate-limit.config.js';
import { BlockCounter } from './rate-limit.counter.js';

type Scope = 'ip' | 'account';

/** 429 as the spec's problem object; the filter renders it, the guard has set `Retry-After`. */
export const tooManyRequests = (seconds: number) =>
  new ProblemException(HttpStatus.TOO_MANY_REQUESTS, {
    type: ProblemType.TOO_MANY_REQUESTS,
    detail: `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    message: 'error.http.429',
    params: { retryAfterSeconds: seconds },
  });

/**
 * Counts every request against its route class (`@RateLimit`, else `default`) per client address and, for a
 * signed-in caller, per account, in Redis (fixed windows, counted in blocks where a limit is high:
 * rate-limit.counter.ts), so the limits hold across API processes. Registered after the access guard
 * (RateLimitModule is imported after AuthModule), so the principal is known; route guards (the sign-in redirect) run after it. The client address is Fastify's
 * `req.ip`: X-Forwarded-For is trusted from loopback only (the web server's proxy and its server-side calls).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private rules?: Map<RateLimitClass, RateLimitRule>;
  private readonly counter: BlockCounter;

  constructor(
    private readonly reflector: Reflector,
    private readonly config: ConfigService,
    @Inject(REDIS) redis: Redis,
  ) {
    this.counter = new BlockCounter(redis);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const routeClass =
      this.reflector.getAllAndOverride<RateLimitClass | 'none'>(RATE_LIMIT_CLASS, [
        context.getHandler(),
        context.getClass(),
      ]) ?? 'default';
    if (routeClass === 'none') return true;
    const rule = this.rulesOf().get(routeClass)!;
    const scopes: Scope[] = req.principal ? ['ip', 'account'] : ['ip'];
    let retryAfter = 0;
    for (const scope of scopes) {
      const key =
        scope === 'ip' ? `${routeClass}:ip:${req.ip}` : `${routeClass}:account:${req.principal!.consumerId}`;
      const max = scope === 'ip' ? rule.perIp : rule.perAccount;
      // While Redis is away the limits are skipped rather than failing every request (health reports it DOWN).
      const result = await this.counter.count(key, max, rule.windowSeconds * 1000).catch(() => null);
      if (result && !result.allowed) retryAfter = Math.max(retryAfter, result.ttlSeconds, 1);
    }
    if (retryAfter > 0) {
      context.switchToHttp().getResponse<FastifyReply>().header('Retry-After', String(retryAfter));
      throw tooManyRequests(retryAfter);
    }
    return true;
  }

  /** Each class's rule, read once (the variables are validated at boot). */
  private rulesOf(): Map<RateLimitClass, RateLimitRule> {
    this.rules ??= new Map(
      RATE_LIMIT_CLASSES.map((routeClass) => [
        routeClass,
        rateLimitRule(routeClass, this.config.get<string>(rateLimitVariable(routeClass))),
      ]),
    );
    return this.rules;
  }
}
