import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareTemplate } from './template.ts';

/** Vitest globalSetup: prepares one migrated template database for the whole run. */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'roastery-test-'));
  const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
  return async () => {
    await removeTemplate();
    await rm(dir, { recursive: true, force: true });
  };
}
