import { describe, expect, it } from 'vitest';
import {
  buildPrepSheet,
  parseIngredient,
  parseIngredients,
  prepSheetCsv,
  type PrepSelection,
} from './prep-sheet.js';

const LASAGNA = '500 g pasta sheets\n1 kg ricotta, 2 eggs, salt';
const PIE = '200 g flour; 1 egg; 250 ml cream, salt, pepper to taste';

function sel(over: Partial<PrepSelection>): PrepSelection {
  return {
    orderNumber: 'A-1',
    customerName: 'Ann',
    phone: '+1 201 555 0100',
    email: 'ann@example.test',
    note: null,
    address: '1 Main St',
    deliveryOption: 'PICKUP',
    orderStatus: 'CONFIRMED',
    timeSlots: ['PM_5_7'],
    itemId: 'lasagna',
    itemName: 'Lasagna',
    optionId: 'single',
    optionLabel: '1 piece',
    optionServes: 1,
    orderQuantity: 1,
    isCateringItem: false,
    ingredients: LASAGNA,
    itemServes: 4,
    ...over,
  };
}

describe('parseIngredient', () => {
  it.each([
    ['200 g flour', { name: 'flour', quantity: 200, unit: 'g' }],
    ['200g flour', { name: 'flour', quantity: 200, unit: 'g' }],
    ['1.5 kg potatoes', { name: 'potatoes', quantity: 1500, unit: 'g' }],
    ['0,5 l milk', { name: 'milk', quantity: 500, unit: 'ml' }],
    ['2 eggs', { name: 'eggs', quantity: 2, unit: 'pcs' }],
    ['1/2 cup of sugar', { name: 'sugar', quantity: 0.5, unit: 'cup' }],
    ['1 1/2 tbsp Olive Oil', { name: 'olive oil', quantity: 1.5, unit: 'tbsp' }],
    ['- 3 tsp. cumin', { name: 'cumin', quantity: 3, unit: 'tsp' }],
    ['Salt', { name: 'salt', quantity: null, unit: null }],
    ['pepper to taste', { name: 'pepper to taste', quantity: null, unit: null }],
  ])('reads %j', (text, expected) => {
    expect(parseIngredient(text)).toEqual(expected);
  });

  it('splits lines, commas and semicolons and skips blanks', () => {
    expect(parseIngredients('a\n\n b , c;d').map((i) => i.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(parseIngredients(null)).toEqual([]);
  });
});

describe('buildPrepSheet', () => {
  const selections: PrepSelection[] = [
    // Ann: two single pieces for pickup, and a family tray (serves 4) of the same lasagna
    sel({ orderNumber: 'A-1', orderQuantity: 2 }),
    sel({ orderNumber: 'A-1', optionId: 'tray', optionLabel: 'family tray', optionServes: 4 }),
    // Bob: one single piece delivered, in both slots
    sel({
      orderNumber: 'B-2',
      customerName: 'Bob',
      phone: '555',
      deliveryOption: 'DELIVERY',
      address: '9 Elm St',
      note: 'Ring twice',
      timeSlots: ['PM_5_7', 'PM_7_9'],
    }),
    // Cid: a catering pie order (the pie recipe serves 2; 3 units of an option serving 2)
    sel({
      orderNumber: 'C-3',
      customerName: 'Cid',
      itemId: 'pie',
      itemName: 'Pie',
      optionId: 'pie-whole',
      optionLabel: 'whole pie',
      optionServes: 2,
      orderQuantity: 3,
      isCateringItem: true,
      ingredients: PIE,
      itemServes: 2,
    }),
    // Dee cancelled: nothing of hers counts
    sel({ orderNumber: 'D-4', customerName: 'Dee', orderQuantity: 10, orderStatus: 'CANCELLED' }),
  ];

  it('sums portions per item and option across orders, catering separate, cancelled dates left out', () => {
    const sheet = buildPrepSheet('2026-12-01', null, selections);
    expect(sheet.portions).toEqual([
      { itemName: 'Lasagna', option: '1 piece', units: 4, servings: 4, orders: 2 },
      { itemName: 'Lasagna', option: 'family tray', units: 1, servings: 4, orders: 1 },
    ]);
    expect(sheet.catering).toEqual([
      { itemName: 'Pie', option: 'whole pie', units: 3, servings: 6, orders: 1 },
    ]);
  });

  it('scales ingredients by servings over the recipe yield and sums the same ingredient across dishes', () => {
    const sheet = buildPrepSheet('2026-12-01', null, selections);
    // lasagna: 8 servings / recipe for 4 = ×2; pie: 6 servings / recipe for 2 = ×3
    expect(sheet.shopping).toEqual([
      { ingredient: 'cream', quantity: 750, unit: 'ml', dishes: ['Pie'] },
      { ingredient: 'egg', quantity: 3, unit: 'pcs', dishes: ['Pie'] },
      { ingredient: 'eggs', quantity: 4, unit: 'pcs', dishes: ['Lasagna'] },
      { ingredient: 'flour', quantity: 600, unit: 'g', dishes: ['Pie'] },
      { ingredient: 'pasta sheets', quantity: 1000, unit: 'g', dishes: ['Lasagna'] },
      { ingredient: 'ricotta', quantity: 2000, unit: 'g', dishes: ['Lasagna'] },
    ]);
    expect(sheet.unquantified).toEqual([
      { ingredient: 'pepper to taste', dishes: ['Pie'] },
      { ingredient: 'salt', dishes: ['Lasagna', 'Pie'] },
    ]);
  });

  it('sums the same ingredient and unit from two dishes, converting kg to g', () => {
    const sheet = buildPrepSheet('2026-12-01', null, [
      sel({ itemId: 'a', itemName: 'Bread', ingredients: '1 kg flour', itemServes: 1 }),
      sel({ itemId: 'b', itemName: 'Cake', ingredients: '250 g Flour', itemServes: 1, orderQuantity: 2 }),
    ]);
    expect(sheet.shopping).toEqual([
      { ingredient: 'flour', quantity: 1500, unit: 'g', dishes: ['Bread', 'Cake'] },
    ]);
  });

  it('lists pickups and deliveries with order number, customer, phone, items and notes', () => {
    const sheet = buildPrepSheet('2026-12-01', null, selections);
    expect(sheet.pickup).toEqual([
      {
        orderNumber: 'A-1',
        customer: 'Ann',
        phone: '+1 201 555 0100',
        address: null,
        items: '2 × Lasagna (1 piece); 1 × Lasagna (family tray)',
        note: '',
      },
      {
        orderNumber: 'C-3',
        customer: 'Cid',
        phone: '+1 201 555 0100',
        address: null,
        items: '3 × Pie (whole pie)',
        note: '',
      },
    ]);
    expect(sheet.delivery).toEqual([
      {
        orderNumber: 'B-2',
        customer: 'Bob',
        phone: '555',
        address: '9 Elm St',
        items: '2 × Lasagna (1 piece)',
        note: 'Ring twice',
      },
    ]);
  });

  it('counts a selection once in the chosen slot, and leaves out those of other slots', () => {
    const sheet = buildPrepSheet('2026-12-01', 'PM_7_9', selections);
    expect(sheet.portions).toEqual([
      { itemName: 'Lasagna', option: '1 piece', units: 1, servings: 1, orders: 1 },
    ]);
    expect(sheet.catering).toEqual([]);
    expect(sheet.pickup).toEqual([]);
    expect(sheet.delivery.map((d) => d.items)).toEqual(['1 × Lasagna (1 piece)']);
  });

  it('writes CSV sections with headers and quotes cells that need it', () => {
    const csv = prepSheetCsv(buildPrepSheet('2026-12-01', null, selections));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Prep sheet 2026-12-01');
    expect(lines).toContain('Portions');
    expect(lines).toContain('Item,Option,Units,Servings,Orders');
    expect(lines).toContain('Lasagna,family tray,1,4,1');
    expect(lines).toContain('Catering');
    expect(lines).toContain('Pie,whole pie,3,6,1');
    expect(lines).toContain('Ingredient,Quantity,Unit,Dishes');
    expect(lines).toContain('salt,,,Lasagna; Pie');
    expect(lines).toContain('B-2,Bob,555,9 Elm St,2 × Lasagna (1 piece),Ring twice');
    const withComma = prepSheetCsv(
      buildPrepSheet('2026-12-01', null, [sel({ note: 'Gate "B", left', customerName: '=cmd' })]),
    );
    expect(withComma).toContain(`A-1,'=cmd,+1 201 555 0100,,1 × Lasagna (1 piece),"Gate ""B"", left"`);
  });
});
