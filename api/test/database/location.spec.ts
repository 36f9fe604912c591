import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsumerAddressEntity } from '../../src/modules/consumer/consumer-address.entity.js';
import { PublisherEntity } from '../../src/modules/publisher/publisher.entity.js';
import { openTestDataSource } from '../setup/database.js';
import { createConsumer, createPublisher } from '../setup/factories.js';

const METRES_PER_MILE = 1609.344;
/** Degrees of latitude per mile (a degree of latitude is about 69 miles anywhere). */
const DEGREES_PER_MILE = 1 / 69.05;

/** The chefs' search query: approved kitchens within `miles` of a point, nearest first. */
const NEAR_SQL = `
  SELECT id FROM publisher
  WHERE status = 'APPROVED'
    AND ST_DWithin(geo_location, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $3)
    AND id = ANY($4::uuid[])
  ORDER BY geo_location <-> ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography`;

describe('location search', () => {
  let db: DataSource;
  const customer = { lat: 40.7128, lng: -74.006 }; // New York

  beforeAll(async () => {
    db = await openTestDataSource();
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('finds a chef 10 miles away within 15 miles, and not one 30 miles away', async () => {
    const near = await createPublisher(db, {
      at: { lat: customer.lat + 10 * DEGREES_PER_MILE, lng: customer.lng },
    });
    const far = await createPublisher(db, {
      at: { lat: customer.lat + 30 * DEGREES_PER_MILE, lng: customer.lng },
    });

    const within15 = (await db.query(NEAR_SQL, [
      customer.lng,
      customer.lat,
      15 * METRES_PER_MILE,
      [near.id, far.id],
    ])) as Array<{ id: string }>;
    expect(within15.map((row) => row.id)).toEqual([near.id]);

    const within35 = (await db.query(NEAR_SQL, [
      customer.lng,
      customer.lat,
      35 * METRES_PER_MILE,
      [near.id, far.id],
    ])) as Array<{ id: string }>;
    expect(within35.map((row) => row.id)).toEqual([near.id, far.id]);

    const [{ miles }] = (await db.query(
      `SELECT ST_Distance(geo_location, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography) / $3 AS miles FROM publisher WHERE id = $4`,
      [customer.lng, customer.lat, METRES_PER_MILE, near.id],
    )) as Array<{ miles: number }>;
    expect(miles).toBeGreaterThan(9.9);
    expect(miles).toBeLessThan(10.1);
  });

  it('the distance filter can use the GiST index on geo_location', async () => {
    await db.transaction(async (manager) => {
      // With a handful of rows a sequential scan is cheaper; forbid it to see that the index applies.
      await manager.query('SET LOCAL enable_seqscan = off');
      const plan = (await manager.query(`EXPLAIN ${NEAR_SQL}`, [
        customer.lng,
        customer.lat,
        15 * METRES_PER_MILE,
        [],
      ])) as Array<{
        'QUERY PLAN': string;
      }>;
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('idx_publisher_geo_location');
    });
  });

  it('reads a point back as GeoJSON', async () => {
    const publisher = await createPublisher(db, { at: { lat: 17.46, lng: 78.47 } });
    const read = await db.getRepository(PublisherEntity).findOneByOrFail({ id: publisher.id });
    expect(read.geoLocation).toEqual({ type: 'Point', coordinates: [78.47, 17.46] });
  });

  it("an address's location follows its lat/lng", async () => {
    const consumer = await createConsumer(db);
    const addresses = db.getRepository(ConsumerAddressEntity);
    const saved = await addresses.save(
      addresses.create({
        consumerId: consumer.id,
        address: { city: 'Hyderabad', lat: '17.460000', lng: '78.470000' },
      }),
    );
    let read = await addresses.findOneByOrFail({ id: saved.id });
    expect(read.address.location).toEqual({ type: 'Point', coordinates: [78.47, 17.46] });

    await addresses.update({ id: saved.id }, { address: { lat: '17.500000' } });
    read = await addresses.findOneByOrFail({ id: saved.id });
    expect(read.address.location).toEqual({ type: 'Point', coordinates: [78.47, 17.5] });
  });
});
