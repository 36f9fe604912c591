import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web package folder. */
export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * Where the test run builds the app, so that a running server's `build/` is left alone.
 * `HEARTH_TEST_BUILD_DIR` gives another folder (two test runs in one checkout must not share one).
 */
export const TEST_BUILD_DIR = process.env.HEARTH_TEST_BUILD_DIR || '.cache/test-build';
