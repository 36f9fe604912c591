import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { holdScriptsUntilFirstPaint } from './first-paint.server';

// What Remix's <Scripts> and the rest of a document look like in React's output (a multi-byte character
// and text with `<` and `>` in an inline script included, as the split points must not matter for them).
const DOCUMENT =
  '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/assets/tailwind.css"/>' +
  '<script nonce="abc">if (a < b && c > d) document.cookie = "tz=1";</script></head>' +
  '<body><p>Crème brûlée · 2 < 3</p><link rel="modulepreload" href="/assets/manifest.js"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js"/><script nonce="abc">window.__remixContext = {"a":"<b>"};</script>' +
  '<script nonce="abc" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>' +
  '<script nonce="abc">(function(){s.type="module"})();</script></body></html>';

const HELD =
  '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/assets/tailwind.css"/>' +
  '<script nonce="abc">if (a < b && c > d) document.cookie = "tz=1";</script></head>' +
  '<body><p>Crème brûlée · 2 < 3</p><link rel="hearth-modulepreload" href="/assets/manifest.js"/>' +
  '<link rel="hearth-modulepreload" href="/assets/entry.client.js"/><script nonce="abc">window.__remixContext = {"a":"<b>"};</script>' +
  '<script nonce="abc" type="hearth/module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>' +
  '<script nonce="abc">(function(){s.type="module"})();</script></body></html>';

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(holdScriptsUntilFirstPaint()));
}

describe('holdScriptsUntilFirstPaint', () => {
  it('renames the module preloads and the module script, and nothing else', async () => {
    expect(await through([Buffer.from(DOCUMENT)])).toBe(HELD);
  });

  it('gives the same document wherever React splits its chunks, even inside a tag or a character', async () => {
    const bytes = Buffer.from(DOCUMENT);
    for (let at = 1; at < bytes.length; at++) {
      expect(await through([bytes.subarray(0, at), bytes.subarray(at)]), `split at byte ${at}`).toBe(HELD);
    }
    // And in many small pieces.
    const pieces: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += 7) pieces.push(bytes.subarray(at, at + 7));
    expect(await through(pieces)).toBe(HELD);
  });
});
