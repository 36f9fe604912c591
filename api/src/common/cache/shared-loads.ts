/**
 * Loads in progress, by key: a caller that asks for a key already being loaded gets the same promise instead of
 * starting another load, until it settles (fulfilled or rejected). When a cached value expires under load, every
 * request misses at once; with this they share one database read instead of each running its own.
 */
export class SharedLoads<T> {
  private readonly pending = new Map<string, Promise<T>>();

  load(key: string, start: () => Promise<T>): Promise<T> {
    let pending = this.pending.get(key);
    if (!pending) {
      pending = start();
      this.pending.set(key, pending);
      const forget = () => this.pending.delete(key);
      void pending.then(forget, forget);
    }
    return pending;
  }
}
