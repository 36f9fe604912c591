import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankBeneficiaryEntity } from '../../src/modules/settings/bank-beneficiary.entity.js';
import { ChefSettingEntity } from '../../src/modules/settings/chef-setting.entity.js';
import { PublisherEntity } from '../../src/modules/publisher/publisher.entity.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { API, approvedChef, fieldsOf, register } from '../publisher/kitchens.js';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
const HYDERABAD = {
  addressLine1: '12 MG Road',
  city: 'Hyderabad',
  state: 'Telangana',
  zipcode: '500081',
  lat: 17.4474,
  lng: 78.3762,
};
const beneficiary = {
  accountNumber: '123456789012',
  ifsc: 'HDFC0001234',
  name: 'Priya Raman',
  email: 'priya@example.com',
  phone: '98765 43210',
  address1: '12 MG Road',
  city: 'Hyderabad',
  state: 'Telangana',
  pincode: '500081',
};

describe('chef settings', () => {
  let h: Harness;
  let admin: TestActor;
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.admin();
  });
  afterAll(() => h?.close());

  const get = (chef: TestActor) => request(h.http).get(`${API}/settings`).set(chef.auth);
  const save = (chef: TestActor, body: Record<string, unknown>) =>
    request(h.http).post(`${API}/settings/save-settings`).set(chef.auth).send(body);
  const storedRows = async (publisherId: string) =>
    Object.fromEntries(
      (await h.db.getRepository(ChefSettingEntity).findBy({ publisherId })).map((r) => [r.key, r.value]),
    );

  it('shows every setting with its default for a new kitchen', async () => {
    const chef = await approvedChef(h, admin);
    const res = await get(chef).expect(200);
    expect(res.body).toEqual({
      ZIPCODES: [],
      RADIUS: 0,
      DELIVERY_FEES: '0.00',
      DELIVERY_MEASUREMENT: 'miles',
      PRE_ORDER_NUMBER: 12,
      PRE_ORDER_DAYS_HOURS: 'Hours',
      DEFAULT_FULFILLMENT: 'PICKUP',
      FOOD_HANDLER_PERMIT: null,
      TIME_ZONE: {
        timeZoneId: 'America/New_York',
        timeZoneName: expect.stringMatching(/^Eastern (Standard|Daylight) Time$/),
        rawOffset: -18000,
        dstOffset: expect.any(Number),
      },
      SECRET_CODE: null,
      PICKUP_LOCATIONS: [
        expect.objectContaining({
          id: chef.kitchen.pickupLocations[0].id,
          isPrimary: true,
          city: 'Jersey City',
          lat: 40.7168,
          lng: -74.0335,
        }),
      ],
      PAYMENT_PREFERENCES: ['CASH_ON_PICKUP_DELIVERY'],
      CASH_FREE_ACCOUNT_NUMBER: null,
      CASH_FREE_IFSC: null,
      CASH_MAX_ORDER_VALUE: null,
      CASH_FREE: null,
    });
    const indian = await approvedChef(h, admin, {
      country: 'India',
      timeZone: 'Asia/Kolkata',
      address: HYDERABAD,
    });
    expect((await get(indian).expect(200)).body).toMatchObject({
      DELIVERY_MEASUREMENT: 'km',
      DELIVERY_FEES: '0.00',
      TIME_ZONE: { timeZoneId: 'Asia/Kolkata' },
    });
  });

  it('saves settings partially and reads them back, stored in the demo data shapes', async () => {
    // An Indian kitchen: the Cashfree account number and IFSC are for India only.
    const chef = await approvedChef(h, admin, {
      country: 'India',
      timeZone: 'Asia/Kolkata',
      address: HYDERABAD,
    });
    const saved = await save(chef, {
      ZIPCODES: ['07302', ' 07310 ', '07302'],
      RADIUS: 7.5,
      DELIVERY_FEES: '4.5',
      DELIVERY_MEASUREMENT: 'km',
      PRE_ORDER_NUMBER: 2,
      PRE_ORDER_DAYS_HOURS: 'Days',
      DEFAULT_FULFILLMENT: 'DELIVERY',
      TIME_ZONE: 'America/Los_Angeles',
      PAYMENT_PREFERENCES: ['CASH_ON_PICKUP_DELIVERY'],
      CASH_FREE_ACCOUNT_NUMBER: '1234 5678 9012',
      CASH_FREE_IFSC: 'hdfc0001234',
    }).expect(200);
    const expected = {
      ZIPCODES: ['07302', '07310'],
      RADIUS: 7.5,
      DELIVERY_FEES: '4.50',
      DELIVERY_MEASUREMENT: 'km',
      PRE_ORDER_NUMBER: 2,
      PRE_ORDER_DAYS_HOURS: 'Days',
      DEFAULT_FULFILLMENT: 'DELIVERY',
      TIME_ZONE: expect.objectContaining({ timeZoneId: 'America/Los_Angeles', rawOffset: -28800 }),
      PAYMENT_PREFERENCES: ['CASH_ON_PICKUP_DELIVERY'],
      // Masked in every response, encrypted at rest (S-12).
      CASH_FREE_ACCOUNT_NUMBER: '••••••••9012',
      CASH_FREE_IFSC: 'HDFC0001234',
    };
    expect(saved.body).toMatchObject(expected);
    expect((await get(chef).expect(200)).body).toMatchObject(expected);

    const rows = await storedRows(chef.kitchen.id);
    expect(rows).toMatchObject({
      ZIPCODES: ['07302', '07310'],
      RADIUS: 7.5,
      DELIVERY_FEES: '4.50',
      DELIVERY_MEASUREMENT: 'km',
      PRE_ORDER_NUMBER: 2,
      PRE_ORDER_DAYS_HOURS: 'Days',
      DEFAULT_FULFILLMENT: 'DELIVERY',
      TIME_ZONE: {
        timeZoneId: 'America/Los_Angeles',
        timeZoneName: expect.any(String),
        rawOffset: -28800,
        dstOffset: expect.any(Number),
      },
      PAYMENT_PREFERENCES: ['CASH_ON_PICKUP_DELIVERY'],
      PICKUP_LOCATIONS: [chef.kitchen.pickupLocations[0].id],
    });
    const publisher = await h.db.getRepository(PublisherEntity).findOneByOrFail({ id: chef.kitchen.id });
    expect(publisher.timeZoneId).toBe('America/Los_Angeles');

    // One key at a time leaves the others alone.
    const radius = await save(chef, { RADIUS: 0 }).expect(200);
    expect(radius.body).toMatchObject({ ...expected, RADIUS: 0 });
  });

  it.each([
    [{ ZIPCODES: '07302' }, 'ZIPCODES', 'ZIPCODES must be a list of zip codes'],
    [
      { ZIPCODES: ['07302', 'x'] },
      'ZIPCODES',
      'ZIPCODES must contain zip codes of 3 to 12 letters, digits, spaces or hyphens',
    ],
    [{ ZIPCODES: [7302] }, 'ZIPCODES', 'ZIPCODES must contain only zip codes'],
    [{ RADIUS: -1 }, 'RADIUS', 'RADIUS must be 0 or more'],
    [{ RADIUS: 'far' }, 'RADIUS', 'RADIUS must be a number with at most 2 decimals'],
    [{ RADIUS: 501 }, 'RADIUS', 'RADIUS must be at most 500'],
    [
      { DELIVERY_FEES: '-1' },
      'DELIVERY_FEES',
      'DELIVERY_FEES must be an amount such as 4.99 (0 or more, at most 2 decimals)',
    ],
    [
      { DELIVERY_FEES: '4.999' },
      'DELIVERY_FEES',
      'DELIVERY_FEES must be an amount such as 4.99 (0 or more, at most 2 decimals)',
    ],
    [
      { DELIVERY_FEES: '1,000' },
      'DELIVERY_FEES',
      'DELIVERY_FEES must be an amount such as 4.99 (0 or more, at most 2 decimals)',
    ],
    [
      { DELIVERY_MEASUREMENT: 'furlongs' },
      'DELIVERY_MEASUREMENT',
      'DELIVERY_MEASUREMENT must be miles or km',
    ],
    [{ PRE_ORDER_NUMBER: 1.5 }, 'PRE_ORDER_NUMBER', 'PRE_ORDER_NUMBER must be a whole number'],
    [{ PRE_ORDER_NUMBER: -2 }, 'PRE_ORDER_NUMBER', 'PRE_ORDER_NUMBER must be 0 or more'],
    [{ PRE_ORDER_NUMBER: 721 }, 'PRE_ORDER_NUMBER', 'PRE_ORDER_NUMBER must be at most 720'],
    [{ PRE_ORDER_DAYS_HOURS: 'Weeks' }, 'PRE_ORDER_DAYS_HOURS', 'PRE_ORDER_DAYS_HOURS must be Hours or Days'],
    [
      { PRE_ORDER_NUMBER: 31, PRE_ORDER_DAYS_HOURS: 'Days' },
      'PRE_ORDER_NUMBER',
      'PRE_ORDER_NUMBER can be at most 30 when PRE_ORDER_DAYS_HOURS is Days',
    ],
    [
      { DEFAULT_FULFILLMENT: 'DRONE' },
      'DEFAULT_FULFILLMENT',
      'DEFAULT_FULFILLMENT must be PICKUP or DELIVERY',
    ],
    [
      { TIME_ZONE: 'Mars/Olympus_Mons' },
      'TIME_ZONE',
      'TIME_ZONE must be an IANA time zone such as America/New_York',
    ],
    [
      { PAYMENT_PREFERENCES: [] },
      'PAYMENT_PREFERENCES',
      'PAYMENT_PREFERENCES must name at least one payment method',
    ],
    [
      { PAYMENT_PREFERENCES: ['BITCOIN'] },
      'PAYMENT_PREFERENCES',
      'PAYMENT_PREFERENCES may contain only PAYTM, PAYPAL, GOOGLE, STRIPE_CARD, CASH_FREE, CASH_ON_PICKUP_DELIVERY',
    ],
    [
      { PAYMENT_PREFERENCES: ['CASH_ON_PICKUP_DELIVERY', 'CASH_FREE', 'PAYTM'] },
      'PAYMENT_PREFERENCES',
      'PAYMENT_PREFERENCES: CASH_FREE, PAYTM cannot be offered by a kitchen in United States; choose from PAYPAL, GOOGLE, STRIPE_CARD, CASH_ON_PICKUP_DELIVERY',
    ],
    [
      { CASH_MAX_ORDER_VALUE: 'lots' },
      'CASH_MAX_ORDER_VALUE',
      'CASH_MAX_ORDER_VALUE must be an amount such as 150.00 (more than 0), or empty for no limit',
    ],
    [
      { CASH_MAX_ORDER_VALUE: '-5' },
      'CASH_MAX_ORDER_VALUE',
      'CASH_MAX_ORDER_VALUE must be an amount such as 150.00 (more than 0), or empty for no limit',
    ],
    [
      { CASH_MAX_ORDER_VALUE: '0.00' },
      'CASH_MAX_ORDER_VALUE',
      'CASH_MAX_ORDER_VALUE must be more than 0, or empty for no limit',
    ],
    [
      { CASH_MAX_ORDER_VALUE: '10.005' },
      'CASH_MAX_ORDER_VALUE',
      'CASH_MAX_ORDER_VALUE must have at most 2 decimals in USD',
    ],
    [
      { CASH_FREE_ACCOUNT_NUMBER: '12ab' },
      'CASH_FREE_ACCOUNT_NUMBER',
      'CASH_FREE_ACCOUNT_NUMBER must be 9 to 18 digits',
    ],
    [
      { CASH_FREE_IFSC: 'HDFC1001234' },
      'CASH_FREE_IFSC',
      'CASH_FREE_IFSC must be an IFSC code such as HDFC0001234 (4 letters, 0, then 6 letters or digits)',
    ],
    [
      { FOOD_HANDLER_PERMIT: 'private/x.pdf' },
      'FOOD_HANDLER_PERMIT',
      'FOOD_HANDLER_PERMIT is set by uploading the permit to settings/upload-file',
    ],
    [{ SECRET_CODE: 'ABCDEFGH' }, 'SECRET_CODE', 'SECRET_CODE is generated by POST secret-code'],
    [
      { PICKUP_LOCATIONS: [] },
      'PICKUP_LOCATIONS',
      'PICKUP_LOCATIONS are changed through settings/pickup-locations',
    ],
    [
      { PAYPAL: { email: 'x@example.com' } },
      'PAYPAL',
      'PAYPAL needs a payment gateway, which is not available yet',
    ],
    [
      { STRIPE: 'acct_1' },
      'STRIPE',
      'STRIPE is set up with settings/setup-stripe-account (Stripe Connect onboarding)',
    ],
    [
      { CASH_FREE: true },
      'CASH_FREE',
      'CASH_FREE is set by registering the bank account with settings/add-cashfree-beneficiary',
    ],
    [{ COLOUR: 'blue' }, 'COLOUR', 'COLOUR is not a known field'],
  ])('refuses %j, naming %s, and saves nothing', async (body, field, message) => {
    const chef = await approvedChef(h, admin);
    const before = await get(chef).expect(200);
    const res = await save(chef, { RADIUS: 3, ...body }).expect(400);
    expect(res.body).toMatchObject({ status: 400, message: 'error.validation' });
    expect(res.body.fieldErrors).toContainEqual({ field, message });
    expect(fieldsOf(res.body).every((f) => f === field)).toBe(true);
    expect((await get(chef).expect(200)).body).toEqual(before.body);
  });

  it('saves which payment methods the kitchen offers and up to what order value it takes cash', async () => {
    const chef = await approvedChef(h, admin);
    const saved = await save(chef, {
      PAYMENT_PREFERENCES: ['STRIPE_CARD', 'CASH_ON_PICKUP_DELIVERY'],
      CASH_MAX_ORDER_VALUE: '150',
    }).expect(200);
    expect(saved.body).toMatchObject({
      PAYMENT_PREFERENCES: ['STRIPE_CARD', 'CASH_ON_PICKUP_DELIVERY'],
      CASH_MAX_ORDER_VALUE: '150.00',
    });
    expect((await storedRows(chef.kitchen.id)).CASH_MAX_ORDER_VALUE).toBe('150.00');
    expect((await save(chef, { CASH_MAX_ORDER_VALUE: 75.5 }).expect(200)).body.CASH_MAX_ORDER_VALUE).toBe(
      '75.50',
    );
    // Empty: no limit any more.
    expect((await save(chef, { CASH_MAX_ORDER_VALUE: '' }).expect(200)).body.CASH_MAX_ORDER_VALUE).toBeNull();
    expect((await storedRows(chef.kitchen.id)).CASH_MAX_ORDER_VALUE).toBeUndefined();

    // In rupees (2 decimals too) for an Indian kitchen, whose methods are Cashfree's.
    const indian = await approvedChef(h, admin, {
      country: 'India',
      timeZone: 'Asia/Kolkata',
      address: HYDERABAD,
    });
    const inr = await save(indian, {
      PAYMENT_PREFERENCES: ['CASH_FREE', 'PAYTM', 'CASH_ON_PICKUP_DELIVERY'],
      CASH_MAX_ORDER_VALUE: '2000',
    }).expect(200);
    expect(inr.body).toMatchObject({ CASH_MAX_ORDER_VALUE: '2000.00' });
    const card = await save(indian, { PAYMENT_PREFERENCES: ['STRIPE_CARD'] }).expect(400);
    expect(card.body.fieldErrors[0].field).toBe('PAYMENT_PREFERENCES');
  });

  it('checks the cut-off against the unit already saved', async () => {
    const chef = await approvedChef(h, admin);
    await save(chef, { PRE_ORDER_NUMBER: 48 }).expect(200);
    const res = await save(chef, { PRE_ORDER_DAYS_HOURS: 'Days' }).expect(400);
    expect(res.body.fieldErrors).toEqual([
      {
        field: 'PRE_ORDER_DAYS_HOURS',
        message: 'PRE_ORDER_NUMBER can be at most 30 when PRE_ORDER_DAYS_HOURS is Days',
      },
    ]);
    await save(chef, { PRE_ORDER_NUMBER: 2, PRE_ORDER_DAYS_HOURS: 'Days' }).expect(200);
  });

  it('refuses an empty change', async () => {
    const chef = await approvedChef(h, admin);
    const res = await save(chef, {}).expect(400);
    expect(res.body.detail).toBe('Send at least one setting to change.');
  });

  it('stores the food handler permit privately, replaces it, and refuses other files by bytes and size', async () => {
    const chef = await approvedChef(h, admin);
    const first = await request(h.http)
      .post(`${API}/settings/upload-file`)
      .set(chef.auth)
      .attach('file', pdf, 'permit.pdf')
      .expect(200);
    const permit = first.body.FOOD_HANDLER_PERMIT as { key: string; url: string };
    expect(permit.key).toMatch(
      new RegExp(`^private/publishers/${chef.kitchen.id}/permits/[0-9a-f-]{36}\\.pdf$`),
    );
    expect(permit.url).toBe(`${API}/publisher/files/${permit.key}`);
    expect((await request(h.http).get(permit.url).set(chef.auth).expect(200)).headers['content-type']).toBe(
      'application/pdf',
    );
    expect((await storedRows(chef.kitchen.id)).FOOD_HANDLER_PERMIT).toBe(permit.key);

    // A real picture: picture documents are re-encoded without their metadata (security review S-21).
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const second = await request(h.http)
      .post(`${API}/settings/upload-file`)
      .set(chef.auth)
      .attach('file', png, 'permit.png')
      .expect(200);
    expect(second.body.FOOD_HANDLER_PERMIT.key).toMatch(/\.png$/);
    await request(h.http).get(permit.url).set(chef.auth).expect(404);

    const exe = await request(h.http)
      .post(`${API}/settings/upload-file`)
      .set(chef.auth)
      .attach('file', Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), 'permit.pdf')
      .expect(415);
    expect(exe.body).toMatchObject({
      detail: 'The file must be a PDF document or a JPEG, PNG or WebP image.',
      fieldErrors: [{ field: 'file' }],
    });
    const big = await request(h.http)
      .post(`${API}/settings/upload-file`)
      .set(chef.auth)
      .attach('file', Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]), 'permit.pdf')
      .expect(413);
    expect(big.body.detail).toBe('The file is larger than 5 MB.');
    const none = await request(h.http)
      .post(`${API}/settings/upload-file`)
      .set(chef.auth)
      .field('note', 'no file')
      .expect(400);
    expect(none.body.detail).toBe('Choose a file to upload.');
    expect((await get(chef).expect(200)).body.FOOD_HANDLER_PERMIT.key).toBe(
      second.body.FOOD_HANDLER_PERMIT.key,
    );
  });

  it('stores a Cashfree beneficiary unregistered when Cashfree Payouts is not configured', async () => {
    const chef = await approvedChef(h, admin, {
      country: 'India',
      timeZone: 'Asia/Kolkata',
      address: HYDERABAD,
    });
    const res = await request(h.http)
      .post(`${API}/settings/add-cashfree-beneficiary`)
      .set(chef.auth)
      .send({ ...beneficiary, ifsc: 'hdfc0001234' })
      .expect(201);
    expect(res.body).toEqual({
      beneId: expect.stringMatching(/^HEARTH[0-9A-F]{24}$/),
      name: 'Priya Raman',
      email: 'priya@example.com',
      phone: '9876543210',
      bankAccount: '••••••••9012',
      ifsc: 'HDFC0001234',
      address1: '12 MG Road',
      city: 'Hyderabad',
      state: 'Telangana',
      pincode: '500081',
      registeredWithGateway: false,
      createdAt: expect.any(String),
    });
    expect(await h.db.getRepository(BankBeneficiaryEntity).countBy({ publisherId: chef.kitchen.id })).toBe(1);
    expect((await get(chef).expect(200)).body).toMatchObject({
      CASH_FREE_ACCOUNT_NUMBER: '••••••••9012',
      CASH_FREE_IFSC: 'HDFC0001234',
      CASH_FREE: res.body,
    });
  });

  it('refuses Indian payout details (Cashfree account number and IFSC) for a kitchen outside India, and stores nothing', async () => {
    const chef = await approvedChef(h, admin);
    const before = (await get(chef).expect(200)).body;
    const res = await request(h.http)
      .post(`${API}/settings/add-cashfree-beneficiary`)
      .set(chef.auth)
      .send(beneficiary)
      .expect(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).toMatchObject({
      status: 409,
      message: 'error.payout.country',
      detail:
        'Cashfree payouts to an Indian bank account (account number and IFSC) are for kitchens in India; yours is in ' +
        'United States, where kitchens are paid through Stripe or PayPal.',
    });
    const keys = await save(chef, {
      CASH_FREE_ACCOUNT_NUMBER: '123456789012',
      CASH_FREE_IFSC: 'HDFC0001234',
    }).expect(409);
    expect(keys.body.message).toBe('error.payout.country');
    expect(await h.db.getRepository(BankBeneficiaryEntity).countBy({ publisherId: chef.kitchen.id })).toBe(0);
    expect((await get(chef).expect(200)).body).toEqual(before);
  });

  it.each([
    [
      { ifsc: 'HDFC1234567' },
      'ifsc',
      'ifsc must be an IFSC code such as HDFC0001234 (4 letters, 0, then 6 letters or digits)',
    ],
    [
      { ifsc: 'HDF00001234' },
      'ifsc',
      'ifsc must be an IFSC code such as HDFC0001234 (4 letters, 0, then 6 letters or digits)',
    ],
    [
      { ifsc: 'HDFC000123' },
      'ifsc',
      'ifsc must be an IFSC code such as HDFC0001234 (4 letters, 0, then 6 letters or digits)',
    ],
    [{ accountNumber: '12345' }, 'accountNumber', 'accountNumber must be 9 to 18 digits'],
    [{ email: 'nope' }, 'email', 'email must be a valid e-mail address'],
    [{ pincode: '05008' }, 'pincode', 'pincode must be a 6-digit PIN code'],
    [{ name: undefined }, 'name', 'name is required'],
  ])('refuses the beneficiary %j', async (change, field, message) => {
    const chef = await approvedChef(h, admin);
    const res = await request(h.http)
      .post(`${API}/settings/add-cashfree-beneficiary`)
      .set(chef.auth)
      .send({ ...beneficiary, ...change })
      .expect(400);
    expect(res.body.fieldErrors).toContainEqual({ field, message });
    expect(await h.db.getRepository(BankBeneficiaryEntity).countBy({ publisherId: chef.kitchen.id })).toBe(0);
  });

  it('generates a secret code and regenerates it on demand', async () => {
    const chef = await approvedChef(h, admin);
    expect((await request(h.http).get(`${API}/secret-code`).set(chef.auth).expect(200)).body).toEqual({
      secretCode: null,
    });
    const first = (await request(h.http).post(`${API}/secret-code`).set(chef.auth).expect(200)).body
      .secretCode as string;
    expect(first).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect((await request(h.http).get(`${API}/secret-code`).set(chef.auth).expect(200)).body).toEqual({
      secretCode: first,
    });
    expect((await get(chef).expect(200)).body.SECRET_CODE).toBe(first);
    const codes = new Set([first]);
    for (let i = 0; i < 3; i += 1)
      codes.add(
        (await request(h.http).post(`${API}/secret-code`).set(chef.auth).expect(200)).body
          .secretCode as string,
      );
    expect(codes.size).toBe(4);
  });

  it('manages pickup locations; the primary one moves the kitchen and cannot be deleted', async () => {
    const chef = await approvedChef(h, admin);
    const primaryId = chef.kitchen.pickupLocations[0].id;
    const market = {
      name: 'Farmers market',
      addressLine1: '1 Newark Ave',
      city: 'Jersey City',
      state: 'NJ',
      zipcode: '07302',
      lat: 40.7214,
      lng: -74.0431,
    };
    const added = await request(h.http)
      .post(`${API}/settings/pickup-locations`)
      .set(chef.auth)
      .send(market)
      .expect(201);
    expect(added.body).toMatchObject({
      isPrimary: false,
      name: 'Farmers market',
      country: 'United States',
      address: '1 Newark Ave, Jersey City, NJ 07302, United States',
    });

    const listed = await request(h.http).get(`${API}/settings/pickup-locations`).set(chef.auth).expect(200);
    expect((listed.body as { id: string }[]).map((l) => l.id)).toEqual([primaryId, added.body.id]);
    expect((await storedRows(chef.kitchen.id)).PICKUP_LOCATIONS).toEqual([primaryId, added.body.id]);

    const edited = await request(h.http)
      .put(`${API}/settings/pickup-locations/${added.body.id}`)
      .set(chef.auth)
      .send({ ...market, deliveryNote: 'Stall 12' })
      .expect(200);
    expect(edited.body.deliveryNote).toBe('Stall 12');

    // Cache the kitchen's card, then move the kitchen: the card and the map follow.
    await request(h.http)
      .get(`${API}/publisher/find-by-kitchen-name`)
      .query({ kitchenName: chef.kitchen.kitchenName })
      .expect(200);
    await request(h.http)
      .put(`${API}/settings/pickup-locations/${primaryId}`)
      .set(chef.auth)
      .send({
        addressLine1: '1 Washington St',
        city: 'Hoboken',
        state: 'NJ',
        zipcode: '07030',
        lat: 40.737,
        lng: -74.03,
      })
      .expect(200);
    const card = await request(h.http)
      .get(`${API}/publisher/find-by-kitchen-name`)
      .query({ kitchenName: chef.kitchen.kitchenName })
      .expect(200);
    expect(card.body.city).toBe('Hoboken');
    expect(
      (await h.db.getRepository(PublisherEntity).findOneByOrFail({ id: chef.kitchen.id })).geoLocation,
    ).toEqual({ type: 'Point', coordinates: [-74.03, 40.737] });

    const refused = await request(h.http)
      .delete(`${API}/settings/pickup-locations/${primaryId}`)
      .set(chef.auth)
      .expect(409);
    expect(refused.body.detail).toContain("kitchen's own address");
    await request(h.http)
      .delete(`${API}/settings/pickup-locations/${added.body.id}`)
      .set(chef.auth)
      .expect(204);
    expect(
      (await request(h.http).get(`${API}/settings/pickup-locations`).set(chef.auth).expect(200)).body,
    ).toHaveLength(1);
    expect((await storedRows(chef.kitchen.id)).PICKUP_LOCATIONS).toEqual([primaryId]);

    const halfCoordinates = await request(h.http)
      .post(`${API}/settings/pickup-locations`)
      .set(chef.auth)
      .send({ ...market, lat: undefined })
      .expect(400);
    expect(halfCoordinates.body.fieldErrors).toContainEqual({
      field: 'lat',
      message: 'Give both lat and lng, or neither.',
    });
    // Without coordinates the zip code places it (07302: Jersey City, offline).
    const byZip = await request(h.http)
      .post(`${API}/settings/pickup-locations`)
      .set(chef.auth)
      .send({ ...market, lat: undefined, lng: undefined })
      .expect(201);
    expect(byZip.body.lat).toBeCloseTo(40.72, 1);
    expect(byZip.body.lng).toBeCloseTo(-74.05, 1);
  });

  it('is for chefs: customers and pending kitchens get 403, anonymous callers 401', async () => {
    const customer = await h.customer();
    const pending = await h.customer();
    await register(h, pending);
    for (const actor of [customer, pending]) {
      await get(actor).expect(403);
      await save(actor, { RADIUS: 1 }).expect(403);
      await request(h.http).get(`${API}/secret-code`).set(actor.auth).expect(403);
      await request(h.http)
        .post(`${API}/settings/add-cashfree-beneficiary`)
        .set(actor.auth)
        .send(beneficiary)
        .expect(403);
      await request(h.http).get(`${API}/settings/pickup-locations`).set(actor.auth).expect(403);
    }
    await request(h.http).get(`${API}/settings`).expect(401);
    await request(h.http).post(`${API}/settings/save-settings`).send({ RADIUS: 1 }).expect(401);
    await request(h.http).post(`${API}/secret-code`).expect(401);
  });
});
