/**
 * Polls a condition until it holds or a deadline passes. Tests wait on conditions, never on
 * durations, so that a slow machine makes them slower, not red.
 */
export async function waitFor(
  condition: () => boolean,
  what: string,
  { timeoutMs = 10_000, intervalMs = 10 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Collects unhandled rejections while a test runs; a PLC fault must never produce one. */
export function trackUnhandledRejections(): { readonly errors: unknown[]; dispose(): void } {
  const errors: unknown[] = [];
  const listener = (reason: unknown) => errors.push(reason);
  process.on('unhandledRejection', listener);
  return { errors, dispose: () => process.off('unhandledRejection', listener) };
}
