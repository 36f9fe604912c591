import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@hearth/shared';
import { ProblemException } from '../../common/problem/problem.exception.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { MAX_IMAGE_PIXELS, Semaphore, sniffResume, UploadService } from './upload.service.js';

const dir = mkdtempSync(join(tmpdir(), 'hearth-upload-'));
const storage = new LocalDiskStorage(dir);
const sut = new UploadService(storage);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#e07a2e' } })
    .png()
    .toBuffer();
const blob = (buffer: Buffer, originalname = 'x') => ({ buffer, size: buffer.length, originalname });

async function problemOf(promise: Promise<unknown>): Promise<{ status: number; detail: string }> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ProblemException);
  const p = error as ProblemException;
  return { status: p.getStatus(), detail: p.problem.detail };
}

describe(UploadService.name, () => {
  it('stores a picture as WebP at web widths without enlarging it', async () => {
    const stored = await sut.storeImage(blob(await png(1000, 500), 'dish.png'), 'items');
    expect(stored.key).toMatch(/^public\/items\/[0-9a-f-]{36}\/800\.webp$/);
    const widths = await Promise.all(
      stored.variants.map(async (v) => {
        const file = await storage.get(v.key);
        const chunks: Buffer[] = [];
        for await (const c of file!.stream) chunks.push(c as Buffer);
        const meta = await sharp(Buffer.concat(chunks)).metadata();
        return [v.width, meta.format, meta.width];
      }),
    );
    expect(widths).toEqual([
      [400, 'webp', 400],
      [800, 'webp', 800],
      [1600, 'webp', 1000],
    ]);
  });

  it('refuses a picture of more than 40 megapixels from its header, with a 422 saying so', async () => {
    // 8 000 × 6 250 = 50 MP of one colour: a small file that would decode to 150 MB.
    const huge = await png(8000, 6250);
    expect(huge.length).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(await problemOf(sut.storeImage(blob(huge, 'poster.png'), 'items'))).toEqual({
      status: 422,
      detail:
        'The picture is 8000 × 6250 pixels (50 megapixels); pictures may have at most 40 megapixels. Make it smaller and upload it again.',
    });
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
  });

  it('keeps transparency and orientation through the single decode', async () => {
    const clear = await sharp({
      create: { width: 900, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const stored = await sut.storeImage(blob(clear, 'logo.png'), 'items');
    const file = await storage.get(stored.variants[0].key);
    const chunks: Buffer[] = [];
    for await (const c of file!.stream) chunks.push(c as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([400, 133, true]);
  });

  it('judges a file by its bytes, not its name', async () => {
    const fake = blob(Buffer.from('#!/bin/sh\necho not a picture\n'), 'holiday.png');
    expect(await problemOf(sut.storeImage(fake, 'items'))).toEqual({
      status: 415,
      detail: 'The file is not a picture we can use: upload a JPEG, PNG, WebP, GIF or AVIF image.',
    });
    const renamed = await sut.storeImage(blob(await png(50, 50), 'menu.pdf'), 'items');
    expect(renamed.key).toMatch(/\.webp$/);
  });

  it('refuses a file over the size limit and an empty one', async () => {
    const big = { buffer: Buffer.alloc(16), size: MAX_UPLOAD_BYTES + 1 };
    expect(await problemOf(sut.storeImage(big, 'items'))).toEqual({
      status: 413,
      detail: 'The file is larger than 5 MB.',
    });
    expect(await problemOf(sut.storeImage(undefined, 'items'))).toEqual({
      status: 400,
      detail: 'Choose a file to upload.',
    });
  });

  it('stores a PDF document privately and refuses other documents', async () => {
    const bytes = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
    const pdf = await sut.storeDocument(blob(bytes), 'permits');
    expect(pdf).toEqual({
      key: expect.stringMatching(/^private\/permits\/[0-9a-f-]{36}\.pdf$/),
      contentType: 'application/pdf',
      size: bytes.length,
    });
    const exe = blob(Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), 'permit.pdf');
    expect((await problemOf(sut.storeDocument(exe, 'permits'))).status).toBe(415);
  });
});

describe(Semaphore.name, () => {
  it('runs at most its size of tasks at once, the others in turn, and frees a slot when a task fails', async () => {
    const sut = new Semaphore(2);
    let running = 0;
    let most = 0;
    const task = (fail = false) =>
      sut.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 10));
        running -= 1;
        if (fail) throw new Error('broken picture');
        return 'done';
      });
    const results = await Promise.allSettled([task(), task(true), task(), task(), task(true), task()]);
    expect(most).toBe(2);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(await task()).toBe('done');
  });
});

describe(sniffResume.name, () => {
  const ole2 = (stream: string) =>
    Buffer.concat([
      Buffer.from('d0cf11e0a1b11ae1', 'hex'),
      Buffer.alloc(1024),
      Buffer.from(stream, 'utf16le'),
      Buffer.alloc(512),
    ]);

  it('knows PDF and Word 97–2003 documents by their bytes', async () => {
    expect(await sniffResume(Buffer.from('%PDF-1.7\n%%EOF\n'))).toEqual({
      ext: 'pdf',
      contentType: 'application/pdf',
    });
    expect(await sniffResume(ole2('WordDocument'))).toEqual({
      ext: 'doc',
      contentType: 'application/msword',
    });
  });

  it('refuses programs, other OLE2 files (a spreadsheet, an installer) and plain text', async () => {
    expect(await sniffResume(Buffer.concat([Buffer.from('\x7fELF', 'latin1'), Buffer.alloc(64)]))).toBeNull();
    expect(await sniffResume(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]))).toBeNull();
    expect(await sniffResume(ole2('Workbook'))).toBeNull();
    expect(await sniffResume(Buffer.from('Curriculum vitae'))).toBeNull();
  });
});
