const STORAGE_KEY = 'roastery.browser';
const ID = /^[0-9a-f]{32}$/;

function randomId(): string {
  // crypto.randomUUID is for secure contexts only; the console is often served over plain HTTP.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

let fallback: string | undefined;

/**
 * A random id that every tab of this browser profile shares (local storage, like the browser's
 * pool of connections to the server): the server counts live streams per browser with it. Where
 * storage is refused the tab has an id of its own.
 */
export function browserId(): string {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored && ID.test(stored)) return stored;
    const id = randomId();
    window.localStorage.setItem(STORAGE_KEY, id);
    return id;
  } catch {
    fallback ??= randomId();
    return fallback;
  }
}
