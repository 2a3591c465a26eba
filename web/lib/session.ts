/**
 * The browser session: token, user and the client-side verified flag, kept in localStorage under
 * the keys SPEC section 4 names. This module is the only code that touches those keys.
 *
 * It is a tiny external store (read with `useSession`, written with the functions below) rather
 * than a React context so the API client can end the session on a 401 without importing React
 * state from the app layer. Nothing here is trusted by the server; roles and verification are
 * re-checked on every call. The stored role only decides which screens to show.
 */
import { useSyncExternalStore } from 'react';

export const sessionStorageKeys = { token: 'token', user: 'user', isVerified: 'isVerified' } as const;

export interface SessionUser {
  id?: string;
  name: string;
  email: string;
  role?: string;
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
  isVerified: boolean;
}

const signedOut: Session = { token: null, user: null, isVerified: false };

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}

/** With no token there is no user, whatever else storage still holds. */
function readStoredSession(): Session {
  // The build's prerender (web/prerender.tsx) runs this module in Node, where there is no storage.
  if (typeof localStorage === 'undefined') return signedOut;
  const token = localStorage.getItem(sessionStorageKeys.token);
  if (!token) return signedOut;
  return {
    token,
    user: parseUser(localStorage.getItem(sessionStorageKeys.user)),
    isVerified: localStorage.getItem(sessionStorageKeys.isVerified) === 'true',
  };
}

let current: Session = readStoredSession();
const listeners = new Set<() => void>();

function publish(next: Session): void {
  current = next;
  listeners.forEach((listener) => listener());
}

/** The session as it is now (a stable object until the next change). */
export function getSession(): Session {
  return current;
}

/** Calls `listener` after every change; returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The session, re-rendering the caller when it changes (here or in another tab). A prerendered page
 * is made for a visitor who is signed out, so hydration starts from that and a signed-in visitor's
 * Dashboard links appear right after.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, () => signedOut);
}

/** The part of an API user the browser keeps: no balance, which would go stale in storage. */
export function toSessionUser({ id, name, email, role }: SessionUser): SessionUser {
  return { id, name, email, role };
}

/** After a successful login: the token only reaches the OTP routes until verification. */
export function startSession(token: string, user: SessionUser): void {
  localStorage.setItem(sessionStorageKeys.token, token);
  localStorage.setItem(sessionStorageKeys.user, JSON.stringify(user));
  localStorage.setItem(sessionStorageKeys.isVerified, 'false');
  publish({ token, user, isVerified: false });
}

/** After OTP verification; verify-otp answers with the full token, which replaces the login one. */
export function markSessionVerified(token: string = current.token ?? ''): void {
  if (!token) return;
  localStorage.setItem(sessionStorageKeys.token, token);
  localStorage.setItem(sessionStorageKeys.isVerified, 'true');
  publish({ ...current, token, isVerified: true });
}

/** Merges an updated profile into the stored user (profile edit). */
export function updateSessionUser(changes: Partial<SessionUser>): void {
  if (!current.token || !current.user) return;
  const user = { ...current.user, ...changes };
  localStorage.setItem(sessionStorageKeys.user, JSON.stringify(user));
  publish({ ...current, user });
}

/** Logout, a 401, or the token removed in another tab. */
export function endSession(): void {
  Object.values(sessionStorageKeys).forEach((key) => localStorage.removeItem(key));
  if (current !== signedOut) publish(signedOut);
}

export function isAdmin(user: SessionUser | null): boolean {
  return user?.role === 'admin';
}

// Another tab changed our keys (logout there removes the token): follow it, so a tab never keeps
// showing an account that was signed out elsewhere. `key === null` means storage was cleared.
globalThis.window?.addEventListener('storage', (event) => {
  const ours: (string | null)[] = [null, ...Object.values(sessionStorageKeys)];
  if (ours.includes(event.key)) publish(readStoredSession());
});
