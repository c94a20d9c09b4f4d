import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The Content-Security-Policy (ADR 0009). Scripts come only from the server itself. antd
 * (CSS-in-JS) creates <style> elements at run time, so a page (index.html) also allows styles
 * carrying that response's nonce, which the web app reads from its csp-nonce meta tag. A nonce
 * rather than 'unsafe-inline': injected markup cannot carry it.
 */
const POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  // Style attributes in markup or set with setAttribute; React's style prop goes through the
  // CSSOM, which no policy governs. antd's auto-sizing TextArea (@rc-component/input) measures
  // its text in a hidden textarea styled with setAttribute('style'): refused, the measuring box
  // shows at the foot of the page and the height is wrong. Injected markup gains little: antd's
  // class names already let it restyle itself, and img-src, font-src and connect-src keep it
  // from loading anything.
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  // No upgrade-insecure-requests: the console is often reached over plain HTTP on the plant
  // network (http://plant-host:8080), where the browser would then fetch its scripts and
  // styles over HTTPS, which nothing answers.
};

function policyWith(styleNonce?: string): string {
  return Object.entries(POLICY)
    .map(([name, values]) =>
      [
        name,
        ...values,
        ...(name === 'style-src' && styleNonce ? [`'nonce-${styleNonce}'`] : []),
      ].join(' '),
    )
    .join(';');
}

/** The headers a helmet middleware sets, read once by running it on a response that records them. */
function headersSetBy(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return Object.fromEntries(headers);
}

/**
 * Every header but the policy is helmet's (its defaults, `nosniff`, COOP and CORP same-origin,
 * ...), computed once: none of them depends on the request.
 */
const HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...headersSetBy(
    helmet({
      contentSecurityPolicy: false,
      // No HSTS: a browser that once got it over HTTPS (through a proxy, say) would refuse
      // plain HTTP to the host for a year. Such a proxy can add it itself.
      strictTransportSecurity: false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    }),
  ),
  'content-security-policy': policyWith(),
});

/**
 * Gives this page response its own style nonce, in its policy, and returns it for the page's
 * markup. Only pages need one: nothing else is rendered by a browser with antd's styles.
 */
export function pageNonce(reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('base64');
  reply.header('content-security-policy', policyWith(nonce));
  return nonce;
}

/**
 * Security headers on every reply: pages, static files, the API and its docs. They are given to
 * the reply, which writes them once with the status line (a route that writes its response
 * itself, the live stream, sends the reply's headers).
 */
export const securityHeaders = fp(
  (app: FastifyInstance) => {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(HEADERS);
      done();
    });
  },
  { name: 'security-headers' },
);
