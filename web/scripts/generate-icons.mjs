// Renders public/icons/*.svg into the PNG icons of the web manifest and a favicon.ico, with Debian's
// Chromium. Run after changing the SVGs: `node scripts/generate-icons.mjs`; commit the output.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const icons = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const svg = (name) => readFileSync(path.join(icons, name), 'utf8');

const outputs = [
  { file: 'icon-192.png', source: 'icon.svg', size: 192 },
  { file: 'icon-512.png', source: 'icon.svg', size: 512 },
  { file: 'icon-maskable-512.png', source: 'icon-maskable.svg', size: 512 },
  // Apple draws its own rounded corners: give it the full-bleed artwork.
  { file: 'apple-touch-icon.png', source: 'icon-maskable.svg', size: 180 },
  { file: 'favicon-32.png', source: 'icon.svg', size: 32, temporary: true },
  { file: 'favicon-16.png', source: 'icon.svg', size: 16, temporary: true },
];

/** An .ico file that embeds PNG images (supported by every current browser). */
function ico(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  const favicons = [];
  for (const { file, source, size, temporary } of outputs) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(source).replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    const data = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    if (temporary) favicons.push({ size, data });
    else writeFileSync(path.join(icons, file), data);
  }
  writeFileSync(path.join(icons, '..', 'favicon.ico'), ico(favicons.sort((a, b) => a.size - b.size)));
} finally {
  await browser.close();
}
