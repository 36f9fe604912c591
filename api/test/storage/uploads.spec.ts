import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../setup/harness.js';
import { API, chefIn, newItem, type Chef } from '../menu/catalog-kit.js';
import { register } from '../publisher/kitchens.js';

// Security review S-21 (private documents keep no metadata and never open as a page) and S-24 (a refused
// upload leaves no orphaned file behind).

const STORAGE = process.env.STORAGE_DIR ?? 'var/test-storage';

/** Every file under a storage folder (relative paths). */
function filesUnder(folder: string): string[] {
  try {
    return readdirSync(join(STORAGE, folder), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** A JPEG photo as phones take them: with EXIF (camera, GPS position). */
const phonePhoto = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: '#884422' } })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Snap 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 43/1 4133/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '74/1 4/1 3950/100',
      },
    })
    .jpeg()
    .toBuffer();

const binary = (req: request.Test) =>
  req.buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('private documents', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.close());

  it('are stored without EXIF or GPS, upright, and served as a sandboxed download', async () => {
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined(); // the fixture does carry them

    const customer = await h.customer();
    await register(h, customer);
    const uploaded = await request(h.http)
      .post(`${API}/publisher/upload-licenses`)
      .set(customer.auth)
      .attach('files', photo, 'licence.jpg')
      .expect(200);
    const [licence] = uploaded.body.licensesAndCertifications as { key: string; url: string }[];

    const read = await binary(request(h.http).get(licence.url).set(customer.auth)).expect(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(read.headers['content-disposition']).toBe('attachment');
    expect(read.headers['content-security-policy']).toContain('sandbox');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    const body = read.body as Buffer;
    const meta = await sharp(body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(body.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([60, 40]);
  });

  it('keep a PDF byte for byte', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const customer = await h.customer();
    await register(h, customer);
    const uploaded = await request(h.http)
      .post(`${API}/publisher/upload-licenses`)
      .set(customer.auth)
      .attach('files', pdf, 'licence.pdf')
      .expect(200);
    const [licence] = uploaded.body.licensesAndCertifications as { url: string }[];
    const read = await binary(request(h.http).get(licence.url).set(customer.auth)).expect(200);
    expect((read.body as Buffer).equals(pdf)).toBe(true);
    expect(read.headers['content-disposition']).toBe('attachment');
  });
});

describe('refused uploads leave no file behind', () => {
  let h: Harness;
  let chef: Chef;
  beforeAll(async () => {
    h = await startHarness();
    chef = await chefIn(h);
  }, 60_000);
  afterAll(() => h?.close());

  const picture = () =>
    sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a7d44' } })
      .png()
      .toBuffer();

  it('item pictures: a good picture stored before a refused one is removed again', async () => {
    const item = await newItem(h, chef);
    const before = filesUnder('public/items');
    await request(h.http)
      .post(`${API}/item/${item.id}/pictures`)
      .set(chef.auth)
      .attach('files', await picture(), 'good.png')
      .attach('files', Buffer.from('not a picture at all'), 'bad.png')
      .expect(415);
    expect(filesUnder('public/items')).toEqual(before);
  });
});
