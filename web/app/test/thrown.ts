/**
 * Awaits a loader that should throw `data(…, { status })` and returns what a user would see: the status
 * and the data. Fails when the loader resolves or throws something else.
 */
export async function thrownBy(
  promise: Promise<unknown>,
): Promise<{ status: number | undefined; data: unknown }> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown && typeof thrown === 'object' && 'init' in thrown && 'data' in thrown) {
      const { init, data } = thrown as { init?: ResponseInit | null; data: unknown };
      return { status: init?.status, data };
    }
    throw thrown;
  }
  throw new Error('expected the loader to throw a response, but it returned');
}
