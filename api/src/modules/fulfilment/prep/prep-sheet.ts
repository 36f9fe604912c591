/**
 * The prep sheet and shopping list of one cook date (pure): what to cook, what to buy, who collects and
 * who gets a delivery. Reads plain rows (one per date selection) so it can be tested without a database.
 *
 * Rules (docs/fulfilment.md "Prep sheet"):
 * - Only live date selections count: CANCELLED ones are left out. With a time slot given, only selections
 *   whose slots include it count, once; without one, a selection counts once per slot it was ordered for.
 * - Units = order quantity × counted slots. Servings = units × the pricing option's `serves`.
 * - Catering lines (`isCateringItem`) are summed in their own table, never mixed with the regular portions.
 * - An item's `ingredients` text is read as the recipe for `item.serves` people: each counted unit needs
 *   optionServes / itemServes of every quantity (both default to 1 when missing or 0).
 * - Ingredient entries are lines or comma/semicolon separated: "200 g flour", "1.5 kg potatoes",
 *   "2 eggs" (a count: unit pcs), "1/2 cup milk", "salt". Weights are summed in g, volumes in ml (kg and l
 *   converted), spoons and cups stay as they are; the same name (case-insensitive) and unit is summed
 *   across dishes. Entries without a quantity are listed once with the dishes that need them.
 */

export interface PrepSelection {
  orderNumber: string;
  customerName: string | null;
  phone: string | null;
  email: string | null;
  note: string | null;
  address: string | null;
  deliveryOption: string;
  orderStatus: string;
  timeSlots: string[];
  itemId: string | null;
  itemName: string;
  optionId: string;
  optionLabel: string;
  optionServes: number | null;
  orderQuantity: number;
  isCateringItem: boolean;
  ingredients: string | null;
  itemServes: number | null;
}

export interface PortionRow {
  itemName: string;
  option: string;
  units: number;
  servings: number;
  orders: number;
}

export interface ShoppingRow {
  ingredient: string;
  quantity: number;
  unit: string;
  dishes: string[];
}

export interface UnquantifiedRow {
  ingredient: string;
  dishes: string[];
}

export interface HandoverRow {
  orderNumber: string;
  customer: string;
  phone: string;
  address: string | null;
  items: string;
  note: string;
}

export interface PrepSheet {
  date: string;
  timeSlot: string | null;
  portions: PortionRow[];
  catering: PortionRow[];
  shopping: ShoppingRow[];
  unquantified: UnquantifiedRow[];
  pickup: HandoverRow[];
  delivery: HandoverRow[];
}

export interface ParsedIngredient {
  name: string;
  quantity: number | null;
  unit: string | null;
}

const UNITS: Record<string, { unit: string; factor: number }> = {
  g: { unit: 'g', factor: 1 },
  gr: { unit: 'g', factor: 1 },
  gram: { unit: 'g', factor: 1 },
  grams: { unit: 'g', factor: 1 },
  kg: { unit: 'g', factor: 1000 },
  kgs: { unit: 'g', factor: 1000 },
  kilo: { unit: 'g', factor: 1000 },
  kilos: { unit: 'g', factor: 1000 },
  ml: { unit: 'ml', factor: 1 },
  l: { unit: 'ml', factor: 1000 },
  litre: { unit: 'ml', factor: 1000 },
  litres: { unit: 'ml', factor: 1000 },
  liter: { unit: 'ml', factor: 1000 },
  liters: { unit: 'ml', factor: 1000 },
  tsp: { unit: 'tsp', factor: 1 },
  teaspoon: { unit: 'tsp', factor: 1 },
  teaspoons: { unit: 'tsp', factor: 1 },
  tbsp: { unit: 'tbsp', factor: 1 },
  tablespoon: { unit: 'tbsp', factor: 1 },
  tablespoons: { unit: 'tbsp', factor: 1 },
  cup: { unit: 'cup', factor: 1 },
  cups: { unit: 'cup', factor: 1 },
  pc: { unit: 'pcs', factor: 1 },
  pcs: { unit: 'pcs', factor: 1 },
  piece: { unit: 'pcs', factor: 1 },
  pieces: { unit: 'pcs', factor: 1 },
};

