import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublisherStatus } from '@hearth/shared';
import { ItemEntity } from '../../src/modules/item/item.entity.js';
import { PublisherEntity } from '../../src/modules/publisher/publisher.entity.js';
import { ChefSettingEntity } from '../../src/modules/settings/chef-setting.entity.js';
import { createItem } from '../setup/factories.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { API, fieldsOf, kitchenName, register, registration } from './kitchens.js';

const png = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#e07a2e' } })
    .png()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');

describe('chef registration', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('creates a PENDING kitchen owned by the caller with its address, phone numbers, currency and time zone', async () => {
    const customer = await h.customer();
    const name = kitchenName('Priyas');
    const res = await request(h.http)
      .post(`${API}/publisher`)
      .set(customer.auth)
      .send(
        registration({
          kitchenName: name,
          country: 'IN',
          timeZone: 'Asia/Kolkata',
          phoneCountryCode: undefined,
          address: {
            addressLine1: '12 MG Road',
            city: 'Hyderabad',
            state: 'Telangana',
            zipcode: '500081',
            lat: 17.4474,
            lng: 78.3762,
          },
        }),
      )
      .expect(201);
    expect(res.body).toMatchObject({
      kitchenName: name,
      storefrontPath: `/${name}`,
      status: 'PENDING',
      statusReviewComments: null,
      brandDisplayName: "Priya's Kitchen",
      phoneCountryCode: '+91',
      phoneNumber: '2015550123',
      fullPhoneNumber: '+912015550123',
      fullWhatsAppNumber: '+912015550124',
      acceptAgreement: true,
      country: 'India',
      currencyCode: 'INR',
      timeZone: {
        timeZoneId: 'Asia/Kolkata',
        timeZoneName: 'India Standard Time',
        rawOffset: 19800,
        dstOffset: 0,
      },
      userEmail: customer.consumer.userEmail,
      location: {
        isPrimary: true,
        addressLine1: '12 MG Road',
        city: 'Hyderabad',
        country: 'India',
        lat: 17.4474,
        lng: 78.3762,
      },
    });
    expect(res.body.pickupLocations).toHaveLength(1);

    const row = await h.db.getRepository(PublisherEntity).findOneByOrFail({ id: res.body.id });
    expect(row.consumerId).toBe(customer.consumer.id);
    expect(row.geoLocation).toEqual({ type: 'Point', coordinates: [78.3762, 17.4474] });
    // The TIME_ZONE and PICKUP_LOCATIONS rows keep the demo seed's shapes.
    const settings = await h.db.getRepository(ChefSettingEntity).findBy({ publisherId: row.id });
    expect(Object.fromEntries(settings.map((s) => [s.key, s.value]))).toEqual({
      TIME_ZONE: {
        timeZoneId: 'Asia/Kolkata',
        timeZoneName: 'India Standard Time',
        rawOffset: 19800,
        dstOffset: 0,
      },
      PICKUP_LOCATIONS: [res.body.location.id],
    });

    const own = await request(h.http).get(`${API}/publisher`).set(customer.auth).expect(200);
    expect(own.body).toEqual(res.body);
  });

  it('refuses a name taken by another kitchen whatever its case, with a 409 naming the field', async () => {
    const first = await register(h, await h.customer(), { kitchenName: kitchenName('Taken') });
    const res = await request(h.http)
      .post(`${API}/publisher`)
      .set((await h.customer()).auth)
      .send(registration({ kitchenName: first.kitchenName.toUpperCase() }))
      .expect(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.fieldErrors).toEqual([
      {
        field: 'kitchenName',
        message: `kitchenName "${first.kitchenName.toUpperCase()}" is taken; choose another`,
      },
    ]);
  });

  it.each([
    ['kitchen', 'reserved by the site'],
    ['Services', 'reserved by the site'],
    ['l', 'between 3 and 40 characters'],
    ['highlight-client-worker', 'cannot be used as a page address'],
    ['my kitchen', 'only letters, digits and hyphens'],
    ['-dash-first', 'start and end with a letter or digit'],
    ['a'.repeat(41), 'between 3 and 40 characters'],
  ])('refuses the kitchen name %j', async (name, reason) => {
    const res = await request(h.http)
      .post(`${API}/publisher`)
      .set((await h.customer()).auth)
      .send(registration({ kitchenName: name }))
      .expect(400);
    expect(res.body.fieldErrors).toHaveLength(1);
    expect(res.body.fieldErrors[0].field).toBe('kitchenName');
    expect(res.body.fieldErrors[0].message).toContain(reason);
  });

  it.each([
    [
      'acceptAgreement',
      { acceptAgreement: false },
      'acceptAgreement must be true: accept the chef agreement to register',
    ],
    [
      'acceptAgreement',
      { acceptAgreement: undefined },
      'acceptAgreement must be true: accept the chef agreement to register',
    ],
    [
      'timeZone',
      { timeZone: 'Mars/Olympus_Mons' },
      'timeZone must be an IANA time zone such as America/New_York',
    ],
    [
      'country',
      { country: 'Narnia' },
      'country must be one of United States, India, Canada, Singapore, Malaysia, Australia',
    ],
    ['phoneNumber', { phoneNumber: '12' }, 'phoneNumber must be 6 to 14 digits'],
    [
      'address.lat',
      { address: { addressLine1: '77 Hudson St', city: 'Jersey City', zipcode: '07302', lng: -74 } },
      'Give both lat and lng, or neither.',
    ],
    [
      'address.zipcode',
      { address: { addressLine1: '77 Hudson St', city: 'Jersey City', zipcode: '00000' } },
      'We do not know the zip code 00000 in the United States. Check it.',
    ],
    ['address', { address: undefined }, 'address is required'],
    ['brandDisplayName', { brandDisplayName: '' }, 'brandDisplayName must be between 2 and 80 characters'],
  ])('refuses a registration with a bad %s', async (field, overrides, message) => {
    const res = await request(h.http)
      .post(`${API}/publisher`)
      .set((await h.customer()).auth)
      .send(registration(overrides))
      .expect(400);
    expect(res.body).toMatchObject({ status: 400, message: 'error.validation' });
    expect(res.body.fieldErrors).toContainEqual({ field, message });
  });

  it('places a US kitchen at its zip code when no coordinates are sent, and keeps its point while the zip code stays', async () => {
    const customer = await h.customer();
    const { lat: _lat, lng: _lng, ...address } = registration().address as Record<string, unknown>;
    const kitchen = await register(h, customer, { address });
    const placed = (await request(h.http).get(`${API}/publisher`).set(customer.auth).expect(200)).body
      .location;
    expect(placed.lat).toBeCloseTo(40.72, 1);
    expect(placed.lng).toBeCloseTo(-74.05, 1);
    const publisher = await h.db.getRepository(PublisherEntity).findOneByOrFail({ id: kitchen.id });
    expect(publisher.geoLocation?.coordinates[1]).toBeCloseTo(placed.lat, 5);

    const refined = { ...address, lat: 40.7168, lng: -74.0335 };
    await request(h.http)
      .put(`${API}/publisher/save`)
      .set(customer.auth)
      .send({ address: refined })
      .expect(200);
    const kept = await request(h.http)
      .put(`${API}/publisher/save`)
      .set(customer.auth)
      .send({ address: { ...address, addressLine2: 'Ground floor' } })
      .expect(200);
    expect(kept.body.location).toMatchObject({ addressLine2: 'Ground floor', lat: 40.7168, lng: -74.0335 });
  });

  it("refuses an address in another country than the kitchen's", async () => {
    const res = await request(h.http)
      .post(`${API}/publisher`)
      .set((await h.customer()).auth)
      .send(registration({ address: { ...(registration().address as object), country: 'Canada' } }))
      .expect(400);
    expect(fieldsOf(res.body)).toEqual(['address.country']);
  });

  it('allows one kitchen per account', async () => {
    const customer = await h.customer();
    await register(h, customer);
    const res = await request(h.http)
      .post(`${API}/publisher`)
      .set(customer.auth)
      .send(registration())
      .expect(409);
    expect(res.body.detail).toMatch(/^You already have a kitchen \(".+"\); one kitchen per account\.$/);
    expect(await h.db.getRepository(PublisherEntity).countBy({ consumerId: customer.consumer.id })).toBe(1);
  });

  it('needs a signed-in caller', async () => {
    await request(h.http).post(`${API}/publisher`).send(registration()).expect(401);
    await request(h.http).get(`${API}/publisher`).expect(401);
    await request(h.http).put(`${API}/publisher/save`).send({ brandDisplayName: 'Nope' }).expect(401);
  });

  it('answers 404 to GET publisher for someone without a kitchen', async () => {
    const res = await request(h.http)
      .get(`${API}/publisher`)
      .set((await h.customer()).auth)
      .expect(404);
    expect(res.body.detail).toBe('You have not registered a kitchen yet.');
  });

  it('lets the owner change a PENDING kitchen; omitted fields stay, null clears', async () => {
    const customer = await h.customer();
    const kitchen = await register(h, customer);
    const newName = kitchenName('Renamed');
    const res = await request(h.http)
      .put(`${API}/publisher/save`)
      .set(customer.auth)
      .send({
        kitchenName: newName,
        brandType: 'STORE',
        speciality: null,
        whatsAppNumber: null,
        timeZone: 'america/chicago',
      })
      .expect(200);
    expect(res.body).toMatchObject({
      id: kitchen.id,
      kitchenName: newName,
      brandType: 'STORE',
      status: 'PENDING',
      speciality: null,
      whatsAppNumber: null,
      fullWhatsAppNumber: null,
      brandDisplayName: "Priya's Kitchen",
      fullPhoneNumber: '+12015550123',
      timeZone: { timeZoneId: 'America/Chicago' },
    });
    const mirrored = await h.db
      .getRepository(ChefSettingEntity)
      .findOneByOrFail({ publisherId: kitchen.id, key: 'TIME_ZONE' });
    expect(mirrored.value).toMatchObject({ timeZoneId: 'America/Chicago' });
  });

  it("refuses to rename a kitchen to another kitchen's name, and accepts a change of case of its own", async () => {
    const other = await register(h, await h.customer());
    const customer = await h.customer();
    const mine = await register(h, customer);
    const taken = await request(h.http)
      .put(`${API}/publisher/save`)
      .set(customer.auth)
      .send({ kitchenName: other.kitchenName.toUpperCase() })
      .expect(409);
    expect(fieldsOf(taken.body)).toEqual(['kitchenName']);
    const recased = await request(h.http)
      .put(`${API}/publisher/save`)
      .set(customer.auth)
      .send({ kitchenName: mine.kitchenName.toUpperCase() })
      .expect(200);
    expect(recased.body.kitchenName).toBe(mine.kitchenName.toUpperCase());
  });

  it('moves the kitchen and every one of its items when the primary address changes', async () => {
    const customer = await h.customer();
    const kitchen = await register(h, customer);
    const item = await createItem(h.db, { publisherId: kitchen.id });
    const res = await request(h.http)
      .put(`${API}/publisher/save`)
      .set(customer.auth)
      .send({
        address: {
          addressLine1: '1 Washington St',
          city: 'Hoboken',
          state: 'NJ',
          zipcode: '07030',
          lat: 40.737,
          lng: -74.03,
        },
      })
      .expect(200);
    expect(res.body.location).toMatchObject({
      id: kitchen.pickupLocations[0].id,
      city: 'Hoboken',
      lat: 40.737,
      lng: -74.03,
    });
    const publisher = await h.db.getRepository(PublisherEntity).findOneByOrFail({ id: kitchen.id });
    expect(publisher.geoLocation).toEqual({ type: 'Point', coordinates: [-74.03, 40.737] });
    const moved = await h.db.getRepository(ItemEntity).findOneByOrFail({ id: item.id });
    expect(moved.location).toEqual({ type: 'Point', coordinates: [-74.03, 40.737] });
  });

  it('refuses to move an approved kitchen to another country', async () => {
    const customer = await h.customer();
    const kitchen = await register(h, customer);
    await h.db
      .getRepository(PublisherEntity)
      .update({ id: kitchen.id }, { status: PublisherStatus.APPROVED });
    const res = await request(h.http)
      .put(`${API}/publisher/save`)
      .set(customer.auth)
      .send({
        country: 'Canada',
        address: {
          addressLine1: '1 King St W',
          city: 'Toronto',
          zipcode: 'M5H 1A1',
          lat: 43.6487,
          lng: -79.3774,
        },
      })
      .expect(409);
    expect(res.body.detail).toContain('cannot move to another country');
  });

  it('stores the logo as a public picture and identity pictures and licences privately', async () => {
    const customer = await h.customer();
    const kitchen = await register(h, customer);
    const logo = await request(h.http)
      .post(`${API}/publisher/upload-logo`)
      .set(customer.auth)
      .attach('file', await png(), 'logo.png')
      .expect(200);
    expect(logo.body.logo).toMatch(
      new RegExp(`^${API}/files/public/publishers/${kitchen.id}/logo/[0-9a-f-]{36}/800\\.webp$`),
    );
    await request(h.http).get(logo.body.logo).expect(200).expect('Content-Type', 'image/webp');

    const ids = await request(h.http)
      .post(`${API}/publisher/upload-identity-pictures`)
      .set(customer.auth)
      .attach('files', await png(), 'id.png')
      .expect(200);
    const licences = await request(h.http)
      .post(`${API}/publisher/upload-licenses`)
      .set(customer.auth)
      .attach('files', pdf, 'licence.pdf')
      .expect(200);
    const [identity] = ids.body.identityPictures as { key: string; url: string }[];
    const [licence] = licences.body.licensesAndCertifications as { key: string; url: string }[];
    expect(identity.key).toMatch(
      new RegExp(`^private/publishers/${kitchen.id}/identity/[0-9a-f-]{36}\\.png$`),
    );
    expect(licence.url).toBe(`${API}/publisher/files/${licence.key}`);

    // Private files are not served by the public file endpoint, only to the owner.
    await request(h.http).get(`${API}/files/${identity.key}`).expect(404);
    const read = await request(h.http).get(licence.url).set(customer.auth).expect(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.from(read.body as Buffer).equals(pdf)).toBe(true);

    const pics = await request(h.http)
      .post(`${API}/publisher/upload-kitchen-pictures`)
      .set(customer.auth)
      .attach('files', await png(), 'a.png')
      .attach('files', await png(), 'b.png')
      .expect(200);
    expect(pics.body.kitchenPictures).toHaveLength(2);

    const removed = await request(h.http)
      .delete(`${API}/publisher/files/${licence.key}`)
      .set(customer.auth)
      .expect(200);
    expect(removed.body.licensesAndCertifications).toEqual([]);
    await request(h.http).get(licence.url).set(customer.auth).expect(404);
  });

  it('refuses uploads by their bytes and by their size', async () => {
    const customer = await h.customer();
    await register(h, customer);
    const script = Buffer.from('#!/bin/sh\necho not a picture\n');
    const notPicture = await request(h.http)
      .post(`${API}/publisher/upload-logo`)
      .set(customer.auth)
      .attach('file', script, 'logo.png')
      .expect(415);
    expect(notPicture.body.detail).toBe(
      'The file is not a picture we can use: upload a JPEG, PNG, WebP, GIF or AVIF image.',
    );
    const notDocument = await request(h.http)
      .post(`${API}/publisher/upload-licenses`)
      .set(customer.auth)
      .attach('files', script, 'licence.pdf')
      .expect(415);
    expect(notDocument.body.detail).toBe('The file must be a PDF document or a JPEG, PNG or WebP image.');
    const big = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await request(h.http)
      .post(`${API}/publisher/upload-licenses`)
      .set(customer.auth)
      .attach('files', big, 'big.pdf')
      .expect(413);
    expect(tooBig.body.detail).toBe('The file is larger than 5 MB.');
    const own = await request(h.http).get(`${API}/publisher`).set(customer.auth).expect(200);
    expect(own.body).toMatchObject({ logo: null, licensesAndCertifications: [] });
  });
});
