import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

const PLACEHOLDER = 'BUILD_NONCE';

// What the web build writes: every tag it emits, and the csp-nonce meta, carry the placeholder.
const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <title>Roastery Console</title>
    <meta property="csp-nonce" nonce="${PLACEHOLDER}">
    <script type="module" crossorigin src="/assets/index.js" nonce="${PLACEHOLDER}"></script>
    <link rel="stylesheet" crossorigin href="/assets/index.css" nonce="${PLACEHOLDER}">
  </head>
  <body><div id="root"></div></body>
</html>`;

async function writeWebDist(index: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'roastery-web-dist-'));
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'index.html'), index);
  await writeFile(join(root, 'assets', 'index.js'), 'export {};\n');
  await writeFile(join(root, 'assets', 'index.css'), 'body { margin: 0; }\n');
  return root;
}

function policy(res: LightMyRequestResponse): Map<string, string> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
}

function styleNonceOf(res: LightMyRequestResponse): string {
  const nonce = /'nonce-([^']+)'/.exec(policy(res).get('style-src') ?? '')?.[1];
  if (!nonce)
    throw new Error(`no style nonce in ${String(res.headers['content-security-policy'])}`);
  return nonce;
}

/**
 * The headers every reply carries. A page of the web app (index.html) allows styles with its own
 * nonce; nothing else is given one, since nothing else carries antd's styles.
 */
function expectSecurityHeaders(res: LightMyRequestResponse, kind: 'page' | 'other'): void {
  const csp = policy(res);
  expect(Object.fromEntries(csp)).toEqual({
    'default-src': "'self'",
    'base-uri': "'self'",
    'script-src': "'self'",
    'script-src-attr': "'none'",
    'style-src':
      kind === 'page' ? expect.stringMatching(/^'self' 'nonce-[A-Za-z0-9+/]+=*'$/) : "'self'",
    'style-src-attr': "'unsafe-inline'",
    'img-src': "'self' data:",
    'font-src': "'self' data:",
    'connect-src': "'self'",
    'object-src': "'none'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  });
  expect(res.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  });
  // The console is often reached over plain HTTP on the plant network.
  expect(res.headers['strict-transport-security']).toBeUndefined();
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
}

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await writeWebDist(builtIndex);
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('security headers', () => {
  it.each(['/', '/admin/users', '/index.html'])(
    'index.html at %s carries the nonce of its own CSP and is never cached',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(res, 'page');
      const nonce = styleNonceOf(res);
      expect(res.body).not.toContain(PLACEHOLDER);
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(res.body.match(/nonce="[^"]*"/g)).toEqual(Array(3).fill(`nonce="${nonce}"`));
    },
  );

  it('answers HEAD for a page as for GET, without the page', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expectSecurityHeaders(res, 'page');
  });

  it('gives every page a new nonce', async () => {
    const [first, second] = [await get('/'), await get('/')];
    expect(styleNonceOf(first)).not.toBe(styleNonceOf(second));
    expect(first.body).not.toBe(second.body);
  });

  it('covers static files', async () => {
    const res = await get('/assets/index.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export {};\n');
    expectSecurityHeaders(res, 'other');
  });

  it('covers the API, its errors and its docs', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.headers['content-type']).toBe('application/json; charset=utf-8');
    expectSecurityHeaders(live, 'other');
    const unauthorized = await get('/api/user');
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized, 'other');
    const unknown = await get('/api/no/such/route');
    expect(unknown.statusCode).toBe(404);
    expectSecurityHeaders(unknown, 'other');
    const docs = await get('/api/docs');
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger-ui-bundle.js');
    // Swagger UI's page has no inline style (its base layout), so it needs no nonce.
    expectSecurityHeaders(docs, 'other');
    const docsScript = await get('/api/docs/static/swagger-initializer.js');
    expect(docsScript.statusCode).toBe(200);
    expectSecurityHeaders(docsScript, 'other');
  });

  it('refuses to start on a web build without the nonce placeholder', async () => {
    const oldBuild = await writeWebDist(builtIndex.replace(/ nonce="[^"]*"/g, ''));
    try {
      const { services, database, config } = t;
      await expect(
        buildApp({ services, database, config: { ...config, webDist: oldBuild } }),
      ).rejects.toThrow(/no csp-nonce meta tag/);
    } finally {
      await rm(oldBuild, { recursive: true, force: true });
    }
  });
});
