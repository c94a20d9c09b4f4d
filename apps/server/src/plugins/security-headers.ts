import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const styleNonces = new WeakMap<ServerResponse, string>();

/**
 * The nonce this response's CSP allows for <style> elements: created on first use, so the
 * header and the page that carries it (index.html) agree. Not helmet's enableCSPNonces, which
 * would also put a script nonce in script-src, where nothing needs one.
 */
export function styleNonce(res: ServerResponse): string {
  let nonce = styleNonces.get(res);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    styleNonces.set(res, nonce);
  }
  return nonce;
}

/**
 * Security headers on every reply: pages, static files, the API and its docs.
 *
 * Scripts come only from the server itself. antd (CSS-in-JS) creates <style> elements at run
 * time, so styles may also carry this response's nonce, which the web app reads from its
 * csp-nonce meta tag. A nonce rather than 'unsafe-inline': injected markup cannot carry it.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", (_req, res) => `'nonce-${styleNonce(res)}'`],
          // Style attributes in markup or set with setAttribute; React's style prop goes
          // through the CSSOM, which no policy governs. antd's auto-sizing TextArea
          // (@rc-component/input) measures its text in a hidden textarea styled with
          // setAttribute('style'): refused, the measuring box shows at the foot of the page and
          // the height is wrong. Injected markup gains little: antd's class names already let it
          // restyle itself, and img-src, font-src and connect-src keep it from loading anything.
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          // No upgrade-insecure-requests: the console is often reached over plain HTTP on the
          // plant network (http://plant-host:8080), where the browser would then fetch its
          // scripts and styles over HTTPS, which nothing answers.
        },
      },
      // No HSTS for the same reason: a browser that once got it over HTTPS (through a proxy,
      // say) would refuse plain HTTP to the host for a year. Such a proxy can add it itself.
      strictTransportSecurity: false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    });
  },
  { name: 'security-headers' },
);
