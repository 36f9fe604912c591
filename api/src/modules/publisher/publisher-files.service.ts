import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Role, hasRole } from '@hearth/shared';
import { type Principal } from '../../common/http/principal.js';
import { badField, conflict, notFound } from '../../common/problem/problem.exception.js';
import { isValidKey, StorageAdapter, type StoredFile } from '../storage/storage.adapter.js';
import { IMAGE_WIDTHS, UploadService, type UploadedBlob } from '../storage/upload.service.js';
import type { PublisherDetailDto } from './dto/publisher-detail.dto.js';
import { AuditService } from '../audit/audit.service.js';
import { PublisherCache } from './publisher.cache.js';
import { PublisherEntity } from './publisher.entity.js';
import { PublisherService } from './publisher.service.js';

/** Private files of a kitchen live under this prefix, so a key alone says whose it is. */
const PRIVATE_KEY = /^private\/publishers\/([0-9a-f-]{36})\/[a-z]+\/[0-9a-f-]{36}\.[a-z]+$/;

/** Kinds of private document; each is a folder under the kitchen's private prefix. */
export type PrivateKind = 'identity' | 'licences' | 'permits';

/** Picture lists of a kitchen with how many each may hold. */
const LISTS = {
  kitchenPictures: { column: 'kitchen_pictures', max: 10, label: 'kitchen pictures' },
  identityPictures: { column: 'identity_pictures', max: 5, label: 'identity pictures' },
  licensesAndCertifications: {
    column: 'licenses_and_certifications',
    max: 10,
    label: 'licences and certifications',
  },
} as const;
type ListField = keyof typeof LISTS;

/**
 * A kitchen's files: public pictures (logo, profile, kitchen) resized to web sizes, and private documents
 * (identity pictures, licences, the food handler permit) that only the owner and admins can read. Every
 * upload is checked by its bytes (UploadService).
 */
@Injectable()
export class PublisherFilesService {
  private readonly logger = new Logger(PublisherFilesService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly publishers: PublisherService,
    private readonly uploads: UploadService,
    private readonly storage: StorageAdapter,
    private readonly cache: PublisherCache,
    private readonly audit: AuditService,
  ) {}

  async uploadLogo(actor: Principal, file: UploadedBlob | undefined): Promise<PublisherDetailDto> {
    return this.replacePicture(actor, file, 'logo');
  }

  async uploadProfilePicture(actor: Principal, file: UploadedBlob | undefined): Promise<PublisherDetailDto> {
    return this.replacePicture(actor, file, 'profilePicLocation');
  }

  async addKitchenPictures(actor: Principal, files: UploadedBlob[] | undefined): Promise<PublisherDetailDto> {
    const own = await this.own(actor);
    return this.append(
      own,
      'kitchenPictures',
      files,
      async (file) => (await this.uploads.storeImage(file, `publishers/${own.id}/kitchen`, 'files')).key,
    );
  }

  async addIdentityPictures(
    actor: Principal,
    files: UploadedBlob[] | undefined,
  ): Promise<PublisherDetailDto> {
    const own = await this.own(actor);
    return this.append(own, 'identityPictures', files, (file) =>
      this.storePrivateDocument(own.id, 'identity', file, 'files'),
    );
  }

  async addLicenses(actor: Principal, files: UploadedBlob[] | undefined): Promise<PublisherDetailDto> {
    const own = await this.own(actor);
    return this.append(own, 'licensesAndCertifications', files, (file) =>
      this.storePrivateDocument(own.id, 'licences', file, 'files'),
    );
  }

  /** Removes one of the owner's pictures or documents from their kitchen and from storage. */
  async removeFile(actor: Principal, key: string): Promise<PublisherDetailDto> {
    const own = await this.own(actor);
    const list = (Object.keys(LISTS) as ListField[]).find((field) => own[field].includes(key));
    if (list) {
      await this.db.query(
        `UPDATE publisher SET ${LISTS[list].column} = array_remove(${LISTS[list].column}, $2), updated_at = now() WHERE id = $1`,
        [own.id, key],
      );
    } else if (own.logo === key || own.profilePicLocation === key) {
      await this.db
        .getRepository(PublisherEntity)
        .update({ id: own.id }, own.logo === key ? { logo: null } : { profilePicLocation: null });
    } else {
      throw notFound(`File ${key} was not found.`, { key });
    }
    await this.deleteStored(own.id, key);
    await this.cache.invalidate(own.id);
    return this.publishers.detailById(own.id);
  }

