import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@hearth/shared';
import { ProblemException } from '../../common/problem/problem.exception.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { UploadService } from './upload.service.js';

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
    const pdf = await sut.storeDocument(
      blob(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')),
      'permits',
    );
    expect(pdf).toEqual({
      key: expect.stringMatching(/^private\/permits\/[0-9a-f-]{36}\.pdf$/),
      contentType: 'application/pdf',
    });
    const exe = blob(Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), 'permit.pdf');
    expect((await problemOf(sut.storeDocument(exe, 'permits'))).status).toBe(415);
  });
});
