import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest, FastifyReply } from 'fastify';
import type { DataSource, EntityManager } from 'typeorm';
import { isIsoDate, ProblemType } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import type { Principal } from '../../common/http/principal.js';
import { badField, conflict, notFound, ProblemException } from '../../common/problem/problem.exception.js';
import {
  CartEvaluatorService,
  shortfalls,
  type StoredDate,
  type StoredLine,
} from './cart-evaluator.service.js';
import {
  clearCartCookie,
  hashCartToken,
  newCartToken,
  readCartCookie,
  setCartCookie,
  setCartCountCookie,
} from './cart-cookie.js';
import { KitchenCodeService } from '../settings/kitchen-code.service.js';
import { emptyCart, mapCart } from './cart.mapper.js';
import { CartRepository } from './cart.repository.js';
import { capacityKey, CatalogReader } from './catalog.reader.js';
import { dateUnavailable, itemUnavailable } from './orderability.js';
import type { AddCartItemDto, CartDateInputDto, UpdateCartItemDto } from './dto/cart-item-input.dto.js';
import type { CartDto } from './dto/cart.dto.js';

/** Who owns the cart of a request: the signed-in consumer, or the guest named by the `hearth_cart` cookie. */
export interface CartCaller {
  actor: Principal | undefined;
  req: FastifyRequest;
  res: FastifyReply;
  /** The token of a guest cart created during this request (its cookie is only in the answer). */
  issuedToken?: string;
}

/** A sold-out or not-enough-left refusal (409, problem type sold-out). */
export function soldOut(detail: string, params: Record<string, unknown>): ProblemException {
  return new ProblemException(HttpStatus.CONFLICT, {
    type: ProblemType.SOLD_OUT,
    title: 'Sold out',
    detail,
    message: 'error.soldout',
    params,
  });
}

/**
 * The server-side cart. A signed-in customer has one cart; a guest's cart is found by the hash of an
 * opaque cookie token and is merged into the customer's cart at sign-in. Every answer re-prices the cart
 * from the database (see CartEvaluatorService) and removes what can no longer be bought, saying why.
 */
@Injectable()
export class CartService {
  private readonly logger = new Logger(CartService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly carts: CartRepository,
    private readonly catalog: CatalogReader,
    private readonly evaluator: CartEvaluatorService,
    private readonly config: ConfigService<Env, true>,
    private readonly codes: KitchenCodeService,
  ) {}

  async view(caller: CartCaller): Promise<CartDto> {
    const cartId = await this.resolve(caller, false);
    if (!cartId) {
      this.tellCount(caller, 0);
      return emptyCart();
    }
    return this.evaluateAndPrune(caller, cartId);
  }

  /** How many lines the caller's cart holds, without pricing it: every page's header shows it. */
  async count(caller: CartCaller): Promise<number> {
    const cartId = await this.resolve(caller, false);
    const count = cartId ? await this.carts.countLines(this.db.manager, cartId) : 0;
    this.tellCount(caller, count);
    return count;
  }

  async add(caller: CartCaller, dto: AddCartItemDto): Promise<CartDto> {
    let cartId = await this.resolve(caller, false);
    let created = false;
    const accessCode = await this.accessCode(caller.req, dto.itemId);
    await this.db.transaction(async (m) => {
      // A guest cart may expire between finding and locking it: this add then starts a new one.
      if (cartId && !(await this.carts.markChanged(m, cartId))) cartId = null;
      const candidate = await this.checkedLine(m, cartId, null, {
        itemId: dto.itemId,
        pricingOptionId: dto.userSelectedPricingOption.id,
        orderQuantity: dto.orderQuantity,
        isCateringItem: dto.isCateringItem,
        tempId: dto.tempId ?? null,
        dates: dto.dates.map(toStoredDate),
        accessCode,
      });
      // A cart (and a guest's cookie) exists only once something could be added to it.
      if (!cartId) {
        cartId = await this.create(caller, m);
        created = true;
      }
      await this.carts.insertLine(m, cartId, candidate);
    });
    // A new cart has just got its own cookie; renewing the old token would replace it.
    if (!created) this.renewGuestCookie(caller);
    return this.evaluateAndPrune(caller, cartId as string);
  }

