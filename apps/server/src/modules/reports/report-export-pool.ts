import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { HttpError, unavailable } from '../../lib/http-errors.ts';
import type { ExportBody } from './export-body.ts';
import type {
  ReportExportControl,
  ReportExportJob,
  ReportExportMessage,
} from './report-export-worker.ts';

/** Set by the server's bundle to its worker's bundle, beside it (scripts/build-server.ts). */
declare const REPORT_EXPORT_WORKER_BUNDLE: string | undefined;

/** The worker's script: its bundle beside the server's bundle, else its source beside this file. */
function workerScript(): URL {
  return typeof REPORT_EXPORT_WORKER_BUNDLE === 'string'
    ? // The bundle keeps its sources' `import.meta.url`; `resolve` is the bundle's own.
      new URL(import.meta.resolve(REPORT_EXPORT_WORKER_BUNDLE))
    : new URL('./report-export-worker.ts', import.meta.url);
}

/** Exports one worker writes at once; more wait for a worker. */
const JOBS_PER_WORKER = 2;
/** Exports that may wait for a worker, each holding its body; more are answered 503. */
export const REPORT_EXPORT_QUEUE = 8;
export const BUSY_MESSAGE =
  'Too many report exports are being written at once. Try again in a moment.';

/** An export its worker has accepted: the reply's headers and its bytes as they are written. */
export interface ReportExport {
  contentType: string;
  disposition: string;
  stream: Readable;
}

interface Slot {
  worker: Worker;
  /** Each running job's way to fail when its worker dies. */
  running: Map<number, (err: Error) => void>;
}

/**
 * The worker threads that write report exports: one per two cores (at least one), started by
 * the first export and kept, each writing up to JOBS_PER_WORKER exports; the exports beyond wait
 * in a bounded queue.
 */
export class ReportExportPool {
  readonly #size: number;
  readonly #slots: Slot[] = [];
  readonly #waiting: (() => void)[] = [];
  #nextId = 1;

  constructor(size = Math.max(1, Math.floor(availableParallelism() / 2))) {
    this.#size = size;
  }

  /**
   * Hands a body as received to a worker. Resolves when the worker has checked it, with the
   * export's stream; rejects with the 400 the error handler gives a bad body, with a 503 when
   * the queue is full, or with the worker's fault.
   */
  async start(body: ExportBody): Promise<ReportExport> {
    const slot = await this.#slot();
    const id = this.#nextId++;
    const { port1: port, port2 } = new MessageChannel();
    const { parts, memory } = handedOver(body.chunks);
    return new Promise<ReportExport>((resolve, reject) => {
      let fail = (err: Error) => {
        port.close();
        reject(err);
      };
      slot.running.set(id, (err) => fail(err));
      port.on('message', (message: ReportExportMessage) => {
        if (message.type === 'refused') fail(new HttpError(message.statusCode, message.message));
        else if (message.type === 'failed') fail(new Error(message.message));
        else if (message.type === 'head') {
          const stream = streamOf(port);
          fail = (err) => stream.destroy(err);
          resolve({ contentType: message.contentType, disposition: message.disposition, stream });
        }
      });
      slot.worker.postMessage({ id, body: parts, port: port2 } satisfies ReportExportJob, [
        ...memory,
        port2,
      ]);
    });
  }

  /** Ends the workers; exports still being written end with an error. */
  async close(): Promise<void> {
    await Promise.all(this.#slots.map((slot) => slot.worker.terminate()));
  }

  /** A worker with room for one more export: a running one, a new one, or the first freed. */
  async #slot(): Promise<Slot> {
    for (;;) {
      const free = this.#slots.find((slot) => slot.running.size < JOBS_PER_WORKER);
      if (free) return free;
      if (this.#slots.length < this.#size) return this.#spawn();
      if (this.#waiting.length >= REPORT_EXPORT_QUEUE) throw unavailable(BUSY_MESSAGE);
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
  }

  #spawn(): Slot {
    const slot: Slot = { worker: new Worker(workerScript()), running: new Map() };
    // An idle pool does not keep the process alive.
    slot.worker.unref();
    slot.worker.on('message', (id: number) => {
      slot.running.delete(id);
      this.#waiting.shift()?.();
    });
    const lost = (err: Error) => {
      const index = this.#slots.indexOf(slot);
      if (index < 0) return;
      this.#slots.splice(index, 1);
      for (const fail of slot.running.values()) fail(err);
      slot.running.clear();
      this.#waiting.shift()?.();
    };
    slot.worker.on('error', lost);
    slot.worker.on('exit', (code) => lost(new Error(`the report export worker exited (${code})`)));
    this.#slots.push(slot);
    return slot;
  }
}

/**
 * A body's chunks for the worker, with the memory to hand over: a chunk that owns its memory (as
 * the socket's do) is moved, any other (a small one shares Node's buffer pool) is copied.
 */
function handedOver(chunks: readonly Buffer[]): { parts: Uint8Array[]; memory: ArrayBuffer[] } {
  const memory = new Set<ArrayBuffer>();
  const parts = chunks.map((chunk) => {
    const owned = chunk.buffer as ArrayBuffer;
    const whole = chunk.byteOffset === 0 && chunk.byteLength === owned.byteLength;
    if (!whole || memory.has(owned)) return new Uint8Array(chunk);
    memory.add(owned);
    return chunk;
  });
  return { parts, memory: [...memory] };
}

/**
 * The export's bytes as the worker posts them. A chunk is acknowledged once the stream has
 * taken it without going over its buffer, else when the reply reads again: the worker waits for
 * acknowledgements, so a slow client holds back the writing, not the memory.
 */
function streamOf(port: MessagePort): Readable {
  let owed = 0;
  let ended = false;
  const ack = () => port.postMessage('ack' satisfies ReportExportControl);
  const stream = new Readable({
    read() {
      for (; owed > 0; owed -= 1) ack();
    },
    destroy(err, callback) {
      if (!ended) port.postMessage('cancel' satisfies ReportExportControl);
      port.close();
      callback(err);
    },
  });
  port.on('message', (message: ReportExportMessage) => {
    if (message.type === 'chunk') {
      if (stream.push(Buffer.from(message.bytes))) ack();
      else owed += 1;
    } else if (message.type === 'end') {
      ended = true;
      stream.push(null);
      port.close();
    }
  });
  return stream;
}
