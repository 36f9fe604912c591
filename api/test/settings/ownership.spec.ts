import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { API, approvedChef } from '../publisher/kitchens.js';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
const png = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#aa3322' } })
    .png()
    .toBuffer();
const place = {
  addressLine1: '1 Newark Ave',
  city: 'Jersey City',
  state: 'NJ',
  zipcode: '07302',
  lat: 40.7214,
  lng: -74.0431,
};

type Chef = Awaited<ReturnType<typeof approvedChef>>;

/**
 * Chef A tries every settings, kitchen and file endpoint on chef B's things. Each attempt is refused
 * with a 404 that says no more than "not found", and B's data stays exactly as it was.
 */
describe('a chef reaches only their own kitchen, settings and files', () => {
  let h: Harness;
  let admin: TestActor;
  let a: Chef;
  let b: Chef;
  let bPermit: string;
  let bIdentity: string;
  let bPlace: string;
  let bSecret: string;

  beforeAll(async () => {
    h = await startHarness();
    admin = await h.admin();
    // An Indian kitchen, so that A may register a Cashfree bank account (India only).
    a = await approvedChef(h, admin, {
      country: 'India',
      timeZone: 'Asia/Kolkata',
      address: {
        addressLine1: '1 Road',
        city: 'Pune',
        state: 'MH',
        zipcode: '411001',
        lat: 18.52,
        lng: 73.86,
      },
    });
    b = await approvedChef(h, admin);
    await request(h.http)
      .post(`${API}/settings/save-settings`)
      .set(b.auth)
      .send({ RADIUS: 9, ZIPCODES: ['07302'] })
      .expect(200);
    bPermit = (
      await request(h.http)
        .post(`${API}/settings/upload-file`)
        .set(b.auth)
        .attach('file', pdf, 'permit.pdf')
        .expect(200)
    ).body.FOOD_HANDLER_PERMIT.key;
    bIdentity = (
      await request(h.http)
        .post(`${API}/publisher/upload-identity-pictures`)
        .set(b.auth)
        .attach('files', await png(), 'id.png')
        .expect(200)
    ).body.identityPictures[0].key;
    bPlace = (
      await request(h.http).post(`${API}/settings/pickup-locations`).set(b.auth).send(place).expect(201)
    ).body.id;
    bSecret = (await request(h.http).post(`${API}/secret-code`).set(b.auth).expect(200)).body.secretCode;
  });
  afterAll(() => h?.close());

  /** B's kitchen and settings as B sees them. */
  const snapshot = async () => ({
    kitchen: (await request(h.http).get(`${API}/publisher`).set(b.auth).expect(200)).body,
    settings: (await request(h.http).get(`${API}/settings`).set(b.auth).expect(200)).body,
  });

  it("does not let A read B's settings or kitchen by id; an admin may", async () => {
    const settings = await request(h.http)
      .get(`${API}/settings`)
      .query({ publisherId: b.kitchen.id })
      .set(a.auth)
      .expect(404);
    expect(settings.body.detail).toBe(`Kitchen ${b.kitchen.id} was not found.`);
    await request(h.http)
      .get(`${API}/publisher`)
      .query({ publisherId: b.kitchen.id })
      .set(a.auth)
      .expect(404);

    const asAdmin = await request(h.http)
      .get(`${API}/settings`)
      .query({ publisherId: b.kitchen.id })
      .set(admin.auth)
      .expect(200);
    expect(asAdmin.body).toMatchObject({ RADIUS: 9, ZIPCODES: ['07302'], SECRET_CODE: bSecret });
    const kitchen = await request(h.http)
      .get(`${API}/publisher`)
      .query({ publisherId: b.kitchen.id })
      .set(admin.auth)
      .expect(200);
    expect(kitchen.body.id).toBe(b.kitchen.id);
    // A's own settings do not show B's values.
    expect((await request(h.http).get(`${API}/settings`).set(a.auth).expect(200)).body).toMatchObject({
      RADIUS: 0,
      ZIPCODES: [],
      SECRET_CODE: null,
    });
  });

  it("refuses A's changes to B's pickup locations with a 404 and leaves them as they were", async () => {
    const before = await snapshot();
    for (const id of [bPlace, b.kitchen.pickupLocations[0].id]) {
      const put = await request(h.http)
        .put(`${API}/settings/pickup-locations/${id}`)
        .set(a.auth)
        .send({ ...place, city: 'Elsewhere' })
        .expect(404);
      expect(put.body.detail).toBe(`Pickup location ${id} was not found.`);
      await request(h.http).delete(`${API}/settings/pickup-locations/${id}`).set(a.auth).expect(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("streams B's private files to B and admins only; anyone else gets a 404 (anonymous: 401)", async () => {
    const customer = await h.customer();
    for (const key of [bPermit, bIdentity]) {
      const url = `${API}/publisher/files/${key}`;
      await request(h.http).get(url).set(b.auth).expect(200);
      await request(h.http).get(url).set(admin.auth).expect(200);
      const refused = await request(h.http).get(url).set(a.auth).expect(404);
      expect(refused.body.detail).toBe(`File ${key} was not found.`);
      await request(h.http).get(url).set(customer.auth).expect(404);
      await request(h.http).get(url).expect(401);
      // Nor through the public file endpoint.
      await request(h.http).get(`${API}/files/${key}`).expect(404);
    }
    // A missing file of A's own kitchen looks exactly the same as B's file.
    const missing = `private/publishers/${a.kitchen.id}/permits/00000000-0000-4000-8000-000000000000.pdf`;
    const own = await request(h.http).get(`${API}/publisher/files/${missing}`).set(a.auth).expect(404);
    expect(Object.keys(own.body).sort()).toEqual([
      'detail',
      'instance',
      'message',
      'path',
      'status',
      'title',
      'type',
    ]);
  });

  it("refuses A's removal of B's files and keeps them", async () => {
    await request(h.http).delete(`${API}/publisher/files/${bIdentity}`).set(a.auth).expect(404);
    await request(h.http).delete(`${API}/publisher/files/${bPermit}`).set(a.auth).expect(404);
    await request(h.http).get(`${API}/publisher/files/${bIdentity}`).set(b.auth).expect(200);
    expect((await snapshot()).kitchen.identityPictures).toEqual([
      expect.objectContaining({ key: bIdentity }),
    ]);
  });

  it("changes only A's own kitchen, settings, code and pictures when A saves", async () => {
    const before = await snapshot();
    await request(h.http)
      .post(`${API}/settings/save-settings`)
      .set(a.auth)
      .send({ RADIUS: 1, ZIPCODES: ['10001'], TIME_ZONE: 'Europe/London' })
      .expect(200);
    await request(h.http)
      .put(`${API}/publisher/save`)
      .set(a.auth)
      .send({ brandDisplayName: 'A Changed' })
      .expect(200);
    await request(h.http)
      .post(`${API}/settings/upload-file`)
      .set(a.auth)
      .attach('file', pdf, 'permit.pdf')
      .expect(200);
    await request(h.http)
      .post(`${API}/settings/add-cashfree-beneficiary`)
      .set(a.auth)
      .send({
        accountNumber: '123456789012',
        ifsc: 'HDFC0001234',
        name: 'A Chef',
        email: 'a@example.com',
        phone: '9876543210',
        address1: '1 Road',
        city: 'Pune',
        state: 'MH',
        pincode: '411001',
      })
      .expect(201);
    await request(h.http).post(`${API}/secret-code`).set(a.auth).expect(200);
    await request(h.http)
      .post(`${API}/publisher/upload-logo`)
      .set(a.auth)
      .attach('file', await png(), 'logo.png')
      .expect(200);
    await request(h.http).post(`${API}/settings/pickup-locations`).set(a.auth).send(place).expect(201);
    expect(await snapshot()).toEqual(before);
    expect((await request(h.http).get(`${API}/secret-code`).set(b.auth).expect(200)).body.secretCode).toBe(
      bSecret,
    );
  });
});