  async update(caller: CartCaller, cartItemId: string, dto: UpdateCartItemDto): Promise<CartDto> {
    const cartId = await this.resolve(caller, false);
    if (!cartId) throw lineNotFound(cartItemId);
    await this.db.transaction(async (m) => {
      if (!(await this.carts.markChanged(m, cartId))) throw lineNotFound(cartItemId);
      const existing = (await this.carts.lines(m, cartId)).find((l) => l.id === cartItemId);
      if (!existing) throw lineNotFound(cartItemId);
      // A code sent now (e.g. the kitchen's new one) replaces the line's; else the line keeps its own.
      const accessCode = (await this.accessCode(caller.req, existing.itemId)) ?? existing.accessCode ?? null;
      const candidate = await this.checkedLine(m, cartId, existing.id, {
        itemId: existing.itemId,
        pricingOptionId: dto.userSelectedPricingOption?.id ?? existing.pricingOptionId ?? '',
        orderQuantity: dto.orderQuantity ?? existing.orderQuantity,
        isCateringItem: dto.isCateringItem ?? existing.isCateringItem,
        tempId: existing.tempId,
        dates: dto.dates ? dto.dates.map(toStoredDate) : existing.dates,
        accessCode,
      });
      await this.carts.updateLine(m, { ...candidate, id: existing.id });
    });
    this.renewGuestCookie(caller);
    return this.evaluateAndPrune(caller, cartId);
  }

  async remove(caller: CartCaller, cartItemId: string): Promise<CartDto> {
    const cartId = await this.resolve(caller, false);
    if (
      !cartId ||
      !isUuid(cartItemId) ||
      (await this.carts.deleteLines(this.db.manager, cartId, [cartItemId])) === 0
    ) {
      throw lineNotFound(cartItemId);
    }
    await this.carts.markChanged(this.db.manager, cartId);
    this.renewGuestCookie(caller);
    return this.evaluateAndPrune(caller, cartId);
  }

  async clear(caller: CartCaller): Promise<void> {
    const cartId = await this.resolve(caller, false);
    if (!cartId) return;
    await this.carts.deleteLines(this.db.manager, cartId);
    await this.carts.markChanged(this.db.manager, cartId);
    this.renewGuestCookie(caller);
    this.tellCount(caller, 0);
  }

  /** Called when a sign-in completes: the guest cart named by the browser's cookie joins the customer's cart. */
  async mergeAtSignIn(consumerId: string, req: FastifyRequest, res: FastifyReply): Promise<void> {
    const token = readCartCookie(req);
    if (!token) return;
    await this.mergeGuestCart(consumerId, token);
    clearCartCookie(res, this.config);
  }

