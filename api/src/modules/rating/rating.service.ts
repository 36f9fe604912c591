import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QueryFailedError, type DataSource } from 'typeorm';
import { OrderStatus, MAX_REVIEW_IMAGES } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { badField, conflict, notFound } from '../../common/problem/problem.exception.js';
import { PublisherRepository } from '../publisher/publisher.repository.js';
import { UploadService, type UploadedBlob } from '../storage/upload.service.js';
import type { CreatedRatingDto, CreateRatingDto, RatingDto, RatingListQuery } from './dto/rating.dto.js';
import { RatingEntity } from './rating.entity.js';
import { publicReviewerName } from './reviewer-name.js';

interface RatedSelection {
  order_status: OrderStatus;
  consumer_id: string;
  item_id: string | null;
  item_name: string;
  publisher_id: string;
}

/**
 * Reviews (spec §3 Rating/review): a customer rates each delivered date of their orders once, and the
 * kitchen's rating (a running average over its count, spec default 5 over 1) moves in the same transaction.
 */
@Injectable()
export class RatingService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly uploads: UploadService,
    private readonly publishers: PublisherRepository,
  ) {}

  async create(actor: Principal, dto: CreateRatingDto, images: UploadedBlob[]): Promise<CreatedRatingDto> {
    if (images.length > MAX_REVIEW_IMAGES)
      throw badField('images', `A review can have at most ${MAX_REVIEW_IMAGES} pictures.`);
    const [s]: RatedSelection[] = await this.db.query(
      `SELECT s.order_status, o.consumer_id, l.item_id, l.item_name, l.publisher_id
         FROM order_date_selection s
         JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
         JOIN customer_order o ON o.id = l.order_id
        WHERE s.id = $1`,
      [dto.orderDateSelectionId],
    );
    // Someone else's order is reported exactly like a missing one.
    if (!s || s.consumer_id !== actor.consumerId)
      throw notFound(`Order date ${dto.orderDateSelectionId} was not found.`, {
        orderDateSelectionId: dto.orderDateSelectionId,
      });
    if (s.order_status !== OrderStatus.DELIVERED) {
      throw conflict(
        `You can rate "${s.item_name}" once it has been delivered.`,
        'error.rating.not_delivered',
        { orderStatus: s.order_status },
      );
    }
    if (await this.alreadyRated(actor.consumerId, dto.orderDateSelectionId)) throw alreadyRated(s.item_name);

    const keys: string[] = [];
    const stored: string[] = [];
    try {
      for (const image of images) {
        const picture = await this.uploads.storeImage(image, `ratings/${s.publisher_id}`, 'images');
        keys.push(picture.key);
        stored.push(...UploadService.keysOf(picture));
      }
    } catch (error) {
      // A later picture refused: the ones already stored belong to no review (S-24).
      await this.uploads.discard(stored);
      throw error;
    }

    try {
      const created = await this.db.transaction(async (m) => {
        const rating = await m.getRepository(RatingEntity).save(
          m.getRepository(RatingEntity).create({
            ratedById: actor.consumerId,
            ratedAgainstId: s.publisher_id,
            orderDateSelectionId: dto.orderDateSelectionId,
            reviewedItemId: s.item_id,
            ratingValue: dto.ratingValue,
            reviewBody: dto.reviewBody || null,
            images: keys,
            itemName: s.item_name,
            // Published on the kitchen's page: "Priya R.", never the e-mail userName may hold (S-20).
            userName: publicReviewerName(actor.name) ?? publicReviewerName(actor.userName),
          }),
        );
        const kitchen = await this.publishers.addRating(m, s.publisher_id, dto.ratingValue);
        return { ...mapRating(rating), kitchenRatingValue: kitchen.value, kitchenRatingCount: kitchen.count };
      });
      await this.publishers.ratingCommitted(s.publisher_id);
      return created;
    } catch (error) {
      // No review was written: its pictures would be orphans (S-24).
      await this.uploads.discard(stored);
      const code = (error as QueryFailedError & { driverError?: { code?: string } }).driverError?.code;
      if (error instanceof QueryFailedError && code === '23505') throw alreadyRated(s.item_name);
      throw error;
    }
  }

  /** A kitchen's reviews (optionally of one item), newest first. */
  async list(publisherId: string, query: RatingListQuery): Promise<{ items: RatingDto[]; total: number }> {
    if (!/^[0-9a-f-]{36}$/i.test(publisherId)) throw notFound(`Kitchen ${publisherId} was not found.`);
    const [rows, total] = await this.db.getRepository(RatingEntity).findAndCount({
      where: { ratedAgainstId: publisherId, ...(query.itemId ? { reviewedItemId: query.itemId } : {}) },
      order: { datePublished: 'DESC', id: 'DESC' },
      skip: query.page * query.size,
      take: query.size,
    });
    return { items: rows.map(mapRating), total };
  }

  private async alreadyRated(consumerId: string, selectionId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM rating WHERE rated_by_id = $1 AND order_date_selection_id = $2`,
      [consumerId, selectionId],
    );
    return rows.length > 0;
  }
}

function alreadyRated(itemName: string) {
  return conflict(`You have already rated "${itemName}" for this date.`, 'error.rating.duplicate');
}

export function mapRating(r: RatingEntity): RatingDto {
  return {
    id: r.id,
    ratedBy: publicReviewerName(r.userName),
    ratedAgainst: r.ratedAgainstId,
    reviewBody: r.reviewBody,
    ratingValue: r.ratingValue,
    reviewedItemId: r.reviewedItemId,
    images: r.images,
    datePublished: r.datePublished.toISOString(),
    itemName: r.itemName,
    userName: publicReviewerName(r.userName),
  };
}
