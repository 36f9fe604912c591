import { Check, Column, Entity, JoinColumn, OneToMany, OneToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';
import { CartItemEntity } from './cart-item.entity.js';

/** A shopping cart: a signed-in customer's (one each) or a guest's, keyed by an opaque token. */
@Entity('cart')
@Check(`"consumer_id" IS NOT NULL OR "guest_token" IS NOT NULL`)
export class CartEntity extends TimestampedEntity {
  @Column({ type: 'uuid', nullable: true })
  consumerId: string | null;

  @OneToOne(() => ConsumerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'consumer_id' })
  consumer: Relation<ConsumerEntity> | null;

  /** SHA-256 hash of the guest cart cookie. */
  @Column({ type: 'text', nullable: true, unique: true })
  guestToken: string | null;

  @OneToMany(() => CartItemEntity, (item) => item.cart)
  items: Relation<CartItemEntity[]>;
}
