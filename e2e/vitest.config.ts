import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { longFilesFirst } from './support/long-files-first.ts';

// Pinned so that the suite runs the same from the repository root or from e2e/.
const repoRoot = resolve(import.meta.dirname, '..');

/** The browser test files that take a minute or more on the 2-core CI machine, longest first. */
const LONG_FILES = [
  'e2e/tests/accessibility.test.ts',
  'e2e/tests/navigation.test.ts',
  'e2e/tests/roasting-story.test.ts',
  'e2e/tests/workflows-run.test.ts',
];

/**
 * Browser tests: the built web app, served by the real server on a fresh database per file,
 * driven through headless Chromium. Each file starts its own server and a browser profile of its
 * own in its worker's Chromium; files run side by side (E2E_WORKERS, two by default: on two cores
 * the browser tests keep both busy).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: repoRoot,
    include: ['e2e/tests/**/*.test.ts'],
    globalSetup: [
      resolve(import.meta.dirname, '../packages/db/src/testing/global-setup.ts'),
      resolve(import.meta.dirname, 'support/checked-screens.ts'),
    ],
    // A screen a test leaves is also checked with axe the first time, a second or two when busy.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // A worker's files share its module graph and its Chromium (support/harness.ts) instead of
    // loading the server and launching a browser for each file.
    isolate: false,
    sequence: { sequencer: longFilesFirst(LONG_FILES) },
  },
});
