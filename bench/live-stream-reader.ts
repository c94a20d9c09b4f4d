import type { LiveEvent } from '@roastery/contract';

/**
 * Reads a /api/live stream in the background and hands each parsed event on; it stops when the
 * stream ends or is aborted.
 */
export function readLiveEvents(
  reader: ReadableStreamDefaultReader<string>,
  onEvent: (event: LiveEvent) => void,
): void {
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (data) onEvent(JSON.parse(data.slice(6)) as LiveEvent);
      }
    }
  })().catch(() => undefined);
}
