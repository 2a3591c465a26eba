import { apiRequest } from '@/api-client/client';

/**
 * Asks the server to end the session of `token`, so that token stops working everywhere it may have
 * been copied. The browser has signed out already (the spec's Logout removes the token and the
 * user at once); offline, or a session already ended, changes nothing here, and the server's
 * session expires anyway.
 */
export async function endServerSession(token: string): Promise<void> {
  try {
    await apiRequest('POST /auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    // Signed out locally already: nothing to tell the person.
  }
}
