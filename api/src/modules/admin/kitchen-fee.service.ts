import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { In, type DataSource, type Repository } from 'typeorm';
import { DEFAULTS, percentToRate } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { notFound } from '../../common/problem/problem.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { PublisherService } from '../publisher/publisher.service.js';
import type { KitchenFeeDto, SetKitchenFeeDto } from './dto/kitchen-fee.dto.js';
import { KitchenFeePercentageEntity } from './kitchen-fee-percentage.entity.js';

/** "0.1500" → "0.15"; "0.2000" → "0.2". */
const tidy = (share: string) => share.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
/** A share as a percentage: "0.1234" → 12.34 (exact: 4 decimals of share are 2 of per cent). */
const toPercent = (share: string) => Number((Number(share) * 100).toFixed(2));

/** The platform fee share per kitchen (admins), overriding the default vsFees. */
@Injectable()
export class KitchenFeeService {
  constructor(
    @InjectRepository(KitchenFeePercentageEntity)
    private readonly fees: Repository<KitchenFeePercentageEntity>,
    private readonly publishers: PublisherService,
    private readonly audit: AuditService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async set(actor: Principal, dto: SetKitchenFeeDto): Promise<KitchenFeeDto> {
    const kitchen = await this.kitchen(dto.kitchenName);
    const share = percentToRate(dto.percentage);
    // The change and its audit row commit together (S-10).
    await this.db.transaction(async (m) => {
      const repo = m.getRepository(KitchenFeePercentageEntity);
      const before = await repo.findOne({
        where: { publisherId: kitchen.id },
        lock: { mode: 'pessimistic_write' },
      });
      await repo.upsert({ publisherId: kitchen.id, percentage: share }, { conflictPaths: ['publisherId'] });
      await this.audit.record(m, actor, {
        action: 'kitchen-fee.set',
        targetType: 'publisher',
        targetId: kitchen.id,
        before: { share: before ? tidy(before.percentage) : null },
        after: { share: tidy(share) },
      });
    });
    return {
      publisherId: kitchen.id,
      kitchenName: kitchen.kitchenName,
      percentage: toPercent(share),
      share: tidy(share),
      isDefault: false,
    };
  }

  async fetch(_actor: Principal, kitchenName: string): Promise<KitchenFeeDto> {
    const kitchen = await this.kitchen(kitchenName);
    const row = await this.fees.findOneBy({ publisherId: kitchen.id });
    const share = row ? tidy(row.percentage) : DEFAULTS.vsFees;
    return {
      publisherId: kitchen.id,
      kitchenName: kitchen.kitchenName,
      percentage: toPercent(share),
      share,
      isDefault: !row,
    };
  }

  /**
   * The fee of each of these kitchens, in the same order, the default where none was set: one query for a
   * page of kitchens.
   */
  async feesOf(
    publisherIds: readonly string[],
  ): Promise<Array<Omit<KitchenFeeDto, 'publisherId' | 'kitchenName'>>> {
    const rows = publisherIds.length ? await this.fees.findBy({ publisherId: In([...publisherIds]) }) : [];
    const set = new Map(rows.map((r) => [r.publisherId, tidy(r.percentage)]));
    return publisherIds.map((id) => {
      const share = set.get(id) ?? DEFAULTS.vsFees;
      return { percentage: toPercent(share), share, isDefault: !set.has(id) };
    });
  }

  private async kitchen(kitchenName: string): Promise<{ id: string; kitchenName: string }> {
    const kitchen = await this.publishers.findAnyByKitchenName(kitchenName);
    if (!kitchen) throw notFound(`No kitchen is called "${kitchenName}".`, { kitchenName });
    return kitchen;
  }
}
