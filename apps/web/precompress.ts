import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

// Text formats; images and fonts are compressed already. Not HTML: the server renders
// index.html per response, with a fresh nonce.
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|wasm)$/;
// Below this the saving is smaller than what a compressed response costs in headers.
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build,
 * public files included, at the highest levels: done once here, the server only picks the copy
 * the browser accepts.
 */
export function precompress(): Plugin {
  return {
    name: 'roastery:precompress',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler({ dir }) {
        if (dir) await precompressDirectory(dir);
      },
    },
  };
}

/** A copy no smaller than its original is not written: the server then sends the original. */
export async function precompressDirectory(dir: string): Promise<void> {
  const names = await readdir(dir, { recursive: true });
  const files = names.filter((name) => COMPRESSIBLE.test(name)).map((name) => join(dir, name));
  await Promise.all(files.map(compressBeside));
}

async function compressBeside(file: string): Promise<void> {
  if ((await stat(file)).size < MIN_BYTES) return;
  const original = await readFile(file);
  const variants = [
    {
      suffix: '.br',
      bytes: await brotli(original, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
        },
      }),
    },
    { suffix: '.gz', bytes: await gzipped(original, { level: constants.Z_BEST_COMPRESSION }) },
  ];
  for (const { suffix, bytes } of variants) {
    if (bytes.length < original.length) await writeFile(file + suffix, bytes);
  }
}
