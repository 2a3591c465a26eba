import { apiRequest } from '@/api-client/client';
import { endSession } from '@/lib/session';

/**
 * POST /auth/logout ends the session on the server, so the token stops working everywhere it may
 * have been copied; the browser's copy is cleared whatever the call answers (offline, or a session
 * already ended), so Logout always signs this browser out.
 */
export async function logout(): Promise<void> {
  try {
    await apiRequest('POST /auth/logout');
  } catch {
    // The local sign-out below is what the person asked for; the server's session expires anyway.
  } finally {
    endSession();
  }
}
