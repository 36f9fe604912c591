import { createHash } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Repository } from 'typeorm';
import { hasRole, ProblemType, Role, SettingsKey } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { badField, notFound, ProblemException } from '../../common/problem/problem.exception.js';
import { REDIS } from '../../redis/redis.module.js';
import { ChefDirectoryReader } from './chef-directory.reader.js';
import { ChefSettingEntity } from './chef-setting.entity.js';
import { KITCHEN_CODE_HEADER, normaliseCode, parseKitchenCodes, sameCode } from './kitchen-code-header.js';

/**
 * Guessing limits: distinct wrong codes per client address for one kitchen, and over all kitchens. Only
 * distinct codes count, so a browser that keeps sending a code the chef has since replaced never locks
 * itself out; every correct code is refused too while a limit is reached, or guessing would go on.
 */
export const CODE_GUESS_LIMITS = {
  perKitchen: { max: 10, windowSeconds: 15 * 60 },
  perAddress: { max: 30, windowSeconds: 60 * 60 },
} as const;

export const WRONG_CODE = "That code does not open this kitchen's private menus. Check it with the kitchen.";

/** The answer to a correct code. */
export interface UnlockedKitchen {
  kitchenId: string;
  kitchenName: string;
  code: string;
}

type Check = { ok: true } | { ok: false; limitedFor: number | null };

/**
 * Who may see a kitchen's private menus: its chef, admins, and whoever presents the kitchen's current secret
 * code (settings SECRET_CODE), in POST secret-code/verify or in the X-Kitchen-Code header. A code is compared
 * in constant time and case-insensitively; a regenerated code makes every earlier one useless at once,
 * since nothing but the code itself is ever remembered.
 */
@Injectable()
export class KitchenCodeService {
  constructor(
    @InjectRepository(ChefSettingEntity) private readonly settings: Repository<ChefSettingEntity>,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly chefs: ChefDirectoryReader,
  ) {}

  /** The kitchen's current code, null when the chef never generated one. */
  async currentCode(kitchenId: string): Promise<string | null> {
    const row = await this.settings.findOneBy({ publisherId: kitchenId, key: SettingsKey.SECRET_CODE });
    return typeof row?.value === 'string' && row.value !== '' ? row.value : null;
  }

  /** Whether the caller sees the kitchen's private menus: its chef, an admin, or the right code in the header. */
  async canSeePrivate(
    actor: Principal | undefined,
    req: FastifyRequest,
    kitchenId: string,
  ): Promise<boolean> {
    if (actor && (actor.publisherId === kitchenId || hasRole(actor, Role.ADMIN))) return true;
    return (await this.headerCode(req, kitchenId)) !== null;
  }

  /**
   * The code the request's X-Kitchen-Code header holds for the kitchen when it is the kitchen's current code,
   * else null. A wrong code counts as a guess, and while the guesses are over the limit every code is ignored.
   */
  async headerCode(req: FastifyRequest, kitchenId: string): Promise<string | null> {
    const code = parseKitchenCodes(req.headers[KITCHEN_CODE_HEADER]).get(kitchenId.toLowerCase());
    if (!code) return null;
    return (await this.check(req.ip, kitchenId, code)).ok ? code : null;
  }

  /** POST secret-code/verify: the kitchen (id or name) when the code is its current one; 400, 404 or 429 otherwise. */
  async verify(
    req: FastifyRequest,
    res: FastifyReply,
    kitchen: string,
    code: string,
  ): Promise<UnlockedKitchen> {
    const facts = await this.chefs.approvedKitchen(kitchen.trim());
    if (!facts) throw notFound(`No kitchen is called "${kitchen}".`, { kitchen });
    const result = await this.check(req.ip, facts.id, code);
    if (!result.ok) {
      if (result.limitedFor !== null) {
        res.header('Retry-After', String(result.limitedFor));
        throw tooManyGuesses(result.limitedFor);
      }
      throw badField('code', WRONG_CODE);
    }
    return { kitchenId: facts.id, kitchenName: facts.kitchenName, code: normaliseCode(code) };
  }

  private async check(ip: string, kitchenId: string, code: string): Promise<Check> {
    const kitchenKey = `kitchen-code:wrong:${ip}:${kitchenId}`;
    const addressKey = `kitchen-code:wrong:${ip}`;
    const limited = await this.limitedFor(kitchenKey, addressKey);
    if (limited !== null) return { ok: false, limitedFor: limited };
    const actual = await this.currentCode(kitchenId);
    // Compared even without a code, so that the answer takes as long either way.
    const right = sameCode(code, actual ?? '\u0000no code');
    if (right && actual !== null) return { ok: true };
    const guess = createHash('sha256')
      .update(`${kitchenId}:${normaliseCode(code)}`)
      .digest('hex')
      .slice(0, 24);
    await this.redis
      .multi()
      .sadd(kitchenKey, guess)
      .expire(kitchenKey, CODE_GUESS_LIMITS.perKitchen.windowSeconds, 'NX')
      .sadd(addressKey, guess)
      .expire(addressKey, CODE_GUESS_LIMITS.perAddress.windowSeconds, 'NX')
      .exec();
    return { ok: false, limitedFor: null };
  }

  /** Seconds until the guesses of the address fall under the limits again; null when they are under them now. */
  private async limitedFor(kitchenKey: string, addressKey: string): Promise<number | null> {
    const [[, perKitchen], [, kitchenTtl], [, perAddress], [, addressTtl]] = ((await this.redis
      .multi()
      .scard(kitchenKey)
      .ttl(kitchenKey)
      .scard(addressKey)
      .ttl(addressKey)
      .exec()) ?? []) as Array<[Error | null, number]>;
    let wait = 0;
    if (perKitchen >= CODE_GUESS_LIMITS.perKitchen.max) wait = Math.max(wait, kitchenTtl, 1);
    if (perAddress >= CODE_GUESS_LIMITS.perAddress.max) wait = Math.max(wait, addressTtl, 1);
    return wait > 0 ? wait : null;
  }
}

/** 429 after too many wrong codes (the spec's problem object; Retry-After is set). */
function tooManyGuesses(seconds: number): ProblemException {
  const minutes = Math.ceil(seconds / 60);
  return new ProblemException(HttpStatus.TOO_MANY_REQUESTS, {
    type: ProblemType.TOO_MANY_REQUESTS,
    detail: `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    message: 'error.secretcode.guesses',
    params: { retryAfterSeconds: seconds },
  });
}
