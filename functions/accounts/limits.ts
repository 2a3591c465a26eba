/**
 * The limits on guessing and on mails: which counters each route keeps, their numbers (each one's
 * reason beside it in LIMITS; the rules in docs/decisions/0100-sign-in-failures-slow-never-lock.md), and the 429 answers.
 * Nothing here locks an account: failures are counted per account and client address together, so
 * an attacker's failures slow the attacker's address, not the owner signing in from elsewhere; a
 * looser count per account across addresses stops a guess spread over many addresses; a count per
 * address across accounts stops one address trying many accounts. Counters are keyed by the email
 * as typed (normalised), known or not, so the answers and the writes reveal no account.
 */
import { clearCounter, clearCounterStep, recordHit, waitOf, type Counter, type Limit } from '../data/rate-counters';
import { normalizeEmail } from '../data/users';
import { TooManyAttempts } from '../errors';
import { addressSubject } from '../http/client-address';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  /** Wrong passwords for one email from one address: the owner's own typos. */
  signInPair: { name: 'signin-pair', free: 5, forgetMs: 15 * MINUTE, maxDelayMs: 15 * MINUTE },
  /** Wrong passwords from one address, whatever the email: one address trying many accounts. */
  signInAddress: { name: 'signin-address', free: 20, forgetMs: HOUR, maxDelayMs: HOUR },
  /** Wrong passwords for one email, whatever the address: a guess spread over many addresses. */
  signInAccount: { name: 'signin-account', free: 50, forgetMs: HOUR, maxDelayMs: 15 * MINUTE },
  /** Wrong sign-in codes of one account, over all its codes (each code also allows only 5 tries). */
  codeAccount: { name: 'code-account', free: 10, forgetMs: HOUR, maxDelayMs: HOUR },
  /** Wrong sign-in codes from one address, whatever the account. */
  codeAddress: { name: 'code-address', free: 20, forgetMs: HOUR, maxDelayMs: HOUR },
  /**
   * Wrong second-factor answers of one account (authenticator codes, recovery codes, passkey
   * assertions, the password or code that removes an authenticator), over all methods: a 6-digit
   * code has fewer possibilities than a mailed one, so its guesses share one count.
   */
  factorAccount: { name: 'factor-account', free: 10, forgetMs: HOUR, maxDelayMs: HOUR },
  /** Wrong second-factor answers from one address, whatever the account. */
  factorAddress: { name: 'factor-address', free: 20, forgetMs: HOUR, maxDelayMs: HOUR },
  /** Codes mailed by send-otp and resend-otp to one account (besides one per 30 s). */
  sendAccount: { name: 'send-account', free: 5, forgetMs: HOUR, maxDelayMs: HOUR },
  /** Codes mailed by send-otp and resend-otp at one address's request, whatever the account. */
  sendAddress: { name: 'send-address', free: 20, forgetMs: HOUR, maxDelayMs: HOUR },
  /** Reset requests for one email from one address. */
  resetPair: { name: 'reset-pair', free: 3, forgetMs: HOUR, maxDelayMs: HOUR },
  /** Reset requests from one address, whatever the email. */
  resetAddress: { name: 'reset-address', free: 10, forgetMs: HOUR, maxDelayMs: HOUR },
  /** Reset requests for one email, whatever the address. */
  resetAccount: { name: 'reset-account', free: 10, forgetMs: HOUR, maxDelayMs: HOUR },
} as const satisfies Record<string, Limit>;

const email = (value: string) => normalizeEmail(value);

/** The counters of a password sign-in: the email and address together, the address, the email. */
export const signInCounters = (emailTyped: string, ip: string | undefined): Counter[] => [
  { limit: LIMITS.signInPair, subject: `${addressSubject(ip)}#${email(emailTyped)}` },
  { limit: LIMITS.signInAddress, subject: addressSubject(ip) },
  { limit: LIMITS.signInAccount, subject: email(emailTyped) },
];

/** The counters of wrong sign-in codes: the account (by id: the code routes carry a token) and the address. */
export const codeCounters = (userId: string, ip: string | undefined): Counter[] => [
  { limit: LIMITS.codeAccount, subject: userId },
  { limit: LIMITS.codeAddress, subject: addressSubject(ip) },
];

/** The counters of wrong second-factor answers: the account and the address. */
export const factorCounters = (userId: string, ip: string | undefined): Counter[] => [
  { limit: LIMITS.factorAccount, subject: userId },
  { limit: LIMITS.factorAddress, subject: addressSubject(ip) },
];

/** The counters of codes mailed on request (send-otp, resend-otp). */
export const sendCounters = (userId: string, ip: string | undefined): Counter[] => [
  { limit: LIMITS.sendAccount, subject: userId },
  { limit: LIMITS.sendAddress, subject: addressSubject(ip) },
];

/** The counters of reset requests, like sign-in's: the email and address together, the address, the email. */
export const resetCounters = (emailTyped: string, ip: string | undefined): Counter[] => [
  { limit: LIMITS.resetPair, subject: `${addressSubject(ip)}#${email(emailTyped)}` },
  { limit: LIMITS.resetAddress, subject: addressSubject(ip) },
  { limit: LIMITS.resetAccount, subject: email(emailTyped) },
];

/** `8 seconds`, `1 second`, `3 minutes`: the wait in the answer's message. */
export function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const tooManySignIns = (wait: string) => `Too many failed sign-ins. Try again in ${wait}.`;
export const tooManyCodes = (wait: string) => `Too many wrong codes. Try again in ${wait}.`;
export const tooManySends = (wait: string) => `Too many codes asked for. Try again in ${wait}.`;
export const tooManyResets = (wait: string) => `Too many reset requests. Try again in ${wait}.`;

/**
 * Refuses with 429 and Retry-After while any of the counters is refusing. One message whichever
 * counter it is, so the answer does not tell the address's count from the account's.
 */
export async function refuseWhileLimited(counters: readonly Counter[], message: (wait: string) => string, now = Date.now()): Promise<void> {
  const wait = await waitOf(counters, now);
  if (wait > 0) throw new TooManyAttempts(message(waitText(wait)), Math.ceil(wait / 1000));
}

/** Counts one hit on each counter. */
export async function countHit(counters: readonly Counter[], now = Date.now()): Promise<void> {
  await Promise.all(counters.map((c) => recordHit(c, now)));
}

/** A right password forgets that address's failures on that account (not the address's, nor the account's). */
export const forgetPairFailures = (emailTyped: string, ip: string | undefined): Promise<void> => clearCounter(signInCounters(emailTyped, ip)[0]!);

/**
 * A password reset (the owner proved the mailbox) forgets the account's failures across addresses and
 * those of the address the reset came from, in the reset's own transaction.
 */
export const resetForgetsSteps = (emailTyped: string, ip: string | undefined) => {
  const [pair, , account] = signInCounters(emailTyped, ip);
  return [clearCounterStep(pair!), clearCounterStep(account!)];
};
