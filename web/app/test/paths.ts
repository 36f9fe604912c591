import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web package folder. */
export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where the test run builds the app, so that a running server's `build/` is left alone. */
export const TEST_BUILD_DIR = '.cache/test-build';
