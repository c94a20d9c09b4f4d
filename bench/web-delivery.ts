/**
 * Web delivery: the bytes on the wire of the web app's initial load, index.html and every file
 * it references (entry script, preloaded chunks, style sheet, icon), as the server sends them to
 * a client that accepts brotli and gzip, to one that accepts gzip only, and to one that accepts
 * neither; with each file's cache-control.
 *
 *   node bench/web-delivery.ts
 *
 * Builds the web app into a temporary directory first, so it measures the current sources.
 * Prints one JSON document on stdout.
 */
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareTemplate } from '@roastery/db/testing';
import { buildTestApp } from '@roastery/server/testing';

interface Fetched {
  status: number;
  encoding: string;
  cacheControl: string;
  bytes: Buffer;
}

/** node:http, not fetch: fetch decompresses the body, and the compressed size is the point. */
function get(url: string, acceptEncoding: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers['content-encoding'] ?? 'identity',
          cacheControl: res.headers['cache-control'] ?? '',
          bytes: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

function referencedFiles(html: string): string[] {
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/[^"]+)"/g)];
  return [...new Set(refs.map((match) => match[1]!))];
}

const root = join(import.meta.dirname, '..');
const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
const webDist = join(dir, 'web');
const build = spawnSync(
  'npm',
  ['run', 'build', '-w', '@roastery/web', '--', '--outDir', webDist, '--emptyOutDir'],
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'ignore', 'inherit'] },
);
if (build.status !== 0) throw new Error(`the web build failed with exit code ${build.status}`);

const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
const t = await buildTestApp({ WEB_DIST: webDist });
const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
try {
  const index = await get(`${base}/`, 'identity');
  const paths = ['/', ...referencedFiles(index.bytes.toString('utf8'))];
  const clients = { 'br, gzip': 'br, gzip', gzip: 'gzip', identity: 'identity' };
  const totals = Object.fromEntries(Object.keys(clients).map((client) => [client, 0]));
  const files = [];
  for (const path of paths) {
    const sent: Record<string, string> = {};
    const bytes: Record<string, number> = {};
    let cacheControl = '';
    for (const [client, acceptEncoding] of Object.entries(clients)) {
      const res = await get(`${base}${path}`, acceptEncoding);
      if (res.status !== 200) throw new Error(`${path}: status ${res.status}`);
      sent[client] = res.encoding;
      bytes[client] = res.bytes.length;
      totals[client]! += res.bytes.length;
      cacheControl = res.cacheControl;
    }
    files.push({ path, cacheControl, encoding: sent, bytes });
  }
  console.log(
    JSON.stringify(
      {
        benchmark: 'web-delivery',
        description: "initial load's bytes on the wire: index.html and the files it references",
        requests: paths.length,
        // Per Accept-Encoding of the client; identity is what every client got before the
        // build wrote compressed copies.
        totalBytes: totals,
        files,
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
  await removeTemplate();
  await rm(dir, { recursive: true, force: true });
}
