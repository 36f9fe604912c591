import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { DataSource } from 'typeorm';
import { MenuHistoryEvent, MenuAction } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { badField, notFound } from '../../common/problem/problem.exception.js';
import { StorageAdapter, type StoredFile } from '../storage/storage.adapter.js';
import { UploadService, type UploadedBlob } from '../storage/upload.service.js';
import type { MenuDto, MenuReceiptsDto, ReceiptDto } from './dto/menu-response.dto.js';
import { MenuDateEntity } from './menu-date.entity.js';
import { MenuReceiptEntity, RECEIPT_ORDER } from './menu-receipt.entity.js';
import { mapReceipt, receiptId } from './menu.mapper.js';
import { nextMenuStatus } from './menu-state.js';
import { MenuService } from './menu.service.js';

/** Most receipts a menu keeps. */
export const MAX_MENU_RECEIPTS = 20;
/** Most receipts uploaded in one request. */
export const MAX_RECEIPTS_PER_UPLOAD = 5;
/** Longest file name kept for a receipt (longer ones are cut, keeping the extension). */
export const MAX_RECEIPT_NAME = 120;

/**
 * A file name as shown back to the chef: the last path segment, without control characters, at most
 * MAX_RECEIPT_NAME characters; `fallback` when nothing is left.
 */
export function receiptName(original: string | undefined, fallback: string): string {
  // Control characters (C0, DEL, C1) never belong in a file name shown back.
  const last = (original ?? '').split(/[\\/]/).pop() ?? '';
  const base = [...last]
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code > 0x1f && (code < 0x7f || code > 0x9f);
    })
    .join('')
    .trim();
  if (!base) return fallback;
  if (base.length <= MAX_RECEIPT_NAME) return base;
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(base)?.[0] ?? '';
  return `${base.slice(0, MAX_RECEIPT_NAME - ext.length - 1)}…${ext}`;
}

/**
 * Receipts of a menu (spec menu/{id}/upload_receipts, issue 17 item 6): PDFs or pictures checked by their
 * bytes, stored as private documents that only the menu's owner and admins can read back, each for one cook
 * date of the menu or for the whole menu, and listed per date across the chef's menus for the board.
 */