  /** Stores a private document of a kitchen (callers have checked the caller owns it); returns its key. */
  async storePrivateDocument(
    publisherId: string,
    kind: PrivateKind,
    file: UploadedBlob | undefined,
    field = 'file',
  ): Promise<string> {
    return (await this.uploads.storeDocument(file, `publishers/${publisherId}/${kind}`, field)).key;
  }

  /** Deletes a stored file of the kitchen (never someone else's or a demo file); failures are only logged. */
  async deleteStored(publisherId: string, key: string | null | undefined): Promise<void> {
    if (!key) return;
    const keys = key.startsWith(`public/publishers/${publisherId}/`)
      ? IMAGE_WIDTHS.map((width) => key.replace(/\/\d+\.webp$/, `/${width}.webp`))
      : key.startsWith(`private/publishers/${publisherId}/`)
        ? [key]
        : [];
    for (const k of keys) {
      await this.storage
        .delete(k)
        .catch((error: unknown) => this.logger.warn(`Could not delete ${k}: ${String(error)}`));
    }
  }

  /**
   * A private file for its owner or an admin. Anyone else gets the same 404 as for a missing file, so
   * keys cannot be probed.
   */
  async readPrivate(actor: Principal, key: string): Promise<StoredFile> {
    const missing = notFound(`File ${key} was not found.`);
    const match = isValidKey(key) ? PRIVATE_KEY.exec(key) : null;
    if (!match) throw missing;
    const own = await this.publishers.ownedBy(actor.consumerId);
    const isOwner = own?.id === match[1];
    if (!isOwner && !hasRole(actor, Role.ADMIN)) throw missing;
    const file = await this.storage.get(key);
    if (!file) throw missing;
    // An admin reading a kitchen's identity documents or licences is on the audit trail (S-10).
    if (!isOwner)
      await this.audit.recordAlone(actor, {
        action: 'publisher-document.read',
        targetType: 'publisher',
        targetId: match[1],
        after: { key },
      });
    return file;
  }

  private async own(actor: Principal): Promise<PublisherEntity> {
    const own = await this.publishers.ownedBy(actor.consumerId);
    if (!own) throw notFound('You have not registered a kitchen yet.');
    return own;
  }

  private async replacePicture(
    actor: Principal,
    file: UploadedBlob | undefined,
    field: 'logo' | 'profilePicLocation',
  ): Promise<PublisherDetailDto> {
    const own = await this.own(actor);
    const folder = field === 'logo' ? 'logo' : 'profile';
    const stored = await this.uploads.storeImage(file, `publishers/${own.id}/${folder}`);
    await this.db.getRepository(PublisherEntity).update({ id: own.id }, { [field]: stored.key });
    await this.deleteStored(own.id, own[field]);
    await this.cache.invalidate(own.id);
    return this.publishers.detailById(own.id);
  }

  /**
   * Stores the files, then appends their keys only if the list stays within its limit (one conditional
   * UPDATE, so concurrent uploads cannot overfill it); files that do not fit are deleted again.
   */
  private async append(
    own: PublisherEntity,
    field: ListField,
    files: UploadedBlob[] | undefined,
    store: (file: UploadedBlob) => Promise<string>,
  ): Promise<PublisherDetailDto> {
    const list = LISTS[field];
    if (!files || files.length === 0) throw badField('files', 'Choose at least one file to upload.');
    if (own[field].length + files.length > list.max) {
      throw conflict(
        `A kitchen can have at most ${list.max} ${list.label}; it has ${own[field].length}.`,
        'error.upload.limit',
        { max: list.max },
      );
    }
    const keys: string[] = [];
    try {
      for (const file of files) keys.push(await store(file));
    } catch (error) {
      for (const key of keys) await this.deleteStored(own.id, key);
      throw error;
    }
    const [, updated] = (await this.db.query(
      `UPDATE publisher SET ${list.column} = ${list.column} || $2::text[], updated_at = now()
        WHERE id = $1 AND cardinality(${list.column}) + cardinality($2::text[]) <= $3`,
      [own.id, keys, list.max],
    )) as [unknown, number];
    if (updated === 0) {
      for (const key of keys) await this.deleteStored(own.id, key);
      throw conflict(`A kitchen can have at most ${list.max} ${list.label}.`, 'error.upload.limit', {
        max: list.max,
      });
    }
    await this.cache.invalidate(own.id);
    return this.publishers.detailById(own.id);
  }
}
