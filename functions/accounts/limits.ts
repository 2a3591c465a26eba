/**
 * The limits on guessing and on mails: which counters each route keeps, their numbers (each one's
 * reason beside it in LIMITS; the rules in docs/decisions/0100-sign-in-failures-slow-never-lock.md), and the 429 answers.
 * Nothing here locks an account: failures are counted per account and client address together, so
 * an attacker's failures slow the attacker's address, not the owner signing in from elsewhere; a
 * looser count per account across addresses stops a guess spread over many addresses; a count per
 * address across accounts stops one address trying many accounts. Counters are keyed by the email
 * as typed (normalised), known or not, so the answers and the writes reveal no account.
 *
 * RATES bound the calls that cost us at a paid service (tracking, address checks, payment sessions)
 * and sign-ups, per user and per address, at numbers a careful shipper never meets
 * (docs/decisions/0195-rates-on-paid-calls-and-sign-ups.md).
 */
import {
  clearCounter,
  clearCounterStep,
  giveBack,
  giveBackToWindow,
  takeFromWindow,
  takeTry,
  waitFromNow,
  waitOf,
  type Counter,
  type Limit,
  type Rate,
  type Take,
  type WindowTake,
} from '../data/rate-counters';
import { normalizeEmail } from '../data/users';
import { config } from '../config';
import { TooManyAttempts } from '../errors';
import { addressSubject } from '../http/client-address';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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
  /** Wrong current passwords on a password change, per account: a stolen token must not make the route a password oracle. */
  currentPassword: { name: 'current-password', free: 5, forgetMs: HOUR, maxDelayMs: HOUR },
  /** "Someone tried to sign up with your address" mails to one email: a few, then ever rarer, so sign-ups cannot flood an inbox. */
  signUpNotice: { name: 'signup-notice', free: 3, forgetMs: DAY, maxDelayMs: DAY },
} as const satisfies Record<string, Limit>;

/** Calls per fixed window: each one's reason beside it. */
export const RATES = {
  /** Tracking look-ups by one user: a shipper checking a day's packages by hand does a few a minute; the tracking page polls none. */
  trackUser: { name: 'track-user', max: 60, windowMs: MINUTE },
  /** Tracking look-ups from one address, whatever the user: an office of a few shippers behind one address. */
  trackAddress: { name: 'track-address', max: 300, windowMs: MINUTE },
  /** Address checks by one user: one per address typed into a form, a few a minute at most. */
  addressUser: { name: 'address-check-user', max: 30, windowMs: MINUTE },
  /** Address checks from one address, whatever the user. */
  addressAddress: { name: 'address-check-address', max: 150, windowMs: MINUTE },
  /** Payment sessions (card or crypto) opened by one user: a top-up or a card label takes one, a changed mind two. */
  checkoutUser: { name: 'checkout-user', max: 10, windowMs: 10 * MINUTE },
  /** Payment sessions opened from one address, whatever the user. */
  checkoutAddress: { name: 'checkout-address', max: 50, windowMs: 10 * MINUTE },
  /** Quotes by one user: the dialog asks again as the parcel or an address changes, a few a minute; a batch's rows are counted apart. */
  quoteUser: { name: 'quote-user', max: 60, windowMs: MINUTE },
  /** Quotes from one address, whatever the user. */
  quoteAddress: { name: 'quote-address', max: 300, windowMs: MINUTE },
  /**
   * Batch rows fixed (each quoted again) by one user: a shipper fixing a file's rows by hand does a few
   * a minute. Uploads need no rate: their quotes are bounded by the open batches a shipper may hold.
   */
  batchQuoteUser: { name: 'batch-quote-user', max: 60, windowMs: MINUTE },
  /** Batch rows fixed from one address, whatever the user. */
  batchQuoteAddress: { name: 'batch-quote-address', max: 300, windowMs: MINUTE },
  /** Sign-ups from one address: a household or office opens a few accounts, never more an hour. */
  signUpAddress: { name: 'signup-address', max: 5, windowMs: HOUR },
} as const satisfies Record<string, Rate>;

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

/**
 * A loopback caller is the local front on a developer's or the browser tests' machine, where every
 * sign-up comes from one address; API Gateway and CloudFront never report one. Per-address rates
 * skip it; per-user rates still hold.
 */
export const isLoopback = (ip: string | undefined): boolean => ip !== undefined && /^(127\.|::1$|::ffff:127\.)/i.test(ip);

/** The rates of one kind of call, for one user (when signed in) and one address. */
const rated =
  (perUser: Rate | undefined, perAddress: Rate, message: (wait: string) => string) =>
  (userId: string | undefined, ip: string | undefined): Promise<void> =>
    takeRates(
      [...(perUser && userId ? [{ rate: perUser, subject: userId }] : []), ...(isLoopback(ip) ? [] : [{ rate: perAddress, subject: addressSubject(ip) }])],
      message,
    );

export const tooManyTrackings = (wait: string) => `Too many tracking look-ups. Try again in ${wait}.`;
export const tooManyAddressChecks = (wait: string) => `Too many address checks. Try again in ${wait}.`;
export const tooManyCheckouts = (wait: string) => `Too many payments started. Try again in ${wait}.`;
export const tooManyQuotes = (wait: string) => `Too many quotes asked for. Try again in ${wait}.`;
export const tooManySignUps = (wait: string) => `Too many sign-ups from your network. Try again in ${wait}.`;

