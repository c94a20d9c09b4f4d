import { request } from 'node:http';
import type { LiveEvent } from '@roastery/contract';

export interface LiveStreamClient {
  close(): void;
}

/**
 * Opens /api/live as one browser tab would and hands each parsed event on until closed. It
 * resolves once the server has answered, that is, once it counts the stream.
 *
 * node:http, not fetch: a fetch body read through web streams costs several times more per
 * chunk, and the fan-out benchmark runs hundreds of these clients in one thread, where that cost
 * (paid by each browser on its own machine in a plant) would be measured instead of the server's.
 */
export function openLiveStream(
  base: string,
  token: string,
  onEvent: (event: LiveEvent) => void,
  /** Called once if the server ends the stream. */
  onEnd?: () => void,
): Promise<LiveStreamClient> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/live`,
      { headers: { authorization: `Bearer ${token}` }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`/api/live answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          const blocks = buffer.split('\n\n');
          buffer = blocks.pop() ?? '';
          for (const block of blocks) {
            const data = block.split('\n').find((l) => l.startsWith('data: '));
            if (data) onEvent(JSON.parse(data.slice(6)) as LiveEvent);
          }
        });
        if (onEnd) res.once('end', onEnd);
        // Closing the stream aborts the response; nothing more is read.
        res.on('error', () => undefined);
        resolve({ close: () => req.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
