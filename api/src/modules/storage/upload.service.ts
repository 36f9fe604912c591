import { randomUUID } from 'node:crypto';
import { HttpStatus, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { ProblemType, MAX_UPLOAD_BYTES } from '@hearth/shared';
import { ProblemException } from '../../common/problem/problem.exception.js';
import { StorageAdapter } from './storage.adapter.js';

/** Widths pictures are resized to (never enlarged); the middle one is the default. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
const IMAGE_REFUSAL = 'The file is not a picture we can use: upload a JPEG, PNG, WebP, GIF or AVIF image.';
const DOCUMENT_REFUSAL = 'The file must be a PDF document or a JPEG, PNG or WebP image.';

/** An uploaded file as the upload interceptor hands it over (memory storage, multer's shape). */
export interface UploadedBlob {
  buffer: Buffer;
  size: number;
  originalname?: string;
}

export interface StoredImage {
  /** Key of the default (800 px wide) version. */
  key: string;
  variants: { width: number; key: string }[];
}

/**
 * Checks uploads by their bytes (never by name or declared type), resizes pictures to web sizes as WebP,
 * and stores them through the storage adapter. Public pictures live under `public/`, documents that only
 * their owner and admins may read under `private/`.
 */
@Injectable()
export class UploadService {
  constructor(private readonly storage: StorageAdapter) {}

  /** Stores a picture at 400/800/1600 px widths; refuses anything sharp cannot read as an image. */
  async storeImage(file: UploadedBlob | undefined, folder: string, field = 'file'): Promise<StoredImage> {
    const buffer = this.present(file, field);
    let format: string | undefined;
    try {
      format = (await sharp(buffer, { failOn: 'error' }).metadata()).format;
    } catch {
      format = undefined;
    }
    if (!format || !IMAGE_FORMATS.has(format))
      throw refusal(field, IMAGE_REFUSAL, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    const id = randomUUID();
    const variants = await Promise.all(
      IMAGE_WIDTHS.map(async (width) => {
        const data = await sharp(buffer, { failOn: 'error' })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        const key = `public/${folder}/${id}/${width}.webp`;
        await this.storage.put(key, data, 'image/webp');
        return { width, key };
      }),
    );
    return { key: variants[1].key, variants };
  }

  /**
   * Stores a private document (PDF or image, e.g. a licence or a receipt). Pictures are re-encoded in their
   * own format, upright, which drops their metadata (EXIF, GPS position, camera, XMP: security review S-21);
   * PDFs are kept as they are.
   */
  async storeDocument(
    file: UploadedBlob | undefined,
    folder: string,
    field = 'file',
  ): Promise<{ key: string; contentType: string }> {
    const buffer = this.present(file, field);
    const type = sniffDocument(buffer);
    if (!type) throw refusal(field, DOCUMENT_REFUSAL, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    const key = `private/${folder}/${randomUUID()}.${type.ext}`;
    const bytes =
      type.contentType === 'application/pdf' ? buffer : await withoutMetadata(buffer, type, field);
    await this.storage.put(key, bytes, type.contentType);
    return { key, contentType: type.contentType };
  }

  /**
   * Removes files stored for a change that then failed (a refused or conflicting write after the upload),
   * so that no orphan stays in storage; a file that cannot be removed is left, never an error of its own.
   */
  async discard(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.storage.delete(key).catch(() => undefined)));
  }

  /** Every key of a stored picture (its three widths). */
  static keysOf(image: StoredImage): string[] {
    return image.variants.map((v) => v.key);
  }

  private present(file: UploadedBlob | undefined, field: string): Buffer {
    if (!file || !file.buffer || file.size === 0)
      throw refusal(field, 'Choose a file to upload.', HttpStatus.BAD_REQUEST);
    if (file.size > MAX_UPLOAD_BYTES) throw tooLarge(field);
    return file.buffer;
  }
}

/** A picture document re-encoded in its own format without metadata (sharp keeps none unless asked). */
async function withoutMetadata(
  buffer: Buffer,
  type: { ext: string; contentType: string },
  field: string,
): Promise<Buffer> {
  try {
    const image = sharp(buffer, { failOn: 'error' }).rotate();
    if (type.ext === 'png') return await image.png().toBuffer();
    if (type.ext === 'webp') return await image.webp({ quality: 90 }).toBuffer();
    return await image.jpeg({ quality: 90 }).toBuffer();
  } catch {
    throw refusal(field, DOCUMENT_REFUSAL, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
  }
}

/** Magic bytes of the document types accepted. */
export function sniffDocument(buffer: Buffer): { ext: string; contentType: string } | null {
  if (buffer.subarray(0, 5).toString('latin1') === '%PDF-')
    return { ext: 'pdf', contentType: 'application/pdf' };
  if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff)
    return { ext: 'jpg', contentType: 'image/jpeg' };
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { ext: 'png', contentType: 'image/png' };
  if (
    buffer.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buffer.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { ext: 'webp', contentType: 'image/webp' };
  }
  return null;
}

function refusal(field: string, detail: string, status: HttpStatus): ProblemException {
  return new ProblemException(status, {
    type: ProblemType.VALIDATION,
    detail,
    message: 'error.upload',
    fieldErrors: [{ field, message: detail }],
  });
}

/** 413 with the limit in words (also used when multer stops reading at the limit). */
export function tooLarge(field = 'file'): ProblemException {
  return refusal(
    field,
    `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
    HttpStatus.PAYLOAD_TOO_LARGE,
  );
}
