/** A repeating timer that alone must not keep the process (or a test) alive. */
export function every(ms: number, fn: () => void): () => void {
  const timer = setInterval(fn, ms);
  timer.unref();
  return () => clearInterval(timer);
}