  /**
   * Moves a guest's cart into the customer's at sign-in. A line of the same item, pricing option and
   * catering kind as one the customer already has adds the dates that line lacks and keeps the larger
   * quantity (the same person filled both carts); every other line moves over as it is. The guest cart is
   * then deleted. Never throws: a failed merge must not fail a sign-in.
   */
  async mergeGuestCart(
    consumerId: string,
    guestToken: string | undefined,
  ): Promise<{ moved: number; merged: number }> {
    if (!guestToken) return { moved: 0, merged: 0 };
    try {
      return await this.db.transaction(async (m) => {
        const guestId = await this.carts.byGuestHash(m, hashCartToken(guestToken));
        if (!guestId) return { moved: 0, merged: 0 };
        const userCart = await this.carts.ensureForConsumer(m, consumerId);
        await m.query(`SELECT id FROM cart WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [
          [guestId, userCart],
        ]);
        const mine = await this.carts.lines(m, userCart);
        const theirs = await this.carts.lines(m, guestId);
        let moved = 0;
        let merged = 0;
        for (const line of theirs) {
          const twin = mine.find(
            (l) =>
              l.itemId === line.itemId &&
              l.pricingOptionId === line.pricingOptionId &&
              l.isCateringItem === line.isCateringItem,
          );
          if (!twin) {
            await m.query(`UPDATE cart_item SET cart_id = $2, updated_at = now() WHERE id = $1`, [
              line.id,
              userCart,
            ]);
            moved += 1;
            continue;
          }
          const dates = [
            ...twin.dates,
            ...line.dates.filter((d) => !twin.dates.some((t) => t.date === d.date)),
          ];
          await m.query(
            `UPDATE cart_item SET order_quantity = $2, access_code = coalesce($3, access_code), updated_at = now() WHERE id = $1`,
            [twin.id, Math.max(twin.orderQuantity, line.orderQuantity), line.accessCode ?? null],
          );
          await this.carts.replaceDates(m, twin.id, dates);
          merged += 1;
        }
        await m.query(`DELETE FROM cart WHERE id = $1`, [guestId]);
        return { moved, merged };
      });
    } catch (error) {
      this.logger.error(
        { err: error, consumerId },
        'Merging the guest cart failed; the guest cart stays as it was',
      );
      return { moved: 0, merged: 0 };
    }
  }

  /**
   * The cart of the caller: the consumer's (a guest cart still named by a cookie is merged into it first),
   * else the guest's. With `create`, a missing cart is created, and a guest gets a new cookie.
   */
  private async resolve(caller: CartCaller, create: boolean): Promise<string | null> {
    const token = readCartCookie(caller.req);
    if (caller.actor) {
      if (token) {
        await this.mergeGuestCart(caller.actor.consumerId, token);
        clearCartCookie(caller.res, this.config);
      }
      const id = await this.carts.byConsumer(this.db.manager, caller.actor.consumerId);
      return id ?? (create ? this.create(caller, this.db.manager) : null);
    }
    const existing = token ? await this.carts.byGuestHash(this.db.manager, hashCartToken(token)) : null;
    if (existing) return existing;
    return create ? this.create(caller, this.db.manager) : null;
  }

  /** The item's kitchen's code from X-Kitchen-Code when it is the current one (wrong codes count as guesses). */
  private async accessCode(req: FastifyRequest, itemId: string): Promise<string | null> {
    if (!isUuid(itemId)) return null;
    const item = (await this.catalog.items(this.db.manager, [itemId])).get(itemId);
    return item ? this.codes.headerCode(req, item.publisherId) : null;
  }

  /** Keeps a guest's cookie alive as long as their cart after a change (GUEST_CART_LIFETIME_MS). */
  private renewGuestCookie(caller: CartCaller): void {
    const token = readCartCookie(caller.req);
    if (!caller.actor && token) setCartCookie(caller.res, this.config, token);
  }

  /** A new cart for the caller; a guest gets the cookie naming it. */
  private async create(caller: CartCaller, m: EntityManager): Promise<string> {
    if (caller.actor) return this.carts.ensureForConsumer(m, caller.actor.consumerId);
    const fresh = newCartToken();
    const id = await this.carts.createForGuest(m, hashCartToken(fresh));
    setCartCookie(caller.res, this.config, fresh);
    caller.issuedToken = fresh;
    return id;
  }

  /** A guest's count, for the web's header (shared CART_COUNT_COOKIE); a signed-in customer's is always asked. */
  private tellCount(caller: CartCaller, count: number): void {
    const token = caller.actor ? undefined : (caller.issuedToken ?? readCartCookie(caller.req));
    if (token) setCartCountCookie(caller.res, this.config, token, count);
  }

  private async evaluateAndPrune(caller: CartCaller, cartId: string): Promise<CartDto> {
    const lines = await this.carts.lines(this.db.manager, cartId);
    const evaluation = await this.evaluator.evaluate(this.db.manager, lines, {
      timeZone: caller.req.timeZone,
      now: new Date(),
    });
    if (evaluation.removed.length > 0) {
      await this.carts.deleteLines(
        this.db.manager,
        cartId,
        evaluation.removed.map((r) => r.line.id),
      );
    }
    const cart = mapCart(cartId, evaluation);
    this.tellCount(caller, cart.cartItems.length);
    return cart;
  }

  /**
   * Checks a line before it is saved: the item can be sold, the pricing option is the item's, every date is
   * offered with the chosen slots and fulfilment before its cut-off, and enough portions are left for this
   * line plus the cart's other lines of the same item and date.
   */
  private async checkedLine(
    m: EntityManager,
    cartId: string | null,
    replacing: string | null,
    line: Omit<StoredLine, 'id'> & { pricingOptionId: string },
  ): Promise<Omit<StoredLine, 'id'> & { selectedPricingOption: Record<string, unknown> }> {
    const seen = new Set<string>();
    line.dates.forEach((d, i) => {
      if (!isIsoDate(d.date)) throw badField(`dates[${i}].date`, `${d.date} is not a calendar date`);
      if (seen.has(d.date)) throw badField(`dates[${i}].date`, `${d.date} is listed twice`);
      seen.add(d.date);
    });
    const item = (await this.catalog.items(m, [line.itemId])).get(line.itemId);
    if (!item) throw notFound(`Item ${line.itemId} was not found.`, { itemId: line.itemId });
    const option = item.pricingOptions.find((o) => o.id === line.pricingOptionId);
    if (!option)
      throw badField('userSelectedPricingOption.id', `Choose one of the pricing options of "${item.name}".`);
    const refusal = itemUnavailable(item);
    if (refusal)
      throw conflict(refusal.message, `error.cart.${refusal.reason.toLowerCase()}`, { itemId: item.id });

    const dates = line.dates.map((d) => d.date);
    const offers = await this.catalog.offeredDates(m, [item.id], dates);
    const pickups = await this.catalog.pickupLocations(m, [item.publisherId]);
    const pickupIds = new Set((pickups.get(item.publisherId) ?? []).map((p) => p.id));
    const now = new Date();
    for (const d of line.dates) {
      const bad = dateUnavailable(item, d, offers.get(capacityKey(item.id, d.date)) ?? [], {
        now,
        isCatering: line.isCateringItem,
        pickupLocationIds: pickupIds,
        accessCode: line.accessCode ?? null,
      });
      if (bad)
        throw conflict(bad.message, `error.cart.${bad.reason.toLowerCase()}`, {
          itemId: item.id,
          date: d.date,
        });
    }

    // Capacity: this line plus the cart's other lines of the same item and dates.
    const others = (cartId ? await this.carts.lines(m, cartId) : []).filter(
      (l) => l.id !== replacing && l.itemId === item.id,
    );
    const capacity = await this.catalog.capacity(m, [item.id], dates);
    const live = [...others, { ...line, id: 'new' }].map((l) => ({ ...l, item, option }));
    const short = shortfalls(live, capacity).find((s) => dates.includes(s.date));
    if (short)
      throw soldOut(short.message, {
        itemId: item.id,
        itemName: item.name,
        date: short.date,
        remaining: short.remaining,
      });

    return {
      ...line,
      selectedPricingOption: {
        id: option.id,
        measurement: option.measurement,
        quantity: option.quantity,
        chefPrice: option.chefPrice,
        serves: option.serves,
      },
    };
  }
}

function toStoredDate(d: CartDateInputDto): StoredDate {
  return {
    date: d.date,
    timeSlots: d.timeSlots,
    deliveryOption: d.deliveryOption,
    pickupLocationId: d.pickupLocationId ?? null,
  };
}

function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

// Another cart's line is reported exactly like a missing one.
function lineNotFound(id: string): ProblemException {
  return notFound(`Cart item ${id} is not in your cart.`, { cartItemId: id });
}