@Injectable()
export class MenuReceiptsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly menus: MenuService,
    private readonly uploads: UploadService,
    private readonly storage: StorageAdapter,
  ) {}

  async upload(
    actor: Principal,
    id: string,
    files: UploadedBlob[] | undefined,
    date?: string,
  ): Promise<MenuDto> {
    const menu = await this.menus.owned(actor, id);
    nextMenuStatus(menu.status, MenuAction.UPLOAD_RECEIPTS);
    if (date !== undefined && !(await this.menuDates(menu.id)).includes(date)) {
      throw badField('date', `${date} is not a date of this menu: choose one of its dates, or none.`);
    }
    if (!files || files.length === 0) throw badField('files', 'Choose at least one receipt to upload.');
    const had = await this.count(menu.id);
    if (had + files.length > MAX_MENU_RECEIPTS) {
      throw badField('files', `A menu keeps at most ${MAX_MENU_RECEIPTS} receipts and this one has ${had}.`);
    }
    const stored: Array<{ key: string; contentType: string; size: number; name: string }> = [];
    try {
      for (const file of files) {
        const doc = await this.uploads.storeDocument(file, 'receipts', 'files');
        stored.push({ ...doc, name: receiptName(file.originalname, doc.key.split('/').pop() ?? doc.key) });
      }
      await this.db.transaction(async (m) => {
        const locked = await this.menus.lockOwned(m, actor, id);
        nextMenuStatus(locked.status, MenuAction.UPLOAD_RECEIPTS);
        if (
          (await m.count(MenuReceiptEntity, { where: { menuId: locked.id } })) + stored.length >
          MAX_MENU_RECEIPTS
        ) {
          throw badField('files', `A menu keeps at most ${MAX_MENU_RECEIPTS} receipts.`);
        }
        await m.insert(
          MenuReceiptEntity,
          stored.map((s) => ({
            id: receiptId(s.key),
            menuId: locked.id,
            storageKey: s.key,
            date: date ?? null,
            name: s.name,
            contentType: s.contentType,
            size: s.size,
          })),
        );
        await this.menus.record(m, locked.id, MenuHistoryEvent.EDITED, actor, {
          action: 'UPLOAD_RECEIPTS',
          receipts: stored.map((s) => receiptId(s.key)),
          date: date ?? null,
        });
      });
    } catch (error) {
      await this.uploads.discard(stored.map((s) => s.key));
      throw error;
    }
    return this.menus.view(actor, id);
  }

  /** The menu's receipts and the dates a receipt may be for, for the menu's owner or an admin. */
  async list(actor: Principal, id: string): Promise<MenuReceiptsDto> {
    const menu = await this.menus.readable(actor, id);
    const [dates, rows] = await Promise.all([
      this.menuDates(menu.id),
      this.db.getRepository(MenuReceiptEntity).find({ where: { menuId: menu.id }, order: RECEIPT_ORDER }),
    ]);
    return { dates, receipts: rows.map((r) => mapReceipt(r, menu.name)) };
  }

  /** Takes a receipt off the menu and out of storage (the owner only); answers what is left. */
  async remove(actor: Principal, id: string, receipt: string): Promise<MenuReceiptsDto> {
    let key: string | null = null;
    await this.db.transaction(async (m) => {
      const menu = await this.menus.lockOwned(m, actor, id);
      const row = isUUID(receipt)
        ? await m.findOne(MenuReceiptEntity, { where: { id: receipt, menuId: menu.id } })
        : null;
      if (!row) throw notFound(`Menu ${id} has no receipt ${receipt}.`, { id, receipt });
      nextMenuStatus(menu.status, MenuAction.UPLOAD_RECEIPTS);
      await m.delete(MenuReceiptEntity, { id: row.id });
      await this.menus.record(m, menu.id, MenuHistoryEvent.EDITED, actor, {
        action: 'DELETE_RECEIPT',
        receipt: row.id,
        name: row.name,
        date: row.date,
      });
      key = row.storageKey;
    });
    if (key) await this.uploads.discard([key]);
    return this.list(actor, id);
  }

  /** A receipt's bytes, for the menu's owner or an admin. */
  async read(actor: Principal, id: string, receipt: string): Promise<StoredFile> {
    const menu = await this.menus.readable(actor, id);
    const row = isUUID(receipt)
      ? await this.db.getRepository(MenuReceiptEntity).findOne({ where: { id: receipt, menuId: menu.id } })
      : null;
    const file = row ? await this.storage.get(row.storageKey) : null;
    if (!file) throw notFound(`Menu ${id} has no receipt ${receipt}.`, { id, receipt });
    return file;
  }

  /** The receipts of all the chef's menus for one cook date, by menu name then newest upload first. */
  async forDate(actor: Principal, date: string): Promise<ReceiptDto[]> {
    if (!actor.publisherId) return [];
    const rows = await this.db
      .getRepository(MenuReceiptEntity)
      .createQueryBuilder('r')
      .innerJoinAndSelect('r.menu', 'm')
      .where('m.publisherId = :publisherId AND r.date = :date', { publisherId: actor.publisherId, date })
      .orderBy('m.name', 'ASC')
      .addOrderBy('r.createdAt', 'DESC')
      .addOrderBy('r.id', 'ASC')
      .getMany();
    return rows.map((r) => mapReceipt(r, r.menu.name));
  }

  /** The menu's cook dates that are not taken off, oldest first (past ones too: receipts come later). */
  private async menuDates(menuId: string): Promise<string[]> {
    const rows = await this.db
      .getRepository(MenuDateEntity)
      .find({ where: { menuId, isDeleted: false }, order: { date: 'ASC' }, select: { date: true } });
    return rows.map((r) => r.date);
  }

  private count(menuId: string): Promise<number> {
    return this.db.getRepository(MenuReceiptEntity).count({ where: { menuId } });
  }
}
