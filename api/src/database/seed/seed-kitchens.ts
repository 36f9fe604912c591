import {
  DeliveryOption,
  distanceUnitForCountry,
  findCountry,
  LocationType,
  PaymentMethod,
  PublisherStatus,
  Role,
  SettingsKey,
  StopOrdersType,
} from '@hearth/shared';
import { PickupLocationEntity } from '../../modules/publisher/pickup-location.entity.js';
import { PublisherEntity } from '../../modules/publisher/publisher.entity.js';
import { ChefSettingEntity } from '../../modules/settings/chef-setting.entity.js';
import { DEMO_KITCHENS, type DemoKitchen } from './demo-data.js';
import { renderLogo } from './logos.js';
import type { PeopleByEmail } from './seed-people.js';
import {
  count,
  dishPictureKey,
  jsonb,
  logoKey,
  point,
  putIfChanged,
  timeZoneInfo,
  type SeedContext,
} from './seed-context.js';

/** A demo kitchen as found or created in the database. */
export interface SeededKitchen {
  demo: DemoKitchen;
  publisherId: string;
  /** The chef's consumer id. */
  chefId: string;
  /** The primary pickup location, when the kitchen has one. */
  pickupLocationId: string | null;
  currencyCode: string;
  timeZone: string;
}

/**
 * Chef settings written for every new demo kitchen (chef_setting.value is jsonb). Shapes:
 *
 * | key                  | value                                   | example                                 |
 * |----------------------|-----------------------------------------|-----------------------------------------|
 * | RADIUS               | number, in DELIVERY_MEASUREMENT units   | `10`                                    |
 * | DELIVERY_FEES        | money string in the kitchen's currency  | `"4.99"`                                |
 * | DELIVERY_MEASUREMENT | "miles" or "km" (shared DistanceUnit)   | `"miles"`                               |
 * | ZIPCODES             | string[] of zip codes delivered to      | `["07302"]`                             |
 * | PRE_ORDER_NUMBER     | number: orders stop this many …         | `12`                                    |
 * | PRE_ORDER_DAYS_HOURS | … "Hours" or "Days" before the slot     | `"Hours"`                               |
 * | DEFAULT_FULFILLMENT  | the DeliveryOption preselected          | `"DELIVERY"`                            |
 * | TIME_ZONE            | the publisher's time zone columns       | `{"timeZoneId":"America/New_York","timeZoneName":"Eastern Standard Time","rawOffset":-18000,"dstOffset":0}` |
 * | PAYMENT_PREFERENCES  | PaymentMethod[] the chef accepts        | `["STRIPE_CARD","PAYPAL","CASH_ON_PICKUP_DELIVERY"]` |
 * | PICKUP_LOCATIONS     | pickup_location ids, the primary first  | `["5f0c…"]`                             |
 */
function chefSettings(
  kitchen: DemoKitchen,
  timeZone: ReturnType<typeof timeZoneInfo>,
  pickupLocationId: string,
): Array<{ key: SettingsKey; value: unknown }> {
  const firstMenu = kitchen.menus[0];
  return [
    { key: SettingsKey.RADIUS, value: kitchen.deliveryRadius },
    { key: SettingsKey.DELIVERY_FEES, value: kitchen.deliveryFees },
    { key: SettingsKey.DELIVERY_MEASUREMENT, value: distanceUnitForCountry(kitchen.address.country) },
    { key: SettingsKey.ZIPCODES, value: [kitchen.address.zipcode] },
    { key: SettingsKey.PRE_ORDER_NUMBER, value: firstMenu?.stopHours ?? 12 },
    { key: SettingsKey.PRE_ORDER_DAYS_HOURS, value: StopOrdersType.HOURS },
    { key: SettingsKey.DEFAULT_FULFILLMENT, value: DeliveryOption.DELIVERY },
    { key: SettingsKey.TIME_ZONE, value: timeZone },
    { key: SettingsKey.PAYMENT_PREFERENCES, value: demoPaymentPreferences(kitchen.currencyCode) },
    { key: SettingsKey.PICKUP_LOCATIONS, value: [pickupLocationId] },
  ];
}

/**
 * What a demo kitchen accepts: online payment through the gateways of its currency besides cash, so a
 * newcomer on `npm start` (with the gateway sandbox) can pay by card at once. Indian kitchens (INR) take
 * Cashfree (its checkout also offers Paytm); the others Stripe cards and PayPal. Which of these a customer
 * is actually offered still depends on the platform's gateways and the chef's account (docs/payments.md).
 */
export function demoPaymentPreferences(currencyCode: string): PaymentMethod[] {
  return currencyCode === 'INR'
    ? [PaymentMethod.CASH_FREE, PaymentMethod.PAYTM, PaymentMethod.CASH_ON_PICKUP_DELIVERY]
    : [PaymentMethod.STRIPE_CARD, PaymentMethod.PAYPAL, PaymentMethod.CASH_ON_PICKUP_DELIVERY];
}

/** Writes the logos of all demo kitchens (same key, same bytes: nothing is written the second time). */
export async function seedLogos(ctx: Pick<SeedContext, 'storage' | 'filesWritten'>): Promise<void> {
  for (const kitchen of DEMO_KITCHENS) {
    await putIfChanged(
      ctx,
      logoKey(kitchen.kitchenName),
      await renderLogo(kitchen.kitchenName, kitchen.brandDisplayName),
      'image/webp',
    );
  }
}

