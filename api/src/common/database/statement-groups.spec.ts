import { describe, expect, it } from 'vitest';
import { StatementGroups } from './statement-groups.js';

/** A statement that doubles its inputs, holding each run until released; records the groups it ran. */
function doubling(fail?: (inputs: readonly number[]) => boolean) {
  const runs: number[][] = [];
  const waiting: Array<() => void> = [];
  const groups = new StatementGroups<number, number>(
    async (inputs) => {
      runs.push([...inputs]);
      await new Promise<void>((resolve) => waiting.push(resolve));
      if (fail?.(inputs)) throw new Error(`refused ${inputs.join(',')}`);
      return inputs.map((n) => n * 2);
    },
    { inFlight: 2, max: 3 },
  );
  const releaseAll = async () => {
    while (waiting.length > 0) {
      waiting.splice(0).forEach((release) => release());
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { groups, runs, releaseAll };
}

describe('StatementGroups', () => {
  it('runs a lone input at once, on its own', async () => {
    const { groups, runs, releaseAll } = doubling();
    const out = groups.submit(21);
    await releaseAll();
    expect(await out).toBe(42);
    expect(runs).toEqual([[21]]);
  });

  it('groups what arrives while statements run, up to the maximum, each caller getting its own output', async () => {
    const { groups, runs, releaseAll } = doubling();
    const outs = [1, 2, 3, 4, 5, 6, 7].map((n) => groups.submit(n));
    // 1 and 2 run at once (two in flight); 3..5 and then 6..7 wait and go together.
    expect(runs).toEqual([[1], [2]]);
    await releaseAll();
    expect(await Promise.all(outs)).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(runs).toEqual([[1], [2], [3, 4, 5], [6, 7]]);
  });

  it('runs each input of a failed group alone, so that only the failing one sees an error', async () => {
    const { groups, runs, releaseAll } = doubling((inputs) => inputs.includes(4));
    const outs = [1, 2, 3, 4, 5].map((n) => groups.submit(n).catch((e: Error) => e.message));
    await releaseAll();
    expect(await Promise.all(outs)).toEqual([2, 4, 6, 'refused 4', 10]);
    expect(runs).toEqual([[1], [2], [3, 4, 5], [3], [4], [5]]);
  });
});
