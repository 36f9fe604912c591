import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, beforeAll, it } from 'vitest';
import {
  distanceMatrix,
  nearestNeighbour,
  pathLength,
  solveRound,
  type LatLng,
} from '../src/modules/fulfilment/routes/route-solver.js';

/*
 * Delivery rounds (issue 17 item 5, ADR 022): BENCH_ROUNDS (default 200) rounds of BENCH_STOPS (default 50)
 * random stops in a city-sized box (about 20 × 20 km) from a random kitchen in it, solved by
 *   - the product (solveRound: nearest neighbour + 2-opt + Or-opt above 10 stops),
 *   - nearest neighbour alone,
 *   - pgRouting's pgr_TSPeuclidean when the `pgrouting` extension can be created in the bench database
 *     (scripts/bench.mjs installs postgresql-15-pgrouting when it runs as root with apt; else skipped).
 * pgr_TSPeuclidean answers a closed tour on planar coordinates: the points are projected to local metres
 * (equirectangular), and its tour is read as an open round from the kitchen both ways (dropping the last or
 * the first leg), the shorter kept; every length is then measured in haversine metres like the product's.
 * Prints the mean ratio of each length to the best of them per round, and p50/p99 solve times. Never fails.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const STOPS = Number(process.env.BENCH_STOPS ?? 50);

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const city = (next: () => number): LatLng => ({ lat: 45.43 + next() * 0.18, lng: -122.78 + next() * 0.26 });
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

let client: pg.Client | null = null;
let pgrouting = false;

beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pgrouting CASCADE');
    pgrouting = true;
  } catch (error) {
    console.log(
      `pgr_TSPeuclidean skipped: the pgrouting extension is not available (${(error as Error).message})`,
    );
  }
});
afterAll(() => client?.end());

async function tspEuclidean(d: number[][], points: LatLng[]): Promise<number[]> {
  const lat0 = (points[0].lat * Math.PI) / 180;
  const rows = points.map((p, i) => `(${i + 1}, ${p.lng * 111_320 * Math.cos(lat0)}, ${p.lat * 110_574})`);
  const sql = `SELECT id, x, y FROM (VALUES ${rows.join(', ')}) AS v(id, x, y)`;
  const { rows: tour } = (await client!.query(
    `SELECT node FROM pgr_TSPeuclidean($1, start_id => 1, randomize => false) ORDER BY seq`,
    [sql],
  )) as { rows: Array<{ node: string }> };
  const cycle = tour.map((r) => Number(r.node) - 1).slice(0, -1); // [0, ..., ] without the return to 0
  const forward = cycle;
  const backward = [0, ...cycle.slice(1).reverse()];
  return pathLength(d, forward) <= pathLength(d, backward) ? forward : backward;
}

it(`delivery rounds of ${STOPS} stops: product vs nearest neighbour vs pgr_TSPeuclidean`, async () => {
  const next = random(17);
  const ratios = { product: [] as number[], nearest: [] as number[], pgrouting: [] as number[] };
  const times = { product: [] as number[], nearest: [] as number[], pgrouting: [] as number[] };
  // Warm up the JIT so the first rounds do not count compilation.
  for (let i = 0; i < 20; i++)
    solveRound(
      city(next),
      Array.from({ length: STOPS }, () => city(next)),
    );
  for (let r = 0; r < ROUNDS; r++) {
    const start = city(next);
    const stops = Array.from({ length: STOPS }, () => city(next));
    const d = distanceMatrix(start, stops);

    let t = performance.now();
    const product = solveRound(start, stops).total;
    times.product.push(performance.now() - t);

    t = performance.now();
    const nearest = pathLength(d, nearestNeighbour(distanceMatrix(start, stops)));
    times.nearest.push(performance.now() - t);

    let viaPg = Infinity;
    if (pgrouting) {
      t = performance.now();
      viaPg = pathLength(d, await tspEuclidean(d, [start, ...stops]));
      times.pgrouting.push(performance.now() - t);
    }
    const best = Math.min(product, nearest, viaPg);
    ratios.product.push(product / best);
    ratios.nearest.push(nearest / best);
    if (pgrouting) ratios.pgrouting.push(viaPg / best);
  }
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const line = (name: string, key: keyof typeof ratios) =>
    ratios[key].length === 0
      ? `${name.padEnd(34)} skipped`
      : `${name.padEnd(34)} mean ratio to best ${mean(ratios[key]).toFixed(4)}  ` +
        `p50 ${percentile(times[key], 50).toFixed(2)} ms  p99 ${percentile(times[key], 99).toFixed(2)} ms`;
  console.log(
    [
      `\n${ROUNDS} rounds of ${STOPS} stops in a ~20 km box (haversine metres, open rounds from the kitchen)`,
      line('product (NN + 2-opt + Or-opt)', 'product'),
      line('nearest neighbour alone', 'nearest'),
      line('pgr_TSPeuclidean (incl. SQL trip)', 'pgrouting'),
      `targets: product ≤ 1.05 of the best on average, p99 < 50 ms`,
    ].join('\n'),
  );
});
