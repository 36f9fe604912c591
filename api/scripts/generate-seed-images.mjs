// Generates the small demo pictures shipped with the seed (api/src/database/seed/images). Run once by a
// developer when the dish list changes: `node api/scripts/generate-seed-images.mjs`. Deterministic.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../src/database/seed/images');
mkdirSync(OUT, { recursive: true });

function rng(seed) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () =>
    ((h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909)) >>> 0) / 4294967296;
}

// name: [base, accent colours, topping colours, style]
const DISHES = {
  'butter-chicken': ['#e07a2e', '#f2a65a', ['#fff4e0', '#3c8d2f'], 'curry'],
  'chicken-biryani': ['#e9b44c', '#d98c2b', ['#fff8e7', '#7a3b12', '#3c8d2f'], 'rice'],
  'dal-tadka': ['#e8b53a', '#c98f1c', ['#3c8d2f', '#b3361b'], 'curry'],
  'paneer-tikka': ['#e37b3a', '#f5d7a1', ['#3c8d2f', '#f2f2e6'], 'skewer'],
  'masala-dosa': ['#d9a24a', '#f1cf8a', ['#ffffff', '#a83f1f'], 'crepe'],
  'veggie-lasagna': ['#c8442b', '#f3d27a', ['#3c8d2f', '#fff2cc'], 'slab'],
  'spaghetti-pomodoro': ['#f2d27a', '#c8341f', ['#3c8d2f', '#fff9e6'], 'noodles'],
  'pad-thai': ['#e6b66a', '#c9802d', ['#f5f1e1', '#8bc34a', '#d84315'], 'noodles'],
  pho: ['#e8c98a', '#b5652a', ['#7cb342', '#fff8e1', '#c62828'], 'soup'],
  ramen: ['#d9a05b', '#f4e3b5', ['#f9c74f', '#2d6a4f', '#ffffff'], 'soup'],
  'chicken-tacos': ['#f0c27b', '#b5651d', ['#43a047', '#e53935', '#fff3e0'], 'taco'],
  'black-bean-burrito-bowl': ['#5d4037', '#f1e3c6', ['#43a047', '#ffca28', '#e53935'], 'rice'],
  dumplings: ['#f5ecd7', '#e0cda9', ['#2e7d32', '#6d4c41'], 'dumpling'],
  'sushi-rolls': ['#fafafa', '#263238', ['#ef6c00', '#66bb6a', '#e57373'], 'sushi'],
  'greek-salad': ['#7cb342', '#c5e1a5', ['#e53935', '#fafafa', '#3e2723', '#fdd835'], 'salad'],
  'quinoa-power-bowl': ['#d7c49e', '#a1887f', ['#66bb6a', '#ff7043', '#8e24aa', '#ffee58'], 'salad'],
  'jollof-rice': ['#e4572e', '#f29e4c', ['#43a047', '#fff3e0'], 'rice'],
  'beef-stew': ['#6d3b1f', '#a0522d', ['#ff8f00', '#7cb342', '#f5deb3'], 'soup'],
  'mac-and-cheese': ['#f6c445', '#e9a923', ['#d9822b'], 'noodles'],
  'bbq-brisket': ['#5b2c16', '#8d4a24', ['#f5deb3', '#7cb342'], 'slab'],
  shakshuka: ['#c62828', '#e57373', ['#ffffff', '#fbc02d', '#2e7d32'], 'eggs'],
  'banana-bread': ['#9c6b30', '#c98f4e', ['#5d3a1a'], 'slab'],
  'apple-pie': ['#d4a05a', '#b07834', ['#8b4513'], 'pie'],
  'chocolate-cake': ['#4e2a1e', '#7b4a36', ['#f8bbd0', '#ffffff'], 'pie'],
  poutine: ['#e9c46a', '#8d5524', ['#fffdf7'], 'fries'],
  'butter-tarts': ['#e0a458', '#8b5a2b', ['#6d3b1f'], 'pie'],
  'idli-sambar': ['#fafaf5', '#e07a2e', ['#3c8d2f'], 'dumpling'],
  pierogi: ['#f3e2c0', '#d9b98c', ['#fff8e1', '#6d4c41', '#43a047'], 'dumpling'],
  'mole-enchiladas': ['#4a2418', '#8a4b2a', ['#fafafa', '#43a047'], 'slab'],
  'lemon-herb-salmon': ['#f28c5a', '#fbc5a4', ['#fff59d', '#43a047'], 'skewer'],
};

