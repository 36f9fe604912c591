import { DEFAULT_COUNTRY, LocationType, Role } from '@hearth/shared';
import { DEMO_ACCOUNTS } from '../../identity-provider/demo-accounts.js';
import { ConsumerAddressEntity } from '../../modules/consumer/consumer-address.entity.js';
import { ConsumerEntity } from '../../modules/consumer/consumer.entity.js';
import { DEMO_ADMIN, DEMO_CUSTOMERS, DEMO_KITCHENS } from './demo-data.js';
import { count, type SeedContext } from './seed-context.js';

/*
 * People of the demo. The demo customer, chef and admin get the subject ids of the identity provider's
 * demo accounts as keycloak_id, so signing in finds their rows; everyone else gets `seed:<email>`, which
 * no token ever carries (they cannot sign in, and need not).
 */

/** keycloak_id of a demo person. */
export function demoSubject(person: { email: string; subject?: string }): string {
  return person.subject ?? `seed:${person.email}`;
}

/** Roles of a demo person: those of the identity provider's account when there is one. */
function rolesOf(person: { email: string; subject?: string }, fallback: Role[]): Role[] {
  const account = DEMO_ACCOUNTS.find((a) => a.id === person.subject);
  return account ? [...account.roles] : fallback;
}

/** Time zones of the demo customers' states (the demo data gives none). */
const STATE_TIME_ZONES: Record<string, string> = {
  NJ: 'America/New_York',
  NY: 'America/New_York',
  CA: 'America/Los_Angeles',
  IL: 'America/Chicago',
};

interface PersonSpec {
  subject: string;
  name: string;
  email: string;
  roles: Role[];
  country: string | null;
  chefCountry?: string | null;
  timeZone: string | null;
}

/**
 * Finds the consumer with this keycloak_id, or creates it. An existing row is returned as it is: the
 * person may have signed in and changed their details. Returns the id and whether it was created.
 */
async function ensureConsumer(ctx: SeedContext, spec: PersonSpec): Promise<{ id: string; created: boolean }> {
  const consumers = ctx.manager.getRepository(ConsumerEntity);
  const existing = await consumers.findOne({ where: { keycloakId: spec.subject }, select: { id: true } });
  if (existing) return { id: existing.id, created: false };
  const result = await consumers.insert({
    keycloakId: spec.subject,
    name: spec.name,
    userName: spec.email,
    userEmail: spec.email,
    roles: spec.roles,
    country: spec.country,
    chefCountry: spec.chefCountry ?? null,
    timeZone: spec.timeZone,
    contactDetails: { name: spec.name, email: spec.email },
  });
  count(ctx, 'consumer');
  return { id: result.identifiers[0]?.id as string, created: true };
}

/** Consumer ids of the demo, by e-mail. */
export type PeopleByEmail = Map<string, string>;

/**
 * The demo customers (each with one saved delivery address, created with the customer), the admin,
 * and the chef of every demo kitchen.
 */
export async function seedPeople(ctx: SeedContext): Promise<PeopleByEmail> {
  const ids: PeopleByEmail = new Map();

  for (const customer of DEMO_CUSTOMERS) {
    const subject = demoSubject(customer);
    const timeZone = STATE_TIME_ZONES[customer.address.state] ?? null;
    const { id, created } = await ensureConsumer(ctx, {
      subject,
      name: customer.name,
      email: customer.email,
      roles: rolesOf(customer, [Role.USER]),
      country: DEFAULT_COUNTRY,
      timeZone,
    });
    ids.set(customer.email, id);
    if (created) {
      const a = customer.address;
      await ctx.manager.getRepository(ConsumerAddressEntity).insert({
        consumerId: id,
        address: {
          name: 'Home',
          address: `${a.line1}, ${a.city}, ${a.state} ${a.zipcode}, ${DEFAULT_COUNTRY}`,
          addressLine1: a.line1,
          addressLine2: null,
          city: a.city,
          state: a.state,
          country: DEFAULT_COUNTRY,
          // The locality is a neighbourhood; the demo data knows none (it used to repeat the city).
          locality: null,
          district: null,
          zipcode: a.zipcode,
          locationType: LocationType.RESIDENTIAL,
          deliveryNote: null,
          lat: String(a.lat),
          lng: String(a.lng),
          isUnderUse: true,
        },
      });
      count(ctx, 'consumer_address');
    }
  }

  const admin = await ensureConsumer(ctx, {
    subject: demoSubject(DEMO_ADMIN),
    name: DEMO_ADMIN.name,
    email: DEMO_ADMIN.email,
    roles: rolesOf(DEMO_ADMIN, [Role.USER, Role.ADMIN]),
    country: DEFAULT_COUNTRY,
    timeZone: 'America/New_York',
  });
  ids.set(DEMO_ADMIN.email, admin.id);

  for (const kitchen of DEMO_KITCHENS) {
    const chef = await ensureConsumer(ctx, {
      subject: demoSubject(kitchen),
      name: kitchen.chefName,
      email: kitchen.email,
      roles: rolesOf(kitchen, [Role.USER, Role.CHEF]),
      country: kitchen.address.country,
      chefCountry: kitchen.address.country,
      timeZone: kitchen.timeZone,
    });
    ids.set(kitchen.email, chef.id);
  }
  return ids;
}