function parseNumber(text: string): number | null {
  const t = text.trim();
  const mixed = /^(\d+)\s+(\d+)\/(\d+)$/.exec(t);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\/(\d+)$/.exec(t);
  if (fraction) return Number(fraction[2]) === 0 ? null : Number(fraction[1]) / Number(fraction[2]);
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** One entry: "200 g flour", "200g flour", "2 eggs", "1 1/2 cups milk", "salt". */
export function parseIngredient(entry: string): ParsedIngredient | null {
  const text = entry
    .trim()
    .replace(/^[-*•]\s*/, '')
    .replace(/\s+/g, ' ');
  if (!text) return null;
  const m = /^(\d+\s+\d+\/\d+|\d+\/\d+|\d+(?:[.,]\d+)?)\s*([a-zA-Z]+\.?)?\s*(.*)$/.exec(text);
  if (!m) return { name: text.toLowerCase(), quantity: null, unit: null };
  const quantity = parseNumber(m[1] ?? '');
  if (quantity === null || quantity <= 0) return { name: text.toLowerCase(), quantity: null, unit: null };
  const word = (m[2] ?? '').replace(/\.$/, '');
  const known = UNITS[word.toLowerCase()];
  let rest = (m[3] ?? '').trim();
  if (known) {
    rest = rest.replace(/^of\s+/i, '');
    if (!rest) return { name: text.toLowerCase(), quantity: null, unit: null };
    return { name: rest.toLowerCase(), quantity: quantity * known.factor, unit: known.unit };
  }
  // No unit: a count of the thing named ("2 eggs").
  const name = `${word} ${rest}`.trim();
  if (!name) return { name: text.toLowerCase(), quantity: null, unit: null };
  return { name: name.toLowerCase(), quantity, unit: 'pcs' };
}

/** An item's ingredients text as entries (lines, commas, semicolons). */
export function parseIngredients(text: string | null): ParsedIngredient[] {
  if (!text) return [];
  return text
    .split(/[\n\r,;]+/)
    .map(parseIngredient)
    .filter((p): p is ParsedIngredient => p !== null);
}

const round = (n: number): number => Math.round(n * 100) / 100;
const positive = (n: number | null): number => (n && n > 0 ? n : 1);

/** Units of a selection counted on the sheet (0 when it does not belong to the chosen slot). */
function countedUnits(s: PrepSelection, timeSlot: string | null): number {
  if (timeSlot) return s.timeSlots.includes(timeSlot) ? s.orderQuantity : 0;
  return s.orderQuantity * Math.max(1, s.timeSlots.length);
}

export function buildPrepSheet(
  date: string,
  timeSlot: string | null,
  selections: readonly PrepSelection[],
): PrepSheet {
  const live = selections
    .filter((s) => s.orderStatus !== 'CANCELLED')
    .map((s) => ({ s, units: countedUnits(s, timeSlot) }))
    .filter((x) => x.units > 0);

  const portionTables = { portions: new Map<string, PortionRow>(), catering: new Map<string, PortionRow>() };
  const ordersPer = new Map<string, Set<string>>();
  const shopping = new Map<string, ShoppingRow>();
  const unquantified = new Map<string, UnquantifiedRow>();
  const pickup = new Map<string, HandoverRow>();
  const delivery = new Map<string, HandoverRow>();
  const handoverItems = new Map<string, string[]>();

  for (const { s, units } of live) {
    const table = s.isCateringItem ? portionTables.catering : portionTables.portions;
    const key = `${s.itemId ?? s.itemName}|${s.optionId}`;
    const row = table.get(key) ?? {
      itemName: s.itemName,
      option: s.optionLabel,
      units: 0,
      servings: 0,
      orders: 0,
    };
    row.units += units;
    row.servings += units * positive(s.optionServes);
    const seen = ordersPer.get(`${s.isCateringItem}|${key}`) ?? new Set<string>();
    seen.add(s.orderNumber);
    ordersPer.set(`${s.isCateringItem}|${key}`, seen);
    row.orders = seen.size;
    table.set(key, row);

    const scale = (units * positive(s.optionServes)) / positive(s.itemServes);
    for (const ing of parseIngredients(s.ingredients)) {
      if (ing.quantity === null || ing.unit === null) {
        const u = unquantified.get(ing.name) ?? { ingredient: ing.name, dishes: [] };
        if (!u.dishes.includes(s.itemName)) u.dishes.push(s.itemName);
        unquantified.set(ing.name, u);
        continue;
      }
      const k = `${ing.name}|${ing.unit}`;
      const r = shopping.get(k) ?? { ingredient: ing.name, quantity: 0, unit: ing.unit, dishes: [] };
      r.quantity += ing.quantity * scale;
      if (!r.dishes.includes(s.itemName)) r.dishes.push(s.itemName);
      shopping.set(k, r);
    }

    const list = s.deliveryOption === 'DELIVERY' ? delivery : pickup;
    const h = list.get(s.orderNumber) ?? {
      orderNumber: s.orderNumber,
      customer: s.customerName ?? s.email ?? '',
      phone: s.phone ?? '',
      address: s.deliveryOption === 'DELIVERY' ? s.address : null,
      items: '',
      note: s.note ?? '',
    };
    const itemsKey = `${s.deliveryOption}|${s.orderNumber}`;
    const items = handoverItems.get(itemsKey) ?? [];
    items.push(`${units} × ${s.itemName} (${s.optionLabel})`);
    handoverItems.set(itemsKey, items);
    h.items = items.join('; ');
    list.set(s.orderNumber, h);
  }

  const byName = (a: { itemName: string; option: string }, b: { itemName: string; option: string }) =>
    a.itemName.localeCompare(b.itemName) || a.option.localeCompare(b.option);
  const shoppingRows = [...shopping.values()]
    .map((r) => ({ ...r, quantity: round(r.quantity) }))
    .sort((a, b) => a.ingredient.localeCompare(b.ingredient) || a.unit.localeCompare(b.unit));
  return {
    date,
    timeSlot,
    portions: [...portionTables.portions.values()].sort(byName),
    catering: [...portionTables.catering.values()].sort(byName),
    shopping: shoppingRows,
    unquantified: [...unquantified.values()].sort((a, b) => a.ingredient.localeCompare(b.ingredient)),
    pickup: [...pickup.values()].sort((a, b) => a.orderNumber.localeCompare(b.orderNumber)),
    delivery: [...delivery.values()].sort((a, b) => a.orderNumber.localeCompare(b.orderNumber)),
  };
}

/** Quotes cells that need it; a cell a spreadsheet would run as a formula gets a leading apostrophe. */
const csvCell = (v: string | number | null): string => {
  let t = v === null ? '' : String(v);
  if (typeof v === 'string' && /^(=|@|[+-][^\d\s])/.test(t)) t = `'${t}`;
  return /[",\n\r]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
};
const csvLine = (cells: Array<string | number | null>): string => cells.map(csvCell).join(',');

/** The sheet as CSV: one section per table, each with a title line and a header line, blank lines between. */
export function prepSheetCsv(sheet: PrepSheet): string {
  const portion = (rows: PortionRow[]) =>
    rows.map((r) => csvLine([r.itemName, r.option, r.units, r.servings, r.orders]));
  const handover = (rows: HandoverRow[]) =>
    rows.map((r) => csvLine([r.orderNumber, r.customer, r.phone, r.address, r.items, r.note]));
  const sections: string[][] = [
    [csvLine([`Prep sheet ${sheet.date}${sheet.timeSlot ? ` ${sheet.timeSlot}` : ''}`])],
    ['Portions', csvLine(['Item', 'Option', 'Units', 'Servings', 'Orders']), ...portion(sheet.portions)],
    ['Catering', csvLine(['Item', 'Option', 'Units', 'Servings', 'Orders']), ...portion(sheet.catering)],
    [
      'Shopping list',
      csvLine(['Ingredient', 'Quantity', 'Unit', 'Dishes']),
      ...sheet.shopping.map((r) => csvLine([r.ingredient, r.quantity, r.unit, r.dishes.join('; ')])),
      ...sheet.unquantified.map((r) => csvLine([r.ingredient, null, null, r.dishes.join('; ')])),
    ],
    [
      'Pickup',
      csvLine(['Order', 'Customer', 'Phone', 'Address', 'Items', 'Note']),
      ...handover(sheet.pickup),
    ],
    [
      'Delivery',
      csvLine(['Order', 'Customer', 'Phone', 'Address', 'Items', 'Note']),
      ...handover(sheet.delivery),
    ],
  ];
  return `${sections.map((s) => s.join('\r\n')).join('\r\n\r\n')}\r\n`;
}
