import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { pageNonce } from './security-headers.ts';

export function notFoundBody(method: string, url: string) {
  return {
    statusCode: 404,
    error: 'Not Found',
    message: `No route ${method} ${url.split('?')[0]}`,
  };
}

/**
 * The build marks index.html with a nonce placeholder and names it in the csp-nonce meta tag;
 * each response gets the placeholder replaced with the nonce its own CSP allows.
 */
async function indexTemplate(root: string): Promise<{ html: string; placeholder: string }> {
  const file = join(root, 'index.html');
  if (!existsSync(file)) {
    throw new Error(`The web app is not built: ${file} is missing (npm run build).`);
  }
  const html = await readFile(file, 'utf8');
  const placeholder = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];
  if (!placeholder) {
    throw new Error(`${file} has no csp-nonce meta tag: rebuild the web app (npm run build).`);
  }
  return { html, placeholder };
}

/**
 * Vite writes only content-hashed names under assets/: a new build gives a changed file a new
 * name, so a browser may keep these for a year without asking. Anything else (the favicon, files
 * from public/) keeps its name across builds and is revalidated on every use.
 */
function cacheControlOf(root: string, file: string): string {
  return relative(root, file).startsWith(`assets${sep}`)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * Serves the built web app. Any GET or HEAD outside /api that is not a file gets index.html, so
 * the browser's client-side routes (/orders-pending, /admin/users, ...) load on refresh.
 */
export const webApp = fp(
  async (app: FastifyInstance, opts: { root: string }) => {
    const { html, placeholder } = await indexTemplate(opts.root);
    const sendIndex = (reply: FastifyReply) =>
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        // Its nonce is good for this response only.
        .header('cache-control', 'no-store')
        .send(html.replaceAll(placeholder, pageNonce(reply)));

    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      // index.html on disk holds the placeholder, not a nonce: it is only ever sent rendered, by
      // the not-found handler below (for /, /index.html and every client route). The build's
      // .br and .gz copies are sent in place of their originals, never under their own names.
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', cacheControlOf(opts.root, file)),
    });
    app.setNotFoundHandler((request, reply) => {
      const page = request.method === 'GET' || request.method === 'HEAD';
      if (page && !request.url.startsWith('/api')) return sendIndex(reply);
      return reply.code(404).send(notFoundBody(request.method, request.url));
    });
  },
  { name: 'web-app' },
);
