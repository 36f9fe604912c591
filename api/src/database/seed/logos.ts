import { createHash } from 'node:crypto';
import sharp from 'sharp';

/*
 * Kitchen logos for the demo: a round badge with the brand's initials on a warm colour, 256×256 WebP.
 *
 * The letters are drawn as strokes from the small monoline alphabet below rather than as SVG <text>, so
 * the badge needs no installed font (the slim Docker image has none) and the same name gives the same
 * bytes on every machine with the same sharp version, which keeps the seed's storage writes idempotent.
 */

/** Capital letters as SVG path data in a 6 × 10 box (y grows downwards), drawn with round strokes. */
const GLYPHS: Record<string, string> = {
  A: 'M0 10 L3 0 L6 10 M1.1 6.4 H4.9',
  B: 'M0 10 V0 H3 A2.5 2.5 0 0 1 3 5 H0 M3 5 H3.3 A2.5 2.5 0 0 1 3.3 10 H0',
  C: 'M5.7 2 A3 5 0 1 0 5.7 8',
  D: 'M0 0 H2 A4 5 0 0 1 2 10 H0 Z',
  E: 'M6 0 H0 V10 H6 M0 5 H4.5',
  F: 'M6 0 H0 V10 M0 5 H4.5',
  G: 'M5.7 2 A3 5 0 1 0 6 6.2 H3.4',
  H: 'M0 0 V10 M6 0 V10 M0 5 H6',
  I: 'M1.5 0 H4.5 M3 0 V10 M1.5 10 H4.5',
  J: 'M6 0 V7 A3 3 0 0 1 0 7',
  K: 'M0 0 V10 M6 0 L0 6.2 M2.2 4.4 L6 10',
  L: 'M0 0 V10 H6',
  M: 'M0 10 V0 L3 6 L6 0 V10',
  N: 'M0 10 V0 L6 10 V0',
  O: 'M3 0 A3 5 0 1 0 3 10 A3 5 0 1 0 3 0 Z',
  P: 'M0 10 V0 H3 A2.75 2.75 0 0 1 3 5.5 H0',
  Q: 'M3 0 A3 5 0 1 0 3 10 A3 5 0 1 0 3 0 Z M3.6 7 L6 10',
  R: 'M0 10 V0 H3 A2.75 2.75 0 0 1 3 5.5 H0 M3 5.5 L6 10',
  S: 'M5.6 1.6 C4.6 -0.5 0.3 -0.3 0.3 2.6 C0.3 5.3 5.8 4.7 5.8 7.4 C5.8 10.4 1.3 10.6 0.2 8.3',
  T: 'M0 0 H6 M3 0 V10',
  U: 'M0 0 V7 A3 3 0 0 0 6 7 V0',
  V: 'M0 0 L3 10 L6 0',
  W: 'M0 0 L1.5 10 L3 3.5 L4.5 10 L6 0',
  X: 'M0 0 L6 10 M6 0 L0 10',
  Y: 'M0 0 L3 5 L6 0 M3 5 V10',
  Z: 'M0 0 H6 L0 10 H6',
};

/** Warm badge colours (terracotta, saffron, paprika, amber, cinnamon, coral, mustard, brick). */
const WARM_COLOURS = ['#C8553D', '#D98E04', '#B23A48', '#D17A22', '#9C4F2E', '#E0674A', '#B8860B', '#A23E2B'];
const INK = '#FFF6EA';

/** Words that never give an initial ("Lagos to Austin" → LA, "Maple & Rye" → MR). */
const SMALL_WORDS = new Set(['and', 'of', 'the', 'to', 'de', 'la', 'co', 'co.']);

/** Up to two initials of a brand name, from its words that start with a letter. */
export function brandInitials(brandName: string): string {
  const letters = brandName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[\s\-_/]+/)
    .filter((word) => word.length > 0 && !SMALL_WORDS.has(word.toLowerCase()))
    .map((word) =>
      word
        .replace(/[^A-Za-z]/g, '')
        .charAt(0)
        .toUpperCase(),
    )
    .filter((letter) => letter in GLYPHS);
  return letters.slice(0, 2).join('') || 'H';
}

/** The badge colour of a kitchen: picked by a hash of its name, so it never changes between runs. */
export function badgeColour(kitchenName: string): string {
  const byte = createHash('sha1').update(kitchenName).digest()[0] ?? 0;
  return WARM_COLOURS[byte % WARM_COLOURS.length] as string;
}

/** The badge as SVG. */
export function logoSvg(kitchenName: string, brandName: string, size = 256): string {
  const initials = brandInitials(brandName);
  const unit = size / 26.5; // cap height = 10 units ≈ 38 % of the badge
  const gap = 2.6;
  const width = initials.length * 6 + (initials.length - 1) * gap;
  const x0 = (size - width * unit) / 2;
  const y0 = (size - 10 * unit) / 2;
  const letters = [...initials]
    .map(
      (letter, i) => `<path transform="translate(${(i * (6 + gap)).toFixed(2)} 0)" d="${GLYPHS[letter]}"/>`,
    )
    .join('');
  const c = size / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<circle cx="${c}" cy="${c}" r="${c - 4}" fill="${badgeColour(kitchenName)}"/>` +
    `<circle cx="${c}" cy="${c}" r="${c - 16}" fill="none" stroke="${INK}" stroke-opacity="0.55" stroke-width="3"/>` +
    `<g transform="translate(${x0.toFixed(2)} ${y0.toFixed(2)}) scale(${unit.toFixed(4)})" fill="none" stroke="${INK}" ` +
    `stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${letters}</g></svg>`
  );
}

/** The logo of a kitchen as a 256×256 WebP (transparent outside the badge). */
export async function renderLogo(kitchenName: string, brandName: string): Promise<Buffer> {
  return sharp(Buffer.from(logoSvg(kitchenName, brandName)))
    .webp({ quality: 90, effort: 4 })
    .toBuffer();
}
