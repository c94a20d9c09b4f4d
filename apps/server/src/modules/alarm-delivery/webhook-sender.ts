import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Roastery-Signature';
const WEBHOOK_TIMEOUT_MS = 10_000;

/** `sha256=<hex HMAC-SHA-256 of the body>`, as the receiver recomputes it. */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** POSTs the JSON body, signed; anything but a 2xx answer is a failed attempt. */
export async function postWebhook(url: string, secret: string, payload: object): Promise<void> {
  const body = JSON.stringify(payload);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature(secret, body) },
    body,
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  // The body is read so that the connection can be reused.
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`The webhook answered ${res.status}.`);
}
