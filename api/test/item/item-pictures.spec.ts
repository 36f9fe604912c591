import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PictureDto } from '../../src/modules/item/dto/item-response.dto.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { API, chefIn, newItem, type Chef } from '../menu/catalog-kit.js';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7d44' } })
    .png()
    .toBuffer();

describe('item pictures', () => {
  let h: Harness;
  let chef: Chef;
  beforeAll(async () => {
    h = await startHarness();
    chef = await chefIn(h);
  });
  afterAll(() => h?.close());

  const upload = (itemId: string, files: Array<[Buffer, string]>, auth = chef.auth) => {
    const req = request(h.http).post(`${API}/item/${itemId}/pictures`).set(auth);
    for (const [buffer, name] of files) req.attach('files', buffer, name);
    return req;
  };

  it('stores a real picture at 400, 800 and 1600 px, served by files/…', async () => {
    const item = await newItem(h, chef);
    const res = await upload(item.id, [[await png(2000, 1000), 'dish.png']]).expect(201);
    const [picture] = res.body.itemPictures as PictureDto[];
    expect(picture.url).toMatch(new RegExp(`^${API}/files/public/items/[0-9a-f-]{36}/800\\.webp$`));
    expect(picture.sizes.map((s) => s.width)).toEqual([400, 800, 1600]);
    for (const size of picture.sizes) {
      const file = await request(h.http)
        .get(size.url)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.body as Buffer).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', size.width]);
    }
    expect((await request(h.http).get(`${API}/item/${item.id}`).expect(200)).body.itemPictures).toEqual([
      picture,
    ]);
  });

  it('judges a file by its bytes: text named .png is refused with 415', async () => {
    const item = await newItem(h, chef);
    const res = await upload(item.id, [[Buffer.from('just some text, honestly\n'), 'photo.png']]).expect(415);
    expect(res.body).toMatchObject({
      status: 415,
      detail: 'The file is not a picture we can use: upload a JPEG, PNG, WebP, GIF or AVIF image.',
      fieldErrors: [{ field: 'files', message: expect.any(String) }],
    });
    expect((await request(h.http).get(`${API}/item/${item.id}`).set(chef.auth)).body.itemPictures).toEqual(
      [],
    );
  });

  it('refuses a file over 5 MB with 413', async () => {
    const item = await newItem(h, chef);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(item.id, [[big, 'huge.png']]).expect(413);
    expect(res.body.detail).toBe('The file is larger than 5 MB.');
  });

  it('keeps at most 5 pictures per item and deletes one by its id', async () => {
    const item = await newItem(h, chef);
    const small = await png(50, 50);
    const six = Array.from({ length: 6 }, (_, i) => [small, `p${i}.png`] as [Buffer, string]);
    await upload(item.id, six).expect(400);
    const five = await upload(item.id, six.slice(0, 5)).expect(201);
    expect(five.body.itemPictures).toHaveLength(5);
    const more = await upload(item.id, six.slice(0, 1)).expect(400);
    expect(more.body.detail).toBe('An item has at most 5 pictures and this one has 5: delete one first.');

    const [first, second] = five.body.itemPictures as PictureDto[];
    const after = await request(h.http)
      .delete(`${API}/item/${item.id}/pictures/${first.id}`)
      .set(chef.auth)
      .expect(200);
    expect((after.body.itemPictures as PictureDto[]).map((p) => p.id)[0]).toBe(second.id);
    expect(after.body.itemPictures).toHaveLength(4);
    await request(h.http).get(first.sizes[0].url).expect(404);
    await request(h.http).delete(`${API}/item/${item.id}/pictures/${first.id}`).set(chef.auth).expect(404);
  });

  it("keeps a picture's files while a clone still shows them", async () => {
    const item = await newItem(h, chef);
    const [picture] = (await upload(item.id, [[await png(60, 60), 'a.png']]).expect(201)).body
      .itemPictures as PictureDto[];
    const copy = await request(h.http)
      .post(`${API}/item/clone-item`)
      .set(chef.auth)
      .send({ itemId: item.id })
      .expect(201);
    expect(copy.body.itemPictures).toEqual([picture]);
    await request(h.http).delete(`${API}/item/${item.id}/pictures/${picture.id}`).set(chef.auth).expect(200);
    await request(h.http).get(picture.url).expect(200);
  });

  it('hides pictures an admin blocked from the public, not from the owner', async () => {
    const item = await newItem(h, chef);
    await upload(item.id, [[await png(40, 40), 'a.png']]).expect(201);
    await h.db.query(`UPDATE item SET block_image = true WHERE id = $1`, [item.id]);
    expect((await request(h.http).get(`${API}/item/${item.id}`).expect(200)).body.itemPictures).toEqual([]);
    expect(
      (await request(h.http).get(`${API}/item/${item.id}`).set(chef.auth).expect(200)).body.itemPictures,
    ).toHaveLength(1);
  });

  it("refuses another chef's upload as not found", async () => {
    const item = await newItem(h, chef);
    const other = await chefIn(h);
    await upload(item.id, [[await png(20, 20), 'a.png']], other.auth).expect(404);
  });
});
