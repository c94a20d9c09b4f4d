/**
 * A worker thread that writes report exports (`POST /api/report/export`). A report's body is up
 * to 32 MB of cells; parsing, checking and validating it held the server's event loop for up to
 * a second per export, and the PLC scan, the live streams and every other request with it
 * (docs/decisions/0035-request-timeouts-and-exports-that-yield.md). Here it goes through the
 * same parser, checks and messages as any other body, then the same table writers, and its
 * bytes go back to the server's thread a chunk at a time.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import Fastify, { type FastifySchemaValidationError } from 'fastify';
import { reportExportBody, type ReportExportBody } from '@roastery/contract';
import {
  attachment,
  exportContentType,
  tableExportStream,
  type TableCell,
} from '../../lib/table-export.ts';
import { validationMessage } from '../../plugins/error-handler.ts';
import { jsonBodyParser } from '../../plugins/json-body.ts';
import { validatorCompiler } from '../../plugins/request-validation.ts';

/** One export handed to a worker: the body's chunks as received, and the port its answer goes to. */
export interface ReportExportJob {
  id: number;
  body: Uint8Array[];
  port: MessagePort;
}

/** What a job's port carries to the server's thread. */
export type ReportExportMessage =
  | { type: 'refused'; statusCode: number; message: string }
  | { type: 'head'; contentType: string; disposition: string }
  | { type: 'chunk'; bytes: ArrayBuffer }
  | { type: 'end' }
  | { type: 'failed'; message: string };

/** What the server's thread answers on it: a chunk taken on, or the client gone. */
export type ReportExportControl = 'ack' | 'cancel';

/**
 * The chunks a job may have sent that the server's thread has not taken on yet: its memory for
 * one export is this many chunks, whatever the client's speed.
 */
export const CHUNKS_IN_FLIGHT = 4;

const parseJson = jsonBodyParser(Fastify());
const validate = validatorCompiler({
  schema: reportExportBody,
  httpPart: 'body',
  method: 'POST',
  url: '/api/report/export',
});

/** A client's mistake, with the status and message the error handler would give it. */
class Refusal {
  readonly statusCode: number;
  readonly message: string;

  constructor(statusCode: number, message: string) {
    this.statusCode = statusCode;
    this.message = message;
  }
}

function refusalOf(error: unknown): Refusal {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (!(error instanceof Error) || typeof status !== 'number' || status >= 500) throw error;
  return new Refusal(status, error.message);
}

/** The body as a route's handler would see it, or why it is refused. */
function checkedBody(chunks: Uint8Array[]): ReportExportBody | Refusal {
  let parsed: { error: Error | null; value?: unknown } | undefined;
  parseJson(Buffer.concat(chunks).toString(), (error, value) => {
    parsed = { error, value };
  });
  if (!parsed) throw new Error('the JSON parser did not answer at once');
  if (parsed.error) return refusalOf(parsed.error);
  const result = validate(parsed.value) as {
    error?: Error | FastifySchemaValidationError[];
    value?: unknown;
  };
  if (Array.isArray(result.error)) {
    return new Refusal(400, validationMessage({ message: '', validation: result.error }));
  }
  if (result.error) return refusalOf(result.error);
  return result.value as ReportExportBody;
}

/** A chunk's bytes in an ArrayBuffer of their own, which can be handed over without a copy. */
function ownBytes(chunk: Buffer | string): ArrayBuffer {
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  // Small buffers share Node's pool, which cannot be handed over.
  return (whole ? bytes : new Uint8Array(bytes)).buffer as ArrayBuffer;
}

async function writeExport({ body, port }: ReportExportJob): Promise<void> {
  const post = (message: ReportExportMessage, transfer: ArrayBuffer[] = []) =>
    port.postMessage(message, transfer);
  const checked = checkedBody(body);
  if (checked instanceof Refusal) {
    post({ type: 'refused', statusCode: checked.statusCode, message: checked.message });
    return;
  }
  const { format, file_name: fileName, sheets } = checked;
  const stream = tableExportStream(
    format,
    sheets.map((sheet) => ({
      name: sheet.name,
      columns: sheet.columns.map((header, i) => ({
        header,
        value: (row: TableCell[]) => row[i] ?? null,
      })),
      batches: [sheet.rows],
    })),
    // A failure also ends the reading below, which reports it.
    () => undefined,
  );
  let inFlight = 0;
  let cancelled = false;
  let wake: (() => void) | undefined;
  port.on('message', (control: ReportExportControl) => {
    if (control === 'cancel') {
      cancelled = true;
      stream.destroy();
    } else inFlight -= 1;
    wake?.();
  });
  post({
    type: 'head',
    contentType: exportContentType[format],
    disposition: attachment(fileName, format),
  });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer | string>) {
      const bytes = ownBytes(chunk);
      post({ type: 'chunk', bytes }, [bytes]);
      inFlight += 1;
      while (inFlight >= CHUNKS_IN_FLIGHT && !cancelled) {
        await new Promise<void>((resolve) => (wake = resolve));
      }
      if (cancelled) return;
    }
    post({ type: 'end' });
  } catch (err) {
    if (!cancelled) post({ type: 'failed', message: String(err) });
  }
}

/** Runs one job; a fault in it fails that export only, and the worker takes the next. */
async function run(job: ReportExportJob): Promise<void> {
  try {
    await writeExport(job);
  } catch (err) {
    job.port.postMessage({ type: 'failed', message: String(err) } satisfies ReportExportMessage);
  } finally {
    job.port.close();
    parentPort?.postMessage(job.id);
  }
}

parentPort?.on('message', (job: ReportExportJob) => void run(job));
