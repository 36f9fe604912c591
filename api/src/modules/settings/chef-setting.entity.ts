import { SettingsKey } from '@hearth/shared';
import { Check, Column, Entity, JoinColumn, ManyToOne, Unique, type Relation } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';

/** One setting of a chef (spec §9 settings keys), its value as JSON. */
@Entity('chef_setting')
@Unique(['publisherId', 'key'])
@Check(inList('key', SettingsKey))
export class ChefSettingEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  publisherId: string;

  @ManyToOne(() => PublisherEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity>;

  @Column({ type: 'text' })
  key: SettingsKey;

  @Column({ type: 'jsonb' })
  value: unknown;
}
