import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MenuHistoryEvent, MenuAction } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { badField, notFound } from '../../common/problem/problem.exception.js';
import { StorageAdapter, type StoredFile } from '../storage/storage.adapter.js';
import { UploadService, type UploadedBlob } from '../storage/upload.service.js';
import type { MenuDto } from './dto/menu-response.dto.js';
import { receiptId } from './menu.mapper.js';
import { nextMenuStatus } from './menu-state.js';
import { MenuService } from './menu.service.js';

/** Most receipts a menu keeps. */
export const MAX_MENU_RECEIPTS = 20;
/** Most receipts uploaded in one request. */
export const MAX_RECEIPTS_PER_UPLOAD = 5;

/**
 * Receipts of a menu (spec menu/{id}/upload_receipts): PDFs or pictures checked by their bytes, stored as
 * private documents that only the menu's owner and admins can read back.
 */
@Injectable()
export class MenuReceiptsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly menus: MenuService,
    private readonly uploads: UploadService,
    private readonly storage: StorageAdapter,
  ) {}

  async upload(actor: Principal, id: string, files: UploadedBlob[] | undefined): Promise<MenuDto> {
    const menu = await this.menus.owned(actor, id);
    nextMenuStatus(menu.status, MenuAction.UPLOAD_RECEIPTS);
    if (!files || files.length === 0) throw badField('files', 'Choose at least one receipt to upload.');
    if (menu.receipts.length + files.length > MAX_MENU_RECEIPTS) {
      throw badField(
        'files',
        `A menu keeps at most ${MAX_MENU_RECEIPTS} receipts and this one has ${menu.receipts.length}.`,
      );
    }
    const keys: string[] = [];
    for (const file of files) keys.push((await this.uploads.storeDocument(file, 'receipts', 'files')).key);
    await this.db.transaction(async (m) => {
      const locked = await this.menus.lockOwned(m, actor, id);
      nextMenuStatus(locked.status, MenuAction.UPLOAD_RECEIPTS);
      if (locked.receipts.length + keys.length > MAX_MENU_RECEIPTS) {
        throw badField('files', `A menu keeps at most ${MAX_MENU_RECEIPTS} receipts.`);
      }
      await m.query(`UPDATE menu SET receipts = receipts || $2::text[], updated_at = now() WHERE id = $1`, [
        locked.id,
        keys,
      ]);
      await this.menus.record(m, locked.id, MenuHistoryEvent.EDITED, actor, {
        action: 'UPLOAD_RECEIPTS',
        receipts: keys.map(receiptId),
      });
    });
    return this.menus.view(actor, id);
  }

  /** A receipt's bytes, for the menu's owner or an admin. */
  async read(actor: Principal, id: string, receipt: string): Promise<StoredFile> {
    const menu = await this.menus.readable(actor, id);
    const key = menu.receipts.find((k) => receiptId(k) === receipt);
    const file = key ? await this.storage.get(key) : null;
    if (!file) throw notFound(`Menu ${id} has no receipt ${receipt}.`, { id, receipt });
    return file;
  }
}