/** Before a tracking look-up (POST /shipping/track). */
export const limitTracking = rated(RATES.trackUser, RATES.trackAddress, tooManyTrackings);
/** Before an address check (POST /addresses/verify). */
export const limitAddressChecks = rated(RATES.addressUser, RATES.addressAddress, tooManyAddressChecks);
/** Before a quote (POST /shipping/rates): each may create shipments at the carrier. */
export const limitQuotes = rated(RATES.quoteUser, RATES.quoteAddress, tooManyQuotes);
/** Before a batch row is quoted again (PUT /shipping/batches/{batchId}/rows/{row}): a rate apart from the dialog's. */
export const limitBatchQuotes = rated(RATES.batchQuoteUser, RATES.batchQuoteAddress, tooManyQuotes);
/** Before a payment session is opened at Stripe or Hoodpay. */
export const limitCheckouts = rated(RATES.checkoutUser, RATES.checkoutAddress, tooManyCheckouts);
/** Before a sign-up (POST /auth/register), per address only: there is no user yet. */
export const limitSignUps = (ip: string | undefined): Promise<void> => rated(undefined, RATES.signUpAddress, tooManySignUps)(undefined, ip);

/**
 * Requests by one API key, over every route it reaches: API_KEY_REQUESTS_PER_MINUTE
 * (docs/decisions/0221-per-key-rate-limits.md). Read per request, so a test may change the setting.
 */
export const apiKeyRate = (): Rate => ({ name: 'api-key', max: config().API_KEY_REQUESTS_PER_MINUTE, windowMs: MINUTE });
export const tooManyKeyRequests = (wait: string) => `Too many requests with this API key. Try again in ${wait}.`;
/** Before a request with an API key runs (the handler factory): one call from the key's minute. */
export const limitApiKey = (keyId: string): Promise<void> => takeRates([{ rate: apiKeyRate(), subject: keyId }], tooManyKeyRequests);

/**
 * Takes one call from each rate, before the call is made, or refuses with 429 and Retry-After (the
 * time to the refusing window's end), giving back what it took from the others.
 */
async function takeRates(rates: readonly { rate: Rate; subject: string }[], message: (wait: string) => string, now = Date.now()): Promise<void> {
  const taken: WindowTake[] = [];
  for (const { rate, subject } of rates) {
    const result = await takeFromWindow(rate, subject, now);
    if ('taken' in result) {
      taken.push(result.taken);
      continue;
    }
    await Promise.all(taken.map(giveBackToWindow));
    throw new TooManyAttempts(message(waitText(result.waitMs)), Math.ceil(result.waitMs / 1000));
  }
}

/** The counter of wrong current passwords on a password change: the account. */
export const currentPasswordCounters = (userId: string): Counter[] => [{ limit: LIMITS.currentPassword, subject: userId }];

/** The counter of sign-up notices mailed to an email that already has an account. */
export const signUpNoticeCounters = (emailTyped: string): Counter[] => [{ limit: LIMITS.signUpNotice, subject: email(emailTyped) }];

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
export const tooManyPasswordTries = (wait: string) => `Too many wrong passwords. Try again in ${wait}.`;

/**
 * Takes one try from each counter before the password, code or request is checked, so concurrent
 * tries meet the limits exactly as sequential ones do; or refuses with 429 and Retry-After, taking
 * nothing: the tries already taken from the other counters are given back. The wait is the longest
 * of the counters', and the message is one whichever counter refused, so the answer does not tell
 * the address's count from the account's. Returns the tries, to give back when the try was right.
 */
export async function takeTries(counters: readonly Counter[], message: (wait: string) => string, now = Date.now()): Promise<Take[]> {
  // All at once, for the latency: a try stands only if every counter gave one.
  const results = await Promise.all(counters.map((c) => takeTry(c, now)));
  const taken = results.flatMap((r) => ('taken' in r ? [r.taken] : []));
  if (taken.length === counters.length) return taken;
  await giveBackTries(taken);
  const wait = Math.max(...results.map((r) => ('waitMs' in r ? r.waitMs : 0)), await waitOf(counters, now));
  throw new TooManyAttempts(message(waitText(wait)), Math.ceil(wait / 1000));
}

/** Keeps tries that failed (or were used), their waits running from the answer on. */
export async function keepTries(taken: readonly Take[]): Promise<void> {
  const now = Date.now();
  await Promise.all(taken.map((t) => waitFromNow(t, now)));
}

/** Gives back tries that turned out right (a right code, a code mailed on request that was not sent). */
export async function giveBackTries(taken: readonly Take[]): Promise<void> {
  await Promise.all(taken.map(giveBack));
}

/**
 * A right password forgets that address's failures on that account, and gives back its try on the
 * address's and the account's counters (a right password is no failure).
 */
export async function rightPassword(taken: readonly Take[]): Promise<void> {
  const [pair, ...others] = taken;
  await Promise.all([pair && clearCounter(pair.counter), giveBackTries(others)]);
}

/**
 * A password reset (the owner proved the mailbox) forgets the account's failures across addresses and
 * those of the address the reset came from, in the reset's own transaction.
 */
export const resetForgetsSteps = (emailTyped: string, ip: string | undefined) => {
  const [pair, , account] = signInCounters(emailTyped, ip);
  return [clearCounterStep(pair!), clearCounterStep(account!)];
};
