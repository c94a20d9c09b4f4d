import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

let dist: string;
beforeEach(async () => {
  dist = await mkdtemp(join(tmpdir(), 'roastery-precompress-'));
  await mkdir(join(dist, 'assets'));
});
afterEach(() => rm(dist, { recursive: true, force: true }));

const script = 'export const rows = [' + '{ "device": "GS1", "value": 1 },'.repeat(200) + '];\n';

describe('precompressDirectory', () => {
  it('writes a brotli and a gzip copy that decompress to the original', async () => {
    await writeFile(join(dist, 'assets', 'index-abc.js'), script);
    await precompressDirectory(dist);
    const br = await readFile(join(dist, 'assets', 'index-abc.js.br'));
    const gz = await readFile(join(dist, 'assets', 'index-abc.js.gz'));
    expect(br.length).toBeLessThan(script.length);
    expect(gz.length).toBeLessThan(script.length);
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
  });

  it('leaves small files, HTML and formats compressed already alone', async () => {
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(dist, 'index.html'), `<!doctype html><script>${script}</script>`);
    await writeFile(join(dist, 'assets', 'photo-abc.png'), script);
    await precompressDirectory(dist);
    expect((await readdir(dist, { recursive: true })).sort()).toEqual([
      'assets',
      join('assets', 'photo-abc.png'),
      'favicon.svg',
      'index.html',
    ]);
  });

  it('writes no copy that is not smaller than its original', async () => {
    // Random bytes do not compress: each copy would come out a few bytes larger.
    await writeFile(join(dist, 'assets', 'data-abc.wasm'), randomBytes(4096));
    await precompressDirectory(dist);
    expect(await readdir(join(dist, 'assets'))).toEqual(['data-abc.wasm']);
  });
});
