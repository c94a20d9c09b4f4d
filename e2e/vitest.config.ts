import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Pinned so that the suite runs the same from the repository root or from e2e/.
const repoRoot = resolve(import.meta.dirname, '..');

/**
 * Browser tests: the built web app, served by the real server on a fresh database per file,
 * driven through headless Chromium. One file at a time: each starts a server and a browser.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: repoRoot,
    include: ['e2e/tests/**/*.test.ts'],
    globalSetup: [resolve(import.meta.dirname, '../packages/db/src/testing/global-setup.ts')],
    // Each screen a test opens is also checked with axe, a second or two on a busy machine.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
