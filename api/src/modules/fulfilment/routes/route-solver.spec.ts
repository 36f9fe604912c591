import { describe, expect, it } from 'vitest';
import {
  distanceMatrix,
  haversine,
  heldKarp,
  improve,
  nearestNeighbour,
  pathLength,
  solveRound,
  type LatLng,
} from './route-solver.js';

/** A small seeded generator (mulberry32), so every run sees the same instances. */
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

/** Points in a ~20 km box around Portland, OR. */
function cityPoints(next: () => number, count: number): LatLng[] {
  return Array.from({ length: count }, () => ({ lat: 45.43 + next() * 0.18, lng: -122.78 + next() * 0.26 }));
}

/** Brute force over all orders, for checking Held–Karp itself on tiny rounds. */
function bruteForce(d: number[][]): number {
  const rest = d.slice(1).map((_, i) => i + 1);
  let best = Infinity;
  const walk = (path: number[], left: number[]) => {
    if (left.length === 0) best = Math.min(best, pathLength(d, path));
    for (const p of left)
      walk(
        [...path, p],
        left.filter((q) => q !== p),
      );
  };
  walk([0], rest);
  return best;
}

describe('route solver', () => {
  it('measures great-circle metres (Portland to Seattle is about 234 km)', () => {
    const metres = haversine({ lat: 45.5152, lng: -122.6784 }, { lat: 47.6062, lng: -122.3321 });
    expect(metres).toBeGreaterThan(232_000);
    expect(metres).toBeLessThan(236_000);
  });

  it('Held–Karp equals brute force on 30 rounds of up to 7 stops', () => {
    const next = random(7);
    for (let t = 0; t < 30; t++) {
      const n = 1 + (t % 7);
      const d = distanceMatrix(cityPoints(next, 1)[0], cityPoints(next, n));
      const exact = heldKarp(d);
      expect([...exact].sort((a, b) => a - b)).toEqual(d.map((_, i) => i));
      expect(pathLength(d, exact)).toBeCloseTo(bruteForce(d), 6);
    }
  });

  it('2-opt + Or-opt on nearest neighbour: within 2 % of Held–Karp on average over 200 rounds of ≤ 10 stops, never worse than the construction', () => {
    const next = random(2026);
    const excess: number[] = [];
    for (let t = 0; t < 200; t++) {
      const n = 3 + (t % 8); // 3..10 stops
      const d = distanceMatrix(cityPoints(next, 1)[0], cityPoints(next, n));
      const constructed = nearestNeighbour(d);
      const constructedLength = pathLength(d, constructed);
      const improved = improve(d, [...constructed]);
      expect([...improved].sort((a, b) => a - b)).toEqual(d.map((_, i) => i));
      expect(improved[0]).toBe(0);
      const length = pathLength(d, improved);
      const optimum = pathLength(d, heldKarp(d));
      expect(length).toBeLessThanOrEqual(constructedLength + 1e-6);
      expect(length).toBeGreaterThanOrEqual(optimum - 1e-6);
      excess.push(length / optimum - 1);
    }
    const mean = excess.reduce((a, b) => a + b, 0) / excess.length;
    expect(mean).toBeLessThan(0.02);
  });

  it('is deterministic', () => {
    const next = random(99);
    const start = cityPoints(next, 1)[0];
    const stops = cityPoints(next, 40);
    expect(solveRound(start, stops)).toEqual(solveRound(start, stops));
    expect(solveRound(start, stops).method).toBe('heuristic');
  });

  it('handles 0, 1 and 2 stops', () => {
    const kitchen = { lat: 45.5, lng: -122.6 };
    expect(solveRound(kitchen, [])).toEqual({ order: [], legs: [], total: 0, method: 'exact' });
    const one = solveRound(kitchen, [{ lat: 45.51, lng: -122.6 }]);
    expect(one.order).toEqual([0]);
    expect(one.total).toBeCloseTo(haversine(kitchen, { lat: 45.51, lng: -122.6 }), 6);
    const far = { lat: 45.6, lng: -122.6 };
    const near = { lat: 45.52, lng: -122.6 };
    const two = solveRound(kitchen, [far, near]);
    expect(two.order).toEqual([1, 0]);
    expect(two.legs[0] + two.legs[1]).toBeCloseTo(two.total, 6);
  });

  it('handles duplicate points (zero-length legs) in both solvers', () => {
    const kitchen = { lat: 45.5, lng: -122.6 };
    const a = { lat: 45.52, lng: -122.61 };
    const b = { lat: 45.55, lng: -122.65 };
    const stops = [a, b, a, a, b, kitchen];
    const d = distanceMatrix(kitchen, stops);
    const heuristic = improve(d, nearestNeighbour(d));
    const exact = solveRound(kitchen, stops);
    expect(exact.order).toHaveLength(6);
    expect(new Set(exact.order).size).toBe(6);
    expect(pathLength(d, heuristic)).toBeCloseTo(exact.total, 6);
    expect(exact.total).toBeCloseTo(haversine(kitchen, a) + haversine(a, b), 6);
  });
});
