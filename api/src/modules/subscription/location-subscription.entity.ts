import { Column, Entity, Unique } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';

/** "Tell me when chefs serve my area" (spec §3 Location check): an e-mail for a country and zip code. */
@Entity('location_subscription')
@Unique(['email', 'country', 'zipcode'])
export class LocationSubscriptionEntity extends TimestampedEntity {
  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  country: string;

  @Column({ type: 'text' })
  zipcode: string;
}
