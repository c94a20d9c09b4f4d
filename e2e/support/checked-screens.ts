import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { expectAccessible } from './accessibility.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the browser tests of one run mark the screens already checked with axe. */
    checkedScreensDir: string;
  }
}

/** Vitest globalSetup: one folder of marks per run, shared by every worker. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'roastery-e2e-checked-'));
  project.provide('checkedScreensDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}

/**
 * Claims the page's screen for an axe check: true for the first caller of the run, false once a
 * test of any worker claimed it. A screen is its address (path and query) at the page's width.
 * The mark is a file created exclusively, so two workers leaving the same screen at once claim it
 * once.
 */
export async function claimScreen(page: Page): Promise<boolean> {
  const url = new URL(page.url());
  const mark = createHash('sha256')
    .update(`${page.viewportSize()?.width ?? 0} ${url.pathname}${url.search}`)
    .digest('hex');
  try {
    await writeFile(join(inject('checkedScreensDir'), mark), '', { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Checks the page's screen with axe unless a test of this run already did. Every route is also
 * swept in accessibility.test.ts; this catches what only a test's clicks reach (a tab, a filled
 * form).
 */
export async function checkScreenOnce(page: Page): Promise<void> {
  if (await claimScreen(page)) await expectAccessible(page);
}
