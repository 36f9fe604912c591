/**
 * The delivery round solver (issue 17 item 5, ADR 022): pure, no I/O, deterministic.
 *
 * A round is OPEN: it starts at the kitchen (the pickup location) and ends at the last stop; the drive home
 * is not part of it, because the chef is free once the last bag is handed over and the order of the stops
 * should not be bent to shorten a return trip nobody has to make on time.
 *
 * Distances are great-circle (haversine) metres. Rounds of up to EXACT_LIMIT stops are solved exactly with
 * Held–Karp; larger ones by nearest-neighbour construction, then 2-opt and Or-opt moves until neither
 * finds a gain.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export interface SolvedRound {
  /** Indexes into the stops, in the order to drive them. */
  order: number[];
  /** Metres from the previous point (the kitchen for the first stop) to each stop, in `order`. */
  legs: number[];
  /** Metres of the whole open round. */
  total: number;
  /** How it was solved. */
  method: 'exact' | 'heuristic';
}

/** Above this, Held–Karp (2ⁿ·n² steps) gives way to the heuristic. */
export const EXACT_LIMIT = 10;

const EARTH_RADIUS_M = 6_371_008.8;
const EPSILON = 1e-7;

/** Great-circle distance in metres. */
export function haversine(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance matrix over [start, ...stops]: point 0 is the start, stop i is point i + 1. */
export function distanceMatrix(start: LatLng, stops: readonly LatLng[]): number[][] {
  const points = [start, ...stops];
  return points.map((p) => points.map((q) => haversine(p, q)));
}

/** Length of an open path over matrix points (path[0] is normally 0, the start). */
export function pathLength(d: number[][], path: readonly number[]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += d[path[i - 1]][path[i]];
  return total;
}

/** Nearest-neighbour construction from point 0; ties go to the lower index. Returns [0, ...stops]. */
export function nearestNeighbour(d: number[][]): number[] {
  const n = d.length;
  const seen = new Array<boolean>(n).fill(false);
  const path = [0];
  seen[0] = true;
  for (let step = 1; step < n; step++) {
    const from = path[path.length - 1];
    let best = -1;
    for (let j = 1; j < n; j++) if (!seen[j] && (best < 0 || d[from][j] < d[from][best] - EPSILON)) best = j;
    seen[best] = true;
    path.push(best);
  }
  return path;
}

/** One pass of 2-opt on an open path with a fixed first point; true when it changed the path. */
function twoOpt(d: number[][], path: number[]): boolean {
  const n = path.length;
  let improved = false;
  for (let i = 1; i < n - 1; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = path[i - 1];
      const b = path[i];
      const c = path[j];
      const next = j + 1 < n ? path[j + 1] : -1;
      const before = d[a][b] + (next >= 0 ? d[c][next] : 0);
      const after = d[a][c] + (next >= 0 ? d[b][next] : 0);
      if (after < before - EPSILON) {
        for (let lo = i, hi = j; lo < hi; lo++, hi--) [path[lo], path[hi]] = [path[hi], path[lo]];
        improved = true;
      }
    }
  }
  return improved;
}

/** One pass of Or-opt: move a run of 1–3 stops (either way round) elsewhere; true when it changed the path. */
function orOpt(d: number[][], path: number[]): boolean {
  let improved = false;
  for (let length = 1; length <= 3; length++) {
    for (let i = 1; i + length <= path.length; i++) {
      const segment = path.slice(i, i + length);
      const first = segment[0];
      const last = segment[length - 1];
      const prev = path[i - 1];
      const next = i + length < path.length ? path[i + length] : -1;
      const removed = d[prev][first] + (next >= 0 ? d[last][next] - d[prev][next] : 0);
      const rest = [...path.slice(0, i), ...path.slice(i + length)];
      let bestGain = EPSILON;
      let bestAt = -1;
      let bestReversed = false;
      for (let k = 0; k < rest.length; k++) {
        if (k === i - 1) continue; // where it came from
        const p = rest[k];
        const q = k + 1 < rest.length ? rest[k + 1] : -1;
        const base = q >= 0 ? d[p][q] : 0;
        const forward = d[p][first] + (q >= 0 ? d[last][q] : 0) - base;
        const backward = d[p][last] + (q >= 0 ? d[first][q] : 0) - base;
        if (removed - forward > bestGain) [bestGain, bestAt, bestReversed] = [removed - forward, k, false];
        if (removed - backward > bestGain) [bestGain, bestAt, bestReversed] = [removed - backward, k, true];
      }
      if (bestAt >= 0) {
        const moved = bestReversed ? [...segment].reverse() : segment;
        const rebuilt = [...rest.slice(0, bestAt + 1), ...moved, ...rest.slice(bestAt + 1)];
        path.splice(0, path.length, ...rebuilt);
        improved = true;
      }
    }
  }
  return improved;
}

/** 2-opt and Or-opt until neither improves; changes and returns the path. */
export function improve(d: number[][], path: number[]): number[] {
  for (let round = 0; round < 1000; round++) {
    const a = twoOpt(d, path);
    const b = orOpt(d, path);
    if (!a && !b) break;
  }
  return path;
}

/** The exact shortest open path from point 0 through all others (Held–Karp); for up to ~12 stops. */
export function heldKarp(d: number[][]): number[] {
  const n = d.length - 1;
  if (n <= 0) return [0];
  const full = (1 << n) - 1;
  const cost = new Float64Array((full + 1) * n).fill(Infinity);
  const parent = new Int8Array((full + 1) * n).fill(-1);
  for (let j = 0; j < n; j++) cost[(1 << j) * n + j] = d[0][j + 1];
  for (let mask = 1; mask <= full; mask++) {
    for (let j = 0; j < n; j++) {
      const here = cost[mask * n + j];
      if (!(mask & (1 << j)) || here === Infinity) continue;
      for (let k = 0; k < n; k++) {
        if (mask & (1 << k)) continue;
        const next = mask | (1 << k);
        const value = here + d[j + 1][k + 1];
        if (value < cost[next * n + k] - EPSILON) {
          cost[next * n + k] = value;
          parent[next * n + k] = j;
        }
      }
    }
  }
  let end = 0;
  for (let j = 1; j < n; j++) if (cost[full * n + j] < cost[full * n + end] - EPSILON) end = j;
  const reversed: number[] = [];
  for (let mask = full, j = end; j >= 0;) {
    reversed.push(j + 1);
    const p = parent[mask * n + j];
    mask &= ~(1 << j);
    j = p;
  }
  return [0, ...reversed.reverse()];
}

/** The round through the stops from the start: exact up to EXACT_LIMIT stops, else the heuristic. */
export function solveRound(start: LatLng, stops: readonly LatLng[]): SolvedRound {
  const d = distanceMatrix(start, stops);
  const exact = stops.length <= EXACT_LIMIT;
  const path = exact ? heldKarp(d) : improve(d, nearestNeighbour(d));
  const legs = path.slice(1).map((p, i) => d[path[i]][p]);
  return {
    order: path.slice(1).map((p) => p - 1),
    legs,
    total: legs.reduce((sum, leg) => sum + leg, 0),
    method: exact ? 'exact' : 'heuristic',
  };
}
