import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { PublisherStatus } from '@hearth/shared';
import { createPublisher } from '../setup/factories.js';
import { CHEF_ZONE, createOfferedItem, createPickupLocation, type OfferedItem } from '../setup/shop.js';
import { API, type Caller, type SecurityApp } from './boot.js';

/*
 * Who calls and what they own, for the access matrix: customers A and B, chefs A and B (approved kitchens),
 * an admin, and A's objects (customer A's address, favourite, cart line and order; chef A's kitchen, item,
 * picture, menu, receipt, pickup place and private file). `fresh*` make another object of A's for rows that
 * delete or change state, so each cell starts from the same situation.
 */

export const ROLE_NAMES = ['anonymous', 'customerA', 'customerB', 'chefA', 'chefB', 'admin'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const TZ = { 'X-Time-Zone': CHEF_ZONE };
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
export const pngBytes = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();

export const HOME = {
  addressLine1: '77 Hudson St',
  city: 'Jersey City',
  state: 'NJ',
  zipcode: '07302',
  country: 'United States',
};
export const PLACE = {
  addressLine1: '1 Newark Ave',
  city: 'Jersey City',
  state: 'NJ',
  zipcode: '07302',
  lat: 40.7214,
  lng: -74.0431,
};

export interface PlacedOrder {
  id: string;
  orderNumber: string;
  cartItemId: string;
  dateSelectionId: string;
  date: string;
}

export interface Fixtures {
  s: SecurityApp;
  callers: Record<Exclude<RoleName, 'anonymous'>, Caller>;
  offered: OfferedItem;
  pickupId: string;
  addressId: string;
  order: PlacedOrder;
  itemId: string;
  pictureId: string;
  pictureUrl: string;
  menuId: string;
  receiptId: string;
  privateFileKey: string;
  pendingKitchenId: string;
  chefAKitchenName: string;
  freshAddress(): Promise<string>;
  freshCartLine(): Promise<string>;
  freshOrder(): Promise<PlacedOrder>;
  freshItem(): Promise<string>;
  freshPicture(itemId: string): Promise<string>;
  freshMenu(): Promise<string>;
  freshPickup(): Promise<string>;
  freshPrivateFile(): Promise<string>;
  freshPendingKitchen(): Promise<string>;
  /** A receipt of one of chef A's menus, uploaded for this row. */
  freshReceipt(): Promise<{ menuId: string; receiptId: string }>;
}

function must(res: request.Response, status: number, what: string): request.Response {
  if (res.status !== status)
    throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

export async function buildFixtures(s: SecurityApp): Promise<Fixtures> {
  const http = s.app.getHttpServer();
  const callers = {
    customerA: await s.customer('Customer A'),
    customerB: await s.customer('Customer B'),
    chefA: await s.chef('Chef A'),
    chefB: await s.chef('Chef B'),
    admin: await s.admin('Admin'),
  };
  const { customerA, chefA } = callers;
  const kitchenA = chefA.publisher!.id;
  const pickupId = (await createPickupLocation(s.db, kitchenA)).id;
  const offered = await createOfferedItem(s.db, { publisherId: kitchenA, maxAllowed: 1000 });

  const freshAddress = async () =>
    must(
      await request(http).post(`${API}/consumer/delivery/address`).set(customerA.auth).send(HOME),
      201,
      'address',
    ).body.id as string;
  const addLine = async (what: OfferedItem = offered) =>
    must(
      await request(http)
        .post(`${API}/cart/items`)
        .set({ ...TZ, ...customerA.auth })
        .send({
          itemId: what.item.id,
          userSelectedPricingOption: { id: what.optionId },
          orderQuantity: 1,
          dates: [{ date: offered.dates[0], timeSlots: ['PM_5_7'], deliveryOption: 'DELIVERY' }],
        }),
      201,
      'cart line',
    );
  const cartLines = async (): Promise<string[]> =>
    (
      await request(http)
        .get(`${API}/cart`)
        .set({ ...TZ, ...customerA.auth })
    ).body.cartItems.map((l: { cartItemId: string }) => l.cartItemId);
  const freshCartLine = async () => {
    const before = new Set(await cartLines());
    // Its own dish: the same dish, date and slot again would only raise the quantity of a line.
    await addLine(await createOfferedItem(s.db, { publisherId: kitchenA, maxAllowed: 1000 }));
    const added = (await cartLines()).find((id) => !before.has(id));
    if (!added) throw new Error('cart line: no new line');
    return added;
  };
  const freshOrder = async (): Promise<PlacedOrder> => {
    // An order of exactly one line (checkout takes the whole cart).
    await request(http)
      .delete(`${API}/cart`)
      .set({ ...TZ, ...customerA.auth });
    await addLine();
    const res = must(
      await request(http)
        .post(`${API}/order`)
        .set({ ...TZ, ...customerA.auth })
        .send({
          contact: { name: 'Casey Jones', email: 'casey@example.test', phone: '+1 201 555 0100' },
          deliveryAddress: HOME,
          paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
          idempotencyKey: randomUUID(),
        }),
      201,
      'order',
    );
    const line = res.body.cartItems[0];
    return {
      id: res.body.id,
      orderNumber: res.body.orderNumber,
      cartItemId: line.cartItemId,
      dateSelectionId: line.dates[0].id,
      date: line.dates[0].date,
    };
  };
  const freshItem = async () =>
    must(await request(http).post(`${API}/item`).set(chefA.auth).send({ name: 'Dal makhani' }), 201, 'item')
      .body.id as string;
  const freshPicture = async (itemId: string) => {
    const res = must(
      await request(http)
        .post(`${API}/item/${itemId}/pictures`)
        .set(chefA.auth)
        .attach('files', await pngBytes(), 'p.png'),
      201,
      'picture',
    );
    const pictures = res.body.itemPictures as Array<{ id: string; url: string }>;
    return pictures[pictures.length - 1].id;
  };
  const freshMenu = async () =>
    must(
      await request(http)
        .post(`${API}/menu`)
        .set({ ...TZ, ...chefA.auth })
        .send({ name: 'Dinner', deliveryZipCodes: ['07302'] }),
      201,
      'menu',
    ).body.id as string;
  const freshPickup = async () =>
    must(
      await request(http).post(`${API}/settings/pickup-locations`).set(chefA.auth).send(PLACE),
      201,
      'pickup place',
    ).body.id as string;
  const freshPrivateFile = async () => {
    const res = must(
      await request(http)
        .post(`${API}/publisher/upload-identity-pictures`)
        .set(chefA.auth)
        .attach('files', await pngBytes(), 'id.png'),
      200,
      'identity picture',
    );
    const files = res.body.identityPictures as Array<{ key: string }>;
    return files[files.length - 1].key;
  };
  const freshPendingKitchen = async () =>
    (await createPublisher(s.db, { status: PublisherStatus.PENDING })).id;

  const freshReceipt = async () => {
    const menu = await freshMenu();
    const res = must(
      await request(http)
        .post(`${API}/menu/${menu}/upload_receipts`)
        .set(chefA.auth)
        .attach('files', PDF, 'r.pdf'),
      200,
      'receipt',
    );
    return { menuId: menu, receiptId: res.body.receipts[0].id as string };
  };

  const itemId = await freshItem();
  const pictureId = await freshPicture(itemId);
  const item = await request(http).get(`${API}/item/${itemId}`).set(chefA.auth);
  const pictureUrl = (item.body.itemPictures[0].url as string).replace(`${API}/`, '');
  const menuId = await freshMenu();
  const receipt = must(
    await request(http)
      .post(`${API}/menu/${menuId}/upload_receipts`)
      .set(chefA.auth)
      .attach('files', PDF, 'r.pdf'),
    200,
    'receipt',
  );
  await request(http).post(`${API}/consumer/favourites/${kitchenA}`).set(customerA.auth);

  const order = await freshOrder();
  return {
    s,
    callers,
    offered,
    pickupId,
    addressId: await freshAddress(),
    order,
    itemId,
    pictureId,
    pictureUrl,
    menuId,
    receiptId: receipt.body.receipts[0].id,
    privateFileKey: await freshPrivateFile(),
    pendingKitchenId: await freshPendingKitchen(),
    chefAKitchenName: chefA.publisher!.kitchenName,
    freshAddress,
    freshCartLine,
    freshOrder,
    freshItem,
    freshPicture,
    freshMenu,
    freshPickup,
    freshPrivateFile,
    freshPendingKitchen,
    freshReceipt,
  };
}
