import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SettingsKey } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { chefKitchenId } from './chef-kitchen.js';
import { ChefSettingEntity } from './chef-setting.entity.js';
import type { SecretCodeDto } from './dto/settings.dto.js';

/** No 0/O or 1/I: customers read the code aloud or type it from a message. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const SECRET_CODE_LENGTH = 8;

/** A random code customers enter to see a chef's private menus. */
export function newSecretCode(): string {
  return Array.from({ length: SECRET_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** The chef's secret code (settings SECRET_CODE): read, or regenerate (the old code stops working). */
@Injectable()
export class SecretCodeService {
  constructor(
    @InjectRepository(ChefSettingEntity) private readonly settings: Repository<ChefSettingEntity>,
  ) {}

  async get(actor: Principal): Promise<SecretCodeDto> {
    const row = await this.settings.findOneBy({
      publisherId: chefKitchenId(actor),
      key: SettingsKey.SECRET_CODE,
    });
    return { secretCode: typeof row?.value === 'string' ? row.value : null };
  }

  async regenerate(actor: Principal): Promise<SecretCodeDto> {
    const secretCode = newSecretCode();
    await this.settings.upsert(
      { publisherId: chefKitchenId(actor), key: SettingsKey.SECRET_CODE, value: secretCode },
      { conflictPaths: ['publisherId', 'key'] },
    );
    return { secretCode };
  }
}
