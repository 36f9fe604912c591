import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL } from './first-paint';

const PRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /(<script\b[^>]*?) type="module"/g;

/** Renames Remix's module preloads and module script in complete tags (first-paint.ts says why). */
export function holdScripts(html: string): string {
  return html
    .replace(PRELOAD, `<link rel="${HELD_PRELOAD_REL}"`)
    .replace(MODULE_SCRIPT, `$1 type="${HELD_MODULE_TYPE}"`);
}

/**
 * The HTML stream with Remix's module scripts held until the first paint. React writes the document in chunks
 * that may split a tag (or a character) anywhere, so the text from the last `<` without its `>` waits for the
 * next chunk: every tag is rewritten whole, and the text around it passes unchanged.
 */
export function holdScriptsUntilFirstPaint(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = pending + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      const open = text.lastIndexOf('<');
      const cut = open === -1 || text.indexOf('>', open) !== -1 ? text.length : open;
      pending = text.slice(cut);
      done(null, cut > 0 ? holdScripts(text.slice(0, cut)) : undefined);
    },
    flush(done) {
      done(null, holdScripts(pending + decoder.end()) || undefined);
    },
  });
}