function food(style, r, base, accent, toppings) {
  const parts = [];
  const pick = () => toppings[Math.floor(r() * toppings.length)];
  const scatter = (n, rad, spread = 95) => {
    for (let i = 0; i < n; i++) {
      const a = r() * Math.PI * 2;
      const d = Math.sqrt(r()) * spread;
      parts.push(
        `<circle cx="${(240 + Math.cos(a) * d).toFixed(1)}" cy="${(180 + Math.sin(a) * d * 0.8).toFixed(1)}" r="${(rad * (0.6 + r() * 0.8)).toFixed(1)}" fill="${pick()}" opacity="0.92"/>`,
      );
    }
  };
  switch (style) {
    case 'curry':
    case 'soup':
      parts.push(
        `<ellipse cx="240" cy="180" rx="118" ry="96" fill="${accent}"/><ellipse cx="240" cy="178" rx="104" ry="84" fill="${base}"/>`,
      );
      parts.push(
        `<path d="M170 170 q35 -25 70 0 t70 0" stroke="${accent}" stroke-width="6" fill="none" opacity="0.6"/>`,
      );
      scatter(style === 'soup' ? 14 : 18, style === 'soup' ? 11 : 7, 80);
      break;
    case 'rice':
      parts.push(`<ellipse cx="240" cy="180" rx="120" ry="98" fill="${base}"/>`);
      for (let i = 0; i < 90; i++) {
        const a = r() * Math.PI * 2,
          d = Math.sqrt(r()) * 105;
        const x = (240 + Math.cos(a) * d).toFixed(1),
          y = (180 + Math.sin(a) * d * 0.8).toFixed(1);
        parts.push(
          `<ellipse cx="${x}" cy="${y}" rx="5" ry="2.2" transform="rotate(${Math.floor(r() * 180)} ${x} ${y})" fill="${accent}" opacity="0.5"/>`,
        );
      }
      scatter(16, 9, 85);
      break;
    case 'noodles':
      parts.push(`<ellipse cx="240" cy="180" rx="118" ry="96" fill="${base}"/>`);
      for (let i = 0; i < 26; i++) {
        const y = 110 + r() * 140;
        parts.push(
          `<path d="M${140 + r() * 30} ${y} q50 ${-30 + r() * 60} 100 0 t100 0" stroke="${accent}" stroke-width="5" fill="none" opacity="0.75"/>`,
        );
      }
      scatter(12, 8, 80);
      break;
    case 'salad':
      for (let i = 0; i < 40; i++)
        parts.push(
          `<ellipse cx="${(240 + (r() - 0.5) * 200).toFixed(1)}" cy="${(180 + (r() - 0.5) * 160).toFixed(1)}" rx="${18 + r() * 14}" ry="${10 + r() * 8}" transform="rotate(${Math.floor(r() * 180)} 240 180)" fill="${r() > 0.5 ? base : accent}"/>`,
        );
      scatter(22, 10, 90);
      break;
    case 'taco':
    case 'crepe':
      for (let i = 0; i < 3; i++) {
        const x = 160 + i * 80;
        parts.push(
          `<path d="M${x - 40} 210 a42 42 0 0 1 84 0 z" fill="${base}" stroke="${accent}" stroke-width="5"/>`,
        );
        parts.push(
          `<circle cx="${x}" cy="195" r="9" fill="${pick()}"/><circle cx="${x - 15}" cy="200" r="7" fill="${pick()}"/><circle cx="${x + 15}" cy="200" r="7" fill="${pick()}"/>`,
        );
      }
      break;
    case 'dumpling':
    case 'sushi':
      for (let i = 0; i < 7; i++) {
        const a = (i / 7) * Math.PI * 2;
        const x = 240 + Math.cos(a) * 72,
          y = 180 + Math.sin(a) * 58;
        if (style === 'sushi')
          parts.push(
            `<circle cx="${x}" cy="${y}" r="27" fill="${accent}"/><circle cx="${x}" cy="${y}" r="21" fill="${base}"/><circle cx="${x}" cy="${y}" r="9" fill="${pick()}"/>`,
          );
        else
          parts.push(
            `<path d="M${x - 28} ${y + 10} q28 -50 56 0 z" fill="${base}" stroke="${accent}" stroke-width="3"/>`,
          );
      }
      scatter(5, 6, 25);
      break;
    case 'skewer':
    case 'slab':
    case 'fries':
      if (style === 'fries') {
        for (let i = 0; i < 30; i++)
          parts.push(
            `<rect x="${150 + r() * 170}" y="${110 + r() * 120}" width="11" height="${40 + r() * 30}" rx="3" transform="rotate(${-40 + r() * 80} 240 180)" fill="${base}" stroke="${accent}" stroke-width="1"/>`,
          );
        scatter(12, 10, 70);
      } else if (style === 'slab') {
        parts.push(
          `<rect x="150" y="120" width="180" height="120" rx="14" fill="${accent}"/><rect x="150" y="120" width="180" height="40" rx="12" fill="${base}"/>`,
        );
        scatter(10, 6, 70);
      } else {
        for (let i = 0; i < 4; i++)
          parts.push(
            `<rect x="${160 + i * 42}" y="${130 + (i % 2) * 20}" width="36" height="60" rx="10" fill="${i % 2 ? accent : base}"/>`,
          );
        parts.push(`<line x1="140" y1="200" x2="340" y2="150" stroke="#8d6e63" stroke-width="4"/>`);
        scatter(8, 6, 100);
      }
      break;
    case 'pie':
      parts.push(
        `<circle cx="240" cy="180" r="104" fill="${accent}"/><circle cx="240" cy="180" r="90" fill="${base}"/>`,
      );
      for (let i = 0; i < 8; i++)
        parts.push(
          `<line x1="240" y1="180" x2="${240 + Math.cos(i * 0.785) * 90}" y2="${180 + Math.sin(i * 0.785) * 90}" stroke="${accent}" stroke-width="3"/>`,
        );
      scatter(9, 7, 60);
      break;
    case 'eggs':
      parts.push(
        `<circle cx="240" cy="180" r="110" fill="#37474f"/><circle cx="240" cy="180" r="98" fill="${base}"/>`,
      );
      for (const [x, y] of [
        [200, 150],
        [285, 160],
        [235, 225],
      ])
        parts.push(
          `<ellipse cx="${x}" cy="${y}" rx="30" ry="25" fill="#ffffff"/><circle cx="${x}" cy="${y}" r="12" fill="#fbc02d"/>`,
        );
      scatter(12, 5, 90);
      break;
  }
  return parts.join('');
}

for (const [name, [base, accent, toppings, style]] of Object.entries(DISHES)) {
  const r = rng(name);
  const cloths = ['#f3e9dc', '#e8f1ee', '#f6e7e9', '#eef0f6', '#f9f1da'];
  const cloth = cloths[Math.floor(r() * cloths.length)];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">
  <defs><radialGradient id="plate" cx="50%" cy="45%" r="60%"><stop offset="0%" stop-color="#ffffff"/><stop offset="100%" stop-color="#e9e4dc"/></radialGradient>
  <pattern id="cloth" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="24" height="24" fill="${cloth}"/><rect width="12" height="12" fill="#ffffff" opacity="0.35"/></pattern></defs>
  <rect width="480" height="360" fill="url(#cloth)"/>
  <ellipse cx="246" cy="192" rx="160" ry="132" fill="#000" opacity="0.08"/>
  <ellipse cx="240" cy="180" rx="158" ry="130" fill="url(#plate)" stroke="#d8d1c6" stroke-width="2"/>
  ${food(style, r, base, accent, toppings)}
</svg>`;
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 72 }).toBuffer();
  writeFileSync(join(OUT, `${name}.webp`), webp);
}
console.log(`wrote ${Object.keys(DISHES).length} pictures to ${OUT}`);
