import { errorCodes, type FastifyRequest } from 'fastify';

/**
 * A report export's body as it arrived: the socket's chunks, not joined. Joining 21 MB into one
 * buffer took 100-200 ms of the event loop on the test machine (the first touch of fresh
 * memory); each chunk read from the socket owns its memory, so they go to the export's worker
 * as they are, handed over rather than copied, and are joined there.
 */
export class ExportBody {
  readonly chunks: Buffer[];

  constructor(chunks: Buffer[]) {
    this.chunks = chunks;
  }
}

/**
 * A content-type parser that receives a body as chunks with the checks and errors of Fastify's
 * own (`parseAs`): over the limit by its Content-Length or as it arrives is 413, a length that
 * does not match its Content-Length is 400.
 */
export function exportBodyParser(limit: number) {
  return (
    request: FastifyRequest,
    payload: NodeJS.ReadableStream,
    done: (error: Error | null, body?: ExportBody) => void,
  ) => {
    const declared = Number(request.headers['content-length']);
    if (declared > limit) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit) {
        stop();
        done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      chunks.push(bytes);
    }
    function onEnd(err?: Error & { statusCode?: number }) {
      stop();
      if (err) {
        if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400;
        done(err);
      } else if (!Number.isNaN(declared) && received !== declared) {
        done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      } else done(null, new ExportBody(chunks));
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
    payload.resume();
  };
}
