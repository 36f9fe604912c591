/**
 * The demo's private menu (issue 18 part 7): the demo chef's kitchen (chef@hearth.test, priyas-kitchen)
 * cooks an "Office lunch club" menu for a nearby office, seen only by people who know the kitchen's secret
 * code. Its two dishes are on no public menu, so searches and the kitchen page never show them without
 * the code. The code is set only when the kitchen has none (a chef who regenerated it keeps theirs); the
 * seed prints the code the kitchen has.
 */
import { SettingsKey } from '@hearth/shared';
import { ChefSettingEntity } from '../../modules/settings/chef-setting.entity.js';
import type { DemoDish, DemoMenu } from './demo-data.js';
import { seedItems } from './seed-items.js';
import type { SeededKitchen } from './seed-kitchens.js';
import { seedMenus } from './seed-menus.js';
import { count, jsonb, type SeedContext } from './seed-context.js';

/** The demo kitchen's secret code on a fresh database (letters and digits people cannot misread). */
export const DEMO_SECRET_CODE = 'LUNCHCLB';
export const DEMO_PRIVATE_KITCHEN_EMAIL = 'chef@hearth.test';

export const OFFICE_DISHES: DemoDish[] = [
  {
    name: 'Office Thali Box',
    picture: 'paneer-tikka',
    description:
      'A desk-friendly thali: paneer tikka, dal, jeera rice and a roti, packed for the office lunch club.',
    ingredients: 'Paneer, yoghurt, toor dal, basmati rice, cumin, whole-wheat flour, spices',
    price: '11.00',
    measurement: 'Box',
    serves: 1,
    foodTypes: ['VEG'],
    medical: ['General Wellness'],
    tags: ['indian', 'thali', 'lunch'],
    calories: 720,
    protein: 30,
  },
  {
    name: 'Desk Quinoa Bowl',
    picture: 'quinoa-power-bowl',
    description: 'Quinoa, roasted chickpeas, cucumber and a lemon-tahini dressing for the office lunch club.',
    ingredients: 'Quinoa, chickpeas, cucumber, tomato, tahini, lemon, parsley',
    price: '10.00',
    measurement: 'Bowl',
    serves: 1,
    foodTypes: ['VEGAN'],
    medical: ['Heart Friendly'],
    tags: ['bowl', 'quinoa', 'lunch'],
    calories: 540,
    protein: 19,
  },
];

export const OFFICE_MENU: DemoMenu = {
  name: 'Office lunch club',
  kind: 'WEEKLY',
  weekdays: ['MO', 'TU', 'WE', 'TH', 'FR'],
  occurrences: 20,
  timeSlots: ['LUNCH_12PM'],
  dishes: [0, 1],
  stopHours: 12,
  isPrivate: true,
};

/** Seeds the private menu and the kitchen's code; returns the line the seed prints (null without the kitchen). */
export async function seedSecretMenus(ctx: SeedContext, kitchens: SeededKitchen[]): Promise<string | null> {
  const home = kitchens.find((k) => k.demo.email === DEMO_PRIVATE_KITCHEN_EMAIL);
  if (!home) return null;
  const club: SeededKitchen = {
    ...home,
    demo: { ...home.demo, dishes: OFFICE_DISHES, menus: [OFFICE_MENU] },
  };
  await seedMenus(ctx, club, await seedItems(ctx, club));
  const inserted = (await ctx.manager
    .createQueryBuilder()
    .insert()
    .into(ChefSettingEntity)
    .values({ publisherId: home.publisherId, key: SettingsKey.SECRET_CODE, value: jsonb(DEMO_SECRET_CODE) })
    .orIgnore()
    .execute()) as { identifiers: unknown[]; raw: unknown[] };
  if (inserted.raw.length > 0) count(ctx, 'chef_setting');
  const [row] = (await ctx.manager.query(
    `SELECT value #>> '{}' AS code FROM chef_setting WHERE publisher_id = $1 AND key = $2`,
    [home.publisherId, SettingsKey.SECRET_CODE],
  )) as Array<{ code: string }>;
  return `seed: "${OFFICE_MENU.name}" of ${home.demo.kitchenName} is private; its secret code is ${row?.code ?? '(none)'}`;
}
