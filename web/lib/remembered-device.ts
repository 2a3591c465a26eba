/**
 * This browser's remembered-device token (docs/decisions/0199-second-factors-and-remembered-devices.md):
 * kept in localStorage under its own key, apart from the session's keys, so signing out keeps it and
 * the next sign-in on this browser skips the second step. The server decides whether it still
 * counts (30 days, forgotten devices, a password reset); a refused one is simply not used.
 */
export const DEVICE_TOKEN_KEY = 'rememberedDevice';

export function rememberedDeviceToken(): string | undefined {
  if (typeof localStorage === 'undefined') return undefined;
  return localStorage.getItem(DEVICE_TOKEN_KEY) ?? undefined;
}

export function rememberDeviceToken(token: string | undefined): void {
  if (token) localStorage.setItem(DEVICE_TOKEN_KEY, token);
}
