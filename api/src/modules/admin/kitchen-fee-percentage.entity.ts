import { Check, Column, Entity, JoinColumn, OneToOne, type Relation } from 'typeorm';
import { ShareColumn, TimestampedEntity } from '../../common/database/columns.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';

/** The platform fee share an admin set for one kitchen, overriding the default vsFees (0.2). */
@Entity('kitchen_fee_percentage')
@Check(`"percentage" >= 0 AND "percentage" <= 1`)
export class KitchenFeePercentageEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  publisherId: string;

  @OneToOne(() => PublisherEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity>;

  /** A share: 0.15 = 15 %. */
  @ShareColumn()
  percentage: string;
}
