import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipped = promisify(gzip);

/** Below this many characters a reply goes as it is: the header and the work would cost more. */
export const COMPRESS_FROM_CHARS = 8 * 1024;

/** Texts whose compressed bytes are kept: a few pages and filters each of a few lists. */
const KEPT = 32;

const encodings = new Negotiator({ supportedValues: ['gzip'] });

/**
 * Compressed copies of the texts written for shared replies (sharedReplySerializer), made once
 * per text: fifty screens polling the list of every pending order (167 KB with 200 orders) get
 * 3.7 KB each, and the server compresses it once per change rather than once per request.
 * Keyed by the text itself, which for a shared reply is the same string each time, so its hash
 * is computed once. The oldest text goes first.
 */
const kept = new Map<string, Promise<Buffer>>();

function compressedOnce(text: string): Promise<Buffer> {
  let bytes = kept.get(text);
  if (!bytes) {
    if (kept.size >= KEPT) {
      const oldest = kept.keys().next();
      if (!oldest.done) kept.delete(oldest.value);
    }
    bytes = gzipped(text);
    kept.set(text, bytes);
    // A failure is not kept: the next request tries again.
    bytes.catch(() => kept.delete(text));
  }
  return bytes;
}

/**
 * A route's onSend hook for replies shared between requests: gzip when the client accepts it
 * (browsers always do) and the reply is large, from the copy made for that text. Used with
 * sharedReplySerializer, whose texts are the same string for the same reply object.
 */
export async function compressSharedReply(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  reply.header('vary', 'accept-encoding');
  if (typeof payload !== 'string' || payload.length < COMPRESS_FROM_CHARS) return payload;
  if (reply.statusCode !== 200) return payload;
  const accepted = request.headers['accept-encoding'];
  if (!accepted || encodings.negotiate(accepted) !== 'gzip') return payload;
  const bytes = await compressedOnce(payload);
  reply.header('content-encoding', 'gzip');
  return bytes;
}
