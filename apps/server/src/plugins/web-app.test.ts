import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

const PLACEHOLDER = 'BUILD_NONCE';
const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <meta property="csp-nonce" nonce="${PLACEHOLDER}">
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js" nonce="${PLACEHOLDER}"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;
const script = `export const devices = [${'{ "code": "GS1", "mode": "auto" },'.repeat(300)}];\n`;
const favicon = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1v1z"/>'.repeat(80)}</svg>`;

/** What the web build writes: hashed assets and public files, each with .br and .gz beside it. */
async function writeWebDist(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'roastery-web-dist-'));
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'index.html'), builtIndex);
  for (const [file, content] of [
    ['assets/index-Ab12Cd34.js', script],
    ['favicon.svg', favicon],
  ] as const) {
    await writeFile(join(root, file), content);
    await writeFile(join(root, `${file}.br`), brotliCompressSync(content));
    await writeFile(join(root, `${file}.gz`), gzipSync(content));
  }
  // Too small to gain from compression: the build writes no copies.
  await writeFile(join(root, 'assets', 'tiny-Ef56Gh78.css'), 'body{margin:0}');
  return root;
}

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await writeWebDist();
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('web app delivery', () => {
  it('sends the brotli copy to a browser that accepts it', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length);
  });

  it('sends the gzip copy to a browser that accepts gzip only', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it.each([undefined, 'identity'])('sends the original for accept-encoding %s', async (accept) => {
    const res = await get('/assets/index-Ab12Cd34.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('sends the original of a file the build did not compress', async () => {
    const res = await get('/assets/tiny-Ef56Gh78.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('body{margin:0}');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('lets browsers keep hashed assets for a year, in every encoding', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await get('/assets/index-Ab12Cd34.js', accept);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('has other static files revalidated, compressed too', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['etag']).toBeDefined();
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(favicon);
  });

  it('never serves the compressed copies under their own names', async () => {
    const res = await get('/assets/index-Ab12Cd34.js.br', 'br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('sends index.html uncached, with a fresh nonce each time', async () => {
    const nonces = [];
    for (const url of ['/', '/device']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-encoding']).toBeUndefined();
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(res.body)?.[1];
      expect(nonce).toBeDefined();
      expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});
