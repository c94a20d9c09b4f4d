import { ApiError, NetworkError } from './api-error.ts';
import { errorReplyFields, refreshReply } from './reply-checks.ts';
import {
  currentAccessToken,
  currentRefreshToken,
  endSession,
  replaceTokens,
  storedToken,
} from './session.ts';

const API_BASE = '/api';
const REFRESH_LOCK = 'roastery-token-refresh';

/** Anything that turns an unknown reply body into a typed value, such as a zod schema. */
export interface ReplyParser<T> {
  parse(data: unknown): T;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** The media type asked for; JSON unless the call reads a stream. */
  accept?: string;
  /** Further request headers. */
  headers?: Record<string, string>;
}

/** Sign-in answers 401 for a wrong password; that must never start a token refresh. */
const NO_REFRESH_PATHS = new Set(['/user/login']);

async function send(
  path: string,
  options: RequestOptions,
  accessToken: string | undefined,
): Promise<Response> {
  const headers = new Headers({ ...options.headers, Accept: options.accept ?? 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new NetworkError('The server could not be reached.', { cause });
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  return new ApiError(response.status, errorReplyFields(await readJson(response)));
}

/** A local queue for browsers without the Web Locks API (insecure contexts). */
let localQueue: Promise<unknown> = Promise.resolve();

/**
 * Runs fn while holding the refresh lock. The Web Locks API shares it with every tab of the
 * console, so two tabs never spend the same refresh token (the server would take that reuse
 * as theft and end the sign-in).
 */
function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  if ('locks' in navigator) return navigator.locks.request(REFRESH_LOCK, fn);
  const run = localQueue.then(fn, fn);
  localQueue = run.catch(() => undefined);
  return run;
}

/**
 * Makes the session's access token fresh again after a 401. staleRefreshToken is the refresh
 * token that was current when the failed call was sent: if it has changed since, another call
 * or tab has already refreshed and the caller only needs to retry. Resolves to false when the
 * session is over, after ending it here too.
 */
function refreshSession(staleRefreshToken: string | undefined): Promise<boolean> {
  return withRefreshLock(async () => {
    const refreshToken = await storedToken('refreshToken');
    // Signed out already: nothing to end (a call still in flight from the old session must
    // not clear a session that a new sign-in has just started).
    if (!refreshToken) return false;
    if (refreshToken !== staleRefreshToken) return true;
    const response = await send(
      '/user/refresh_token',
      { method: 'POST', body: { refreshToken } },
      undefined,
    );
    if (response.ok) {
      const tokens = refreshReply.parse(await readJson(response));
      replaceTokens(tokens.token, tokens.refreshToken);
      return true;
    }
    if (response.status === 400 || response.status === 401) {
      // Only the session that failed ends; another sign-in may have replaced it meanwhile.
      if ((await storedToken('refreshToken')) === refreshToken) endSession();
      return false;
    }
    throw await toApiError(response);
  });
}

/**
 * Renews the access token before it expires (the background call). Resolves to false when the
 * session is over, which ends it here too; throws NetworkError when the server is out of reach.
 */
export function renewSession(): Promise<boolean> {
  return refreshSession(currentRefreshToken());
}

/** Sends with the session's token; a 401 gets one token refresh and one retry. */
async function sendAuthorized(path: string, options: RequestOptions): Promise<Response> {
  const refreshTokenAtSend = currentRefreshToken();
  const response = await send(path, options, currentAccessToken());
  if (response.status !== 401 || NO_REFRESH_PATHS.has(path)) return response;
  if (!(await refreshSession(refreshTokenAtSend))) return response;
  return send(path, options, await storedToken('accessToken'));
}

/**
 * Opens a long-lived reply, such as Server-Sent Events, with the same token handling as
 * apiRequest, and returns it unread for the caller to stream. Throws ApiError when refused.
 */
export async function apiStream(path: string, options: RequestOptions = {}): Promise<Response> {
  const response = await sendAuthorized(path, options);
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * Calls the API under /api with the session's bearer token and parses the reply with parser.
 * A 401 triggers one token refresh and one retry; if the refresh fails the session ends, which
 * sends the user to the sign-in screen. Errors are thrown as ApiError (the server answered) or
 * NetworkError (it did not).
 */
export async function apiRequest<T>(
  path: string,
  parser: ReplyParser<T>,
  options: RequestOptions = {},
): Promise<T> {
  const response = await sendAuthorized(path, options);
  if (!response.ok) throw await toApiError(response);
  return parser.parse(await readJson(response));
}

/** The parser of a reply the console does not read: 204 No Content, or a body it has no use for. */
export const ignoreReply: ReplyParser<void> = { parse: () => undefined };
