import request from 'supertest';
import { expect } from 'vitest';
import type { Harness, TestActor } from '../setup/harness.js';
import { uniqueSuffix } from '../setup/factories.js';

export const API = '/services/publisher/api';

/** A kitchen name nobody has: letters, digits and hyphens, at most 40 characters. */
export function kitchenName(prefix = 'kitchen'): string {
  return `${prefix}-${uniqueSuffix()}`.slice(0, 40);
}

/** A complete, valid registration (a home kitchen in Jersey City) with the given changes. */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kitchenName: kitchenName(),
    brandDisplayName: "Priya's Kitchen",
    brandType: 'HOME_KITCHEN',
    speciality: 'Andhra home food',
    profileDescription: 'Slow-cooked curries and fresh rotis from my home kitchen.',
    phoneCountryCode: '+1',
    phoneNumber: '201 555 0123',
    whatsAppNumber: '2015550124',
    address: {
      addressLine1: '77 Hudson St',
      city: 'Jersey City',
      state: 'NJ',
      zipcode: '07302',
      lat: 40.7168,
      lng: -74.0335,
    },
    timeZone: 'America/New_York',
    country: 'United States',
    acceptAgreement: true,
    ...overrides,
  };
}

/** Registers a kitchen for `actor` through the API and returns the response body. */
export async function register(h: Harness, actor: TestActor, overrides: Record<string, unknown> = {}) {
  const res = await request(h.http).post(`${API}/publisher`).set(actor.auth).send(registration(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as {
    id: string;
    kitchenName: string;
    status: string;
    pickupLocations: { id: string; isPrimary: boolean }[];
  };
}

/** A customer who registered a kitchen through the API and whom an admin approved: a chef with a real kitchen. */
export async function approvedChef(h: Harness, admin: TestActor, overrides: Record<string, unknown> = {}) {
  const actor = await h.customer({ name: `Chef ${uniqueSuffix()}` });
  const kitchen = await register(h, actor, overrides);
  await request(h.http)
    .post(`${API}/publisher/approve`)
    .set(admin.auth)
    .send({ publisherId: kitchen.id })
    .expect(200);
  return { ...actor, kitchen };
}

/** Field names of a problem's fieldErrors. */
export function fieldsOf(body: { fieldErrors?: { field: string }[] }): string[] {
  return (body.fieldErrors ?? []).map((f) => f.field);
}
