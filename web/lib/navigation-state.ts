import { useLocation } from 'react-router-dom';
import type { OtpVerificationState } from './paths';

/** The code page's state right after sign-in or sign-up mailed a code: now is when it was sent. */
export const codeJustSent = (email: string, from?: string): OtpVerificationState => ({ email, from, codeSentAt: Date.now() });

const FACTORS = new Set(['totp', 'passkey', 'recovery', 'email']);

/**
 * Reads the navigation state the account pages pass along (`{ email, from, codeSentAt }`, web/lib/paths.ts).
 * State survives reloads and can be anything, so each value is checked; `from` must be a path in
 * this app.
 */
export function readAuthState(state: unknown): Partial<OtpVerificationState> {
  const { email, from, codeSentAt, factors } = (state ?? {}) as Record<string, unknown>;
  return {
    email: typeof email === 'string' && email ? email : undefined,
    from: typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined,
    // A time from the future (a changed clock, a forged state) would only lock Resend longer: ignored.
    codeSentAt: typeof codeSentAt === 'number' && Number.isFinite(codeSentAt) && codeSentAt <= Date.now() ? codeSentAt : undefined,
    factors: Array.isArray(factors) ? factors.filter((f): f is string => typeof f === 'string' && FACTORS.has(f)) : undefined,
  };
}

/**
 * The protected page a visitor was turned away from, carried as navigation state from the guard
 * through the landing page and sign-in to the code page, which returns them there.
 */
export const useReturnPath = (): string | undefined => readAuthState(useLocation().state).from;
