import Cookies from 'js-cookie';
import { isRoleId, type RoleId } from '@roastery/contract';

/** The signed-in user as the browser keeps it, in four cookies. */
export interface Session {
  accessToken: string;
  refreshToken: string;
  name: string;
  role: RoleId;
}

const cookieNames = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  name: 'name',
  role: 'role',
} as const;

const LIFETIME_DAYS = 360;

function cookieAttributes(): Cookies.CookieAttributes {
  return {
    expires: LIFETIME_DAYS,
    path: '/',
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
  };
}

const listeners = new Set<() => void>();
let snapshotKey: string | undefined;
let snapshot: Session | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

function readCookies(): Session | null {
  const accessToken = Cookies.get(cookieNames.accessToken);
  const refreshToken = Cookies.get(cookieNames.refreshToken) ?? '';
  const name = Cookies.get(cookieNames.name) ?? '';
  const role = Number(Cookies.get(cookieNames.role));
  if (!accessToken || !isRoleId(role)) return null;
  return { accessToken, refreshToken, name, role };
}

/**
 * The current session, read from the cookies. The same object is returned until a cookie
 * changes, so that React can use it as an external store snapshot.
 */
export function getSession(): Session | null {
  const current = readCookies();
  const key = current
    ? [current.accessToken, current.refreshToken, current.name, current.role].join('\n')
    : '';
  if (key !== snapshotKey) {
    snapshotKey = key;
    snapshot = current;
  }
  return snapshot;
}

export function startSession(values: {
  accessToken: string;
  refreshToken: string;
  name: string;
  role: RoleId;
}): void {
  const attributes = cookieAttributes();
  Cookies.set(cookieNames.accessToken, values.accessToken, attributes);
  Cookies.set(cookieNames.refreshToken, values.refreshToken, attributes);
  Cookies.set(cookieNames.name, values.name, attributes);
  Cookies.set(cookieNames.role, String(values.role), attributes);
  notify();
}

/** Keeps the user and replaces the pair of tokens (after a refresh or a password change). */
export function replaceTokens(accessToken: string, refreshToken: string): void {
  const attributes = cookieAttributes();
  Cookies.set(cookieNames.accessToken, accessToken, attributes);
  Cookies.set(cookieNames.refreshToken, refreshToken, attributes);
  notify();
}

export function endSession(): void {
  for (const name of Object.values(cookieNames)) Cookies.remove(name, { path: '/' });
  notify();
}

/** The refresh token as it is now, which another tab may have rotated a moment ago. */
export function currentRefreshToken(): string | undefined {
  return Cookies.get(cookieNames.refreshToken);
}

export function currentAccessToken(): string | undefined {
  return Cookies.get(cookieNames.accessToken);
}

/**
 * A token cookie as the browser's cookie store holds it now. Chromium may answer
 * `document.cookie` from a copy that another tab's change reaches a moment later, so a tab that
 * waited for another's refresh reads the rotated pair here, where the Cookie Store API exists.
 */
export async function storedToken(
  name: 'accessToken' | 'refreshToken',
): Promise<string | undefined> {
  if ('cookieStore' in window) return (await window.cookieStore.get(cookieNames[name]))?.value;
  return Cookies.get(cookieNames[name]);
}

/**
 * Calls listener whenever the session may have changed: in this tab at once, and for changes
 * made by other tabs when the cookie store reports them or when this tab regains focus.
 */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function watchOtherTabs(): void {
  window.addEventListener('focus', notify);
  document.addEventListener('visibilitychange', notify);
  // The Cookie Store API exists only in secure contexts; elsewhere focus changes suffice.
  if ('cookieStore' in window) window.cookieStore.addEventListener('change', notify);
}

watchOtherTabs();
