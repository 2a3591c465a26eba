import { apiRequest } from '@/api-client/client';
import { useApiQuery } from '@/api-client/swr-config';

export const securityKey = 'GET /auth/security' as const;

/** GET /auth/security: the account's authenticator app, passkeys, recovery codes left and remembered devices. */
export const useSecurity = () => useApiQuery(securityKey);

export const startTotp = () => apiRequest('POST /auth/totp/start');
export const confirmTotp = (code: string) => apiRequest('POST /auth/totp/confirm', { body: { code } });
export const removeTotp = (password: string) => apiRequest('POST /auth/totp/remove', { body: { password } });
export const newRecoveryCodes = () => apiRequest('POST /auth/recovery-codes');
export const forgetDevices = () => apiRequest('DELETE /auth/devices');
export const removePasskey = (id: string) => apiRequest('DELETE /auth/passkeys/{id}', { params: { id } });

/** Adds a passkey: the server's options, the browser's prompt (WebAuthn helper loaded only now), the server's check. */
export async function addPasskey(name: string) {
  const [{ startRegistration }, options] = await Promise.all([import('@simplewebauthn/browser'), apiRequest('POST /auth/passkeys/options')]);
  const response = await startRegistration({ optionsJSON: options as never });
  return apiRequest('POST /auth/passkeys', { body: { name, response: response as never } });
}