/**
 * Every demo kitchen: APPROVED publisher, primary pickup location at the kitchen's address, settings.
 * A kitchen is found by its chef, else by its name whatever the case; an existing one is left exactly as
 * it is (the chef may have edited it), and a name taken by someone else's kitchen skips the demo kitchen.
 */
export async function seedKitchens(ctx: SeedContext, people: PeopleByEmail): Promise<SeededKitchen[]> {
  const seeded: SeededKitchen[] = [];
  for (const kitchen of DEMO_KITCHENS) {
    const chefId = people.get(kitchen.email);
    if (!chefId) throw new Error(`seed: the chef of ${kitchen.kitchenName} was not created`);
    const publishers = ctx.manager.getRepository(PublisherEntity);
    const existing =
      (await publishers.findOne({ where: { consumerId: chefId } })) ??
      (await publishers
        .createQueryBuilder('p')
        .where('lower(p.kitchen_name) = lower(:name)', { name: kitchen.kitchenName })
        .getOne());
    if (existing && existing.consumerId !== chefId) {
      ctx.warnings.push(
        `kitchen name "${kitchen.kitchenName}" belongs to another chef; demo kitchen skipped`,
      );
      continue;
    }
    if (existing) {
      const primary = await ctx.manager.getRepository(PickupLocationEntity).findOne({
        where: { publisherId: existing.id, isPrimary: true },
        select: { id: true },
      });
      seeded.push({
        demo: kitchen,
        publisherId: existing.id,
        chefId,
        pickupLocationId: primary?.id ?? null,
        currencyCode: existing.currencyCode,
        timeZone: existing.timeZoneId ?? kitchen.timeZone,
      });
      continue;
    }
    seeded.push(await createKitchen(ctx, kitchen, chefId));
  }
  return seeded;
}

async function createKitchen(ctx: SeedContext, kitchen: DemoKitchen, chefId: string): Promise<SeededKitchen> {
  const a = kitchen.address;
  const country = findCountry(a.country);
  if (!country) throw new Error(`seed: ${kitchen.kitchenName} is in an unknown country (${a.country})`);
  const zone = timeZoneInfo(kitchen.timeZone, ctx.now);
  const fullPhone = `${country.phoneCode}${kitchen.phone}`;
  const where = point(a.lat, a.lng);

  const inserted = await ctx.manager.getRepository(PublisherEntity).insert({
    consumerId: chefId,
    userName: kitchen.email,
    userEmail: kitchen.email,
    kitchenName: kitchen.kitchenName,
    brandDisplayName: kitchen.brandDisplayName,
    brandType: kitchen.brandType,
    status: PublisherStatus.APPROVED,
    statusReviewComments: 'Demo kitchen, approved by the seed.',
    role: Role.CHEF,
    // The demo rating stands for the kitchen's history; the few seeded reviews do not recompute it.
    ratingValue: kitchen.rating[0],
    ratingCount: kitchen.rating[1],
    // Every rating came from an order served, so the demo count of orders served starts there.
    ordersServed: kitchen.rating[1],
    speciality: kitchen.speciality,
    profileDescription: kitchen.description,
    logo: logoKey(kitchen.kitchenName),
    kitchenPictures: kitchen.dishes[0] ? [dishPictureKey(kitchen.dishes[0].picture)] : [],
    phoneCountryCode: country.phoneCode,
    phoneNumber: kitchen.phone,
    fullPhoneNumber: fullPhone,
    whatsAppCountryCode: country.phoneCode,
    whatsAppNumber: kitchen.phone,
    fullWhatsAppNumber: fullPhone,
    acceptAgreement: true,
    currencyCode: kitchen.currencyCode,
    timeZoneId: zone.timeZoneId,
    timeZoneName: zone.timeZoneName,
    rawOffset: zone.rawOffset,
    dstOffset: zone.dstOffset,
    geoLocation: where,
  });
  const publisherId = inserted.identifiers[0]?.id as string;
  count(ctx, 'publisher');

  const location = await ctx.manager.getRepository(PickupLocationEntity).insert({
    publisherId,
    isPrimary: true,
    address: {
      name: 'Kitchen',
      address: `${a.line1}, ${a.city}, ${a.state} ${a.zipcode}, ${a.country}`,
      addressLine1: a.line1,
      addressLine2: null,
      city: a.city,
      state: a.state,
      country: a.country,
      // The locality is a neighbourhood; the demo data knows none (it used to repeat the city).
      locality: null,
      district: null,
      zipcode: a.zipcode,
      locationType: kitchen.brandType === 'HOME_KITCHEN' ? LocationType.RESIDENTIAL : LocationType.BUSINESS,
      deliveryNote: null,
      lat: String(a.lat),
      lng: String(a.lng),
      isUnderUse: true,
    },
  });
  const pickupLocationId = location.identifiers[0]?.id as string;
  count(ctx, 'pickup_location');

  const settings = chefSettings(kitchen, zone, pickupLocationId);
  await ctx.manager
    .getRepository(ChefSettingEntity)
    .insert(settings.map((s) => ({ publisherId, key: s.key, value: jsonb(s.value) })));
  count(ctx, 'chef_setting', settings.length);

  return {
    demo: kitchen,
    publisherId,
    chefId,
    pickupLocationId,
    currencyCode: kitchen.currencyCode,
    timeZone: kitchen.timeZone,
  };
}
