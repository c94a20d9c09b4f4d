/**
 * The claims of a JWT, read without checking its signature: the browser only uses them to
 * decide what to show, and the server checks the token on every call.
 */
export function tokenClaims(token: string | undefined): Record<string, unknown> | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json === 'object' && json !== null
      ? (json as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The signed-in user's id: the subject of the access token. */
export function tokenUserId(token: string | undefined): number | undefined {
  const sub = tokenClaims(token)?.sub;
  return typeof sub === 'string' && /^\d+$/.test(sub) ? Number(sub) : undefined;
}
