import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProblemType } from '@hearth/shared';
import { ProblemException } from '../problem/problem.exception.js';
import { RATE_LIMIT_CLASS, RATE_LIMIT_CLASSES, type RateLimitClass } from './rate-limit.decorator.js';
import { rateLimitRule, rateLimitVariable } from './rate-limit.config.js';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
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
 * signed-in caller, per account, in Redis through @fastify/rate-limit's store, so the limits hold across API
 * processes. Registered after the access guard (RateLimitModule is imported after AuthModule), so the
 * principal is known; route guards (the sign-in redirect) run after it. The client address is Fastify's
 * `req.ip`: X-Forwarded-For is trusted from loopback only (the web server's proxy and its server-side calls).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private limiters?: Map<string, Limiter>;

  constructor(
    private readonly reflector: Reflector,
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: ConfigService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const routeClass =
      this.reflector.getAllAndOverride<RateLimitClass | 'none'>(RATE_LIMIT_CLASS, [
        context.getHandler(),
        context.getClass(),
      ]) ?? 'default';
    if (routeClass === 'none') return true;
    const limiters = this.limitersOf();
    const scopes: Scope[] = req.principal ? ['ip', 'account'] : ['ip'];
    let retryAfter = 0;
    for (const scope of scopes) {
      const result = await limiters.get(`${routeClass}:${scope}`)!(req);
      if (!result.isAllowed && result.isExceeded) retryAfter = Math.max(retryAfter, result.ttlInSeconds, 1);
    }
    if (retryAfter > 0) {
      context.switchToHttp().getResponse<FastifyReply>().header('Retry-After', String(retryAfter));
      throw tooManyRequests(retryAfter);
    }
    return true;
  }

  /** One limiter per class and scope, made once the rate-limit plugin is registered (configureApp). */
  private limitersOf(): Map<string, Limiter> {
    if (this.limiters) return this.limiters;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const limiters = new Map<string, Limiter>();
    for (const routeClass of RATE_LIMIT_CLASSES) {
      const rule = rateLimitRule(routeClass, this.config.get<string>(rateLimitVariable(routeClass)));
      const timeWindow = rule.windowSeconds * 1000;
      limiters.set(
        `${routeClass}:ip`,
        fastify.createRateLimit({
          max: rule.perIp,
          timeWindow,
          keyGenerator: (req) => `${routeClass}:ip:${req.ip}`,
        }),
      );
      limiters.set(
        `${routeClass}:account`,
        fastify.createRateLimit({
          max: rule.perAccount,
          timeWindow,
          keyGenerator: (req) => `${routeClass}:account:${req.principal?.consumerId ?? ''}`,
        }),
      );
    }
    this.limiters = limiters;
    return limiters;
  }
}
