import { describe, expect, it } from 'vitest';
import { MAX_FORM_PARTS, chosenFiles, readActionForm } from './multipart.server';

/** A multipart POST the way a browser sends one (undici writes the boundary). */
function multipartRequest(form: FormData): Request {
  return new Request('http://hearth.test/l/settings', { method: 'POST', body: form });
}

describe(readActionForm.name, () => {
  it('reads the fields and files of an upload form', async () => {
    const form = new FormData();
    form.append('intent', 'pictures');
    form.append('files', new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }));
    const read = await readActionForm(multipartRequest(form));
    expect(read.get('intent')).toBe('pictures');
    expect(chosenFiles(read, 'files').files.map((f) => [f.name, f.size])).toEqual([['a.png', 10]]);
  });

  it(`refuses a form with more than ${MAX_FORM_PARTS} parts with a 413 saying so`, async () => {
    const form = new FormData();
    for (let i = 0; i <= MAX_FORM_PARTS; i++) form.append(`f${i}`, 'x');
    const error = await readActionForm(multipartRequest(form)).catch((e: unknown) => e);
    expect(error).toMatchObject({
      data: `The form has more than ${MAX_FORM_PARTS} fields and files. Go back and send fewer or smaller files.`,
      init: { status: 413 },
    });
  });

  it(`accepts exactly ${MAX_FORM_PARTS} parts`, async () => {
    const form = new FormData();
    for (let i = 0; i < MAX_FORM_PARTS; i++) form.append(`f${i}`, 'x');
    const read = await readActionForm(multipartRequest(form));
    expect([...read.keys()]).toHaveLength(MAX_FORM_PARTS);
  });
});
