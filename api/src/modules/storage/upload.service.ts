import { randomUUID } from 'node:crypto';
import { HttpStatus, Injectable } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ProblemType, MAX_UPLOAD_BYTES } from '@hearth/shared';
import { ProblemException } from '../../common/problem/problem.exception.js';
import { StorageAdapter } from './storage.adapter.js';

/** Widths pictures are resized to (never enlarged); the middle one is the default. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
const IMAGE_REFUSAL = 'The file is not a picture we can use: upload a JPEG, PNG, WebP, GIF or AVIF image.';
const DOCUMENT_REFUSAL = 'The file must be a PDF document or a JPEG, PNG or WebP image.';
const RESUME_REFUSAL = 'The résumé must be a PDF or Word document (.pdf, .doc or .docx).';
/**
 * Largest picture decoded, in pixels (40 megapixels: a 7 300 × 5 500 photo; sharp's default is 268 MP, some
 * 1 GB of memory decoded). A 5 MB file can declare far more than it holds; it is refused from its header.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Pictures processed at once per API process; more wait their turn (each may take a core for a second). */
export const IMAGE_CONCURRENCY = 2;

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
  private readonly imageSlots = new Semaphore(IMAGE_CONCURRENCY);

  constructor(private readonly storage: StorageAdapter) {}

  /**
   * Stores a picture at 400/800/1600 px widths; refuses anything sharp cannot read as an image (415) and a
   * picture above MAX_IMAGE_PIXELS (422, judged from its header before decoding). The picture is decoded
   * once, to its largest web size, and the three WebP files are made from that; at most IMAGE_CONCURRENCY
   * pictures are processed at once.
   */
  async storeImage(file: UploadedBlob | undefined, folder: string, field = 'file'): Promise<StoredImage> {
    const buffer = this.present(file, field);
    let meta: sharp.Metadata | undefined;
    try {
      meta = await sharp(buffer, { failOn: 'error' }).metadata();
    } catch {
      meta = undefined;
    }
    if (!meta?.format || !IMAGE_FORMATS.has(meta.format))
      throw refusal(field, IMAGE_REFUSAL, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    const pixels = (meta.width ?? 0) * (meta.height ?? 0);
    if (pixels > MAX_IMAGE_PIXELS) throw tooManyPixels(field, meta.width ?? 0, meta.height ?? 0);
    const id = randomUUID();
    const encoded = await this.imageSlots.run(() => webSizes(buffer));
    const variants = await Promise.all(
      encoded.map(async ({ width, data }) => {
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
  ): Promise<{ key: string; contentType: string; size: number }> {
    const buffer = this.present(file, field);
    const type = sniffDocument(buffer);
    if (!type) throw refusal(field, DOCUMENT_REFUSAL, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    const key = `private/${folder}/${randomUUID()}.${type.ext}`;
    const bytes =
      type.contentType === 'application/pdf' ? buffer : await withoutMetadata(buffer, type, field);
    await this.storage.put(key, bytes, type.contentType);
    return { key, contentType: type.contentType, size: bytes.length };
  }

  /**
   * Stores a résumé privately, as it was sent: a PDF, a Word 97–2003 document (OLE2 with a WordDocument
   * stream) or a Word document (a ZIP package with word/document.xml), judged by its bytes with `file-type`
   * whatever its name says; anything else (a renamed program, a spreadsheet, a plain ZIP) is refused (415).
   */
  async storeResume(
    file: UploadedBlob | undefined,
    folder: string,
    field = 'resume',
  ): Promise<{ key: string; contentType: string; size: number }> {
    const buffer = this.present(file, field);
    const type = await sniffResume(buffer);
    if (!type) throw refusal(field, RESUME_REFUSAL, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    const key = `private/${folder}/${randomUUID()}.${type.ext}`;
    await this.storage.put(key, buffer, type.contentType);
    return { key, contentType: type.contentType, size: buffer.length };
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

/**
 * The WebP files of a picture: one decode (upright, shrunk to the largest width while loading where the format
 * allows), then each width from those pixels, never enlarged.
 */
async function webSizes(buffer: Buffer): Promise<Array<{ width: number; data: Buffer }>> {
  const largest = Math.max(...IMAGE_WIDTHS);
  const { data: pixels, info } = await sharp(buffer, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const decoded = sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } });
  return Promise.all(
    IMAGE_WIDTHS.map(async (width) => ({
      width,
      data: await decoded
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    })),
  );
}

/** A counting semaphore: `run` waits until fewer than `size` tasks are running. */
export class Semaphore {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** 422 for a picture with more pixels than MAX_IMAGE_PIXELS, in words a person can act on. */
function tooManyPixels(field: string, width: number, height: number): ProblemException {
  const detail = `The picture is ${width} × ${height} pixels (${Math.round((width * height) / 1e6)} megapixels); pictures may have at most ${MAX_IMAGE_PIXELS / 1e6} megapixels. Make it smaller and upload it again.`;
  return new ProblemException(HttpStatus.UNPROCESSABLE_ENTITY, {
    type: ProblemType.VALIDATION,
    detail,
    message: 'error.upload',
    fieldErrors: [{ field, message: detail }],
  });
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

const DOC = 'application/msword';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A résumé's type from its bytes (PDF, DOC, DOCX), or null for anything else. */
export async function sniffResume(buffer: Buffer): Promise<{ ext: string; contentType: string } | null> {
  const found = await fileTypeFromBuffer(buffer);
  if (found?.ext === 'pdf') return { ext: 'pdf', contentType: 'application/pdf' };
  // OLE2 compound files are also Excel, PowerPoint and Windows installers: Word's have a WordDocument stream.
  if (found?.ext === 'cfb' && buffer.includes(Buffer.from('WordDocument', 'utf16le')))
    return { ext: 'doc', contentType: DOC };
  if (found?.ext === 'docx' && buffer.includes(Buffer.from('word/document.xml', 'latin1')))
    return { ext: 'docx', contentType: DOCX };
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
