import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_WEB_WORKERS, webWorkerCount } from './workers.js';

describe('webWorkerCount', () => {
  it('is one per core in production, at most four', () => {
    expect(webWorkerCount({ NODE_ENV: 'production' }, 2)).toBe(2);
    expect(webWorkerCount({ NODE_ENV: 'production' }, 1)).toBe(1);
    expect(webWorkerCount({ NODE_ENV: 'production' }, 16)).toBe(DEFAULT_MAX_WEB_WORKERS);
  });

  it('follows WEB_WORKERS outside development', () => {
    expect(webWorkerCount({ NODE_ENV: 'production', WEB_WORKERS: 1 }, 8)).toBe(1);
    expect(webWorkerCount({ NODE_ENV: 'production', WEB_WORKERS: 6 }, 2)).toBe(6);
    expect(webWorkerCount({ NODE_ENV: 'test', WEB_WORKERS: 3 }, 8)).toBe(3);
  });

  it('is one in test and development, and development ignores WEB_WORKERS (Vite is one process)', () => {
    expect(webWorkerCount({ NODE_ENV: 'test' }, 8)).toBe(1);
    expect(webWorkerCount({ NODE_ENV: 'development' }, 8)).toBe(1);
    expect(webWorkerCount({ NODE_ENV: 'development', WEB_WORKERS: 4 }, 8)).toBe(1);
  });
});
