import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/http/principal.js';
import { PublisherService } from '../publisher/publisher.service.js';
import type { AdminKitchenDto, AdminKitchensQuery } from './dto/admin-kitchens.dto.js';
import { KitchenFeeService } from './kitchen-fee.service.js';

/**
 * The admin's kitchen list: kitchens in any review state found by name or owner, with each one's
 * platform fee, so a page of the list is two queries rather than one fee request per kitchen.
 */
@Injectable()
export class AdminKitchensService {
  constructor(
    private readonly publishers: PublisherService,
    private readonly fees: KitchenFeeService,
  ) {}

  async list(
    _actor: Principal,
    query: AdminKitchensQuery,
  ): Promise<{ items: AdminKitchenDto[]; total: number }> {
    const { items, total } = await this.publishers.reviewList(query);
    const fees = await this.fees.feesOf(items.map((k) => k.id));
    return { items: items.map((k, i) => ({ ...k, fee: fees[i] })), total };
  }
}
