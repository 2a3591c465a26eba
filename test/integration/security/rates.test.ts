/**
 * The rates on calls that cost us at a paid service, and on sign-ups, through the real handlers
 * (functions/accounts/limits.ts RATES, docs/decisions/0195-rates-on-paid-calls-and-sign-ups.md):
 * tracking look-ups, address checks and payment sessions per user (and per address), sign-ups per
 * address. Beyond a rate: 429 with Retry-After and the rate's message, the provider is not called and
 * nothing is stored. Bursts are sent concurrently: each call is counted before it is made.
 * The providers are the sandboxes, watched through the registry.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RATES } from '../../../functions/accounts/limits';
import { resetConfigForTests } from '../../../functions/config';
import { listOutbox } from '../../../functions/data/outbox';
import { getUserByEmail } from '../../../functions/data/users';
import type { AddressVerifier } from '../../../functions/providers/address/address-verifier';
import type { CardCheckout, CryptoCheckout } from '../../../functions/providers/payments/payments';
import type { PackageTracker, TrackOptions } from '../../../functions/providers/tracking/tracking';
import { entriesOf } from '../handlers/payments/payments';
import { creditWallet } from '../wallet-credit';
import { buyLabel, idempotencyKey, invoke, labelOrder, newAccount, PASSWORD, scanTable, type Account, type Answer } from './actors';

const calls = vi.hoisted(() => ({ track: [] as { number: string; options?: TrackOptions }[], verify: 0, card: 0, crypto: 0 }));
vi.mock('../../../functions/providers/registry/tracking', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../functions/providers/registry/tracking')>();
  return {
    ...real,
    getPackageTracker: (): PackageTracker => ({
      track: (number, label, options) => {
        calls.track.push({ number, ...(options ? { options } : {}) });
        return real.getPackageTracker().track(number, label, options);
      },
    }),
  };
});
vi.mock('../../../functions/providers/registry/address', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../functions/providers/registry/address')>();
  return {
    ...real,
    getAddressVerifier: (): AddressVerifier => ({
      verify: (address) => {
        calls.verify++;
        return real.getAddressVerifier().verify(address);
      },
    }),
  };
});
vi.mock('../../../functions/providers/registry/payments', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../functions/providers/registry/payments')>();
  return {
    ...real,
    getCardCheckout: (): CardCheckout => ({
      createSession: (req) => {
        calls.card++;
        return real.getCardCheckout().createSession(req);
      },
      webhookSecret: () => real.getCardCheckout().webhookSecret(),
      refund: (req) => real.getCardCheckout().refund(req),
    }),
    getCryptoCheckout: (): CryptoCheckout => ({
      createPayment: (req) => {
        calls.crypto++;
        return real.getCryptoCheckout().createPayment(req);
      },
      getPayment: (id) => real.getCryptoCheckout().getPayment(id),
    }),
  };
});

let n = 0;
/** An address of its own per call site, so per-address counts start at 0 (loopback is not counted per address). */
const nextAddress = () => `198.51.100.${++n}`;
let ann: Account;
beforeEach(async () => {
  ann = await newAccount('user', 'rates');
  calls.track = [];
  calls.verify = 0;
  calls.card = 0;
  calls.crypto = 0;
});

const count = (answers: Answer[], status: number) => answers.filter((a) => a.statusCode === status).length;

/** Every refusal is a 429 with Retry-After within the window and the rate's message. */
function expectRateRefusals(answers: Answer[], message: RegExp, windowMs: number) {
  for (const res of answers.filter((a) => a.statusCode === 429)) {
    const retryAfter = Number(res.headers?.['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
    expect(String(res.json?.message)).toMatch(message);
  }
}

/** Runs a burst one second into a fresh window, so it does not straddle two. */
async function inOneWindow<T>(windowMs: number, burst: () => Promise<T>): Promise<T> {
  const into = Date.now() % windowMs;
  if (into > windowMs - 20_000) await new Promise((r) => setTimeout(r, windowMs - into + 1_000));
  return burst();
}

const RATE_ROWS = (pk: string) => scanTable().then((lines) => lines.filter((l) => l.includes(`"pk":"RATE#${pk}`)));

describe('tracking look-ups', () => {
  it(`answers ${RATES.trackUser.max} look-ups a minute per user, then 429 with Retry-After, asking the tracker nothing more`, async () => {
    await creditWallet(ann, 5000);
    const label = await buyLabel(ann);
    const where = nextAddress();
    const extra = 8;
    const answers = await inOneWindow(RATES.trackUser.windowMs, () =>
      Promise.all(
        Array.from({ length: RATES.trackUser.max + extra }, () =>
          invoke('POST /shipping/track', { token: ann.token, body: { trackingNumber: label.tracking }, sourceIp: where }),
        ),
      ),
    );
    expect(count(answers, 200)).toBe(RATES.trackUser.max);
    expect(count(answers, 429)).toBe(extra);
    expectRateRefusals(answers, /^Too many tracking look-ups\. Try again in \d+ seconds?\.$/, RATES.trackUser.windowMs);
    expect(calls.track).toHaveLength(RATES.trackUser.max);
    // Another user is not slowed by ann's look-ups.
    const bo = await newAccount('user', 'rates');
    expect((await invoke('POST /shipping/track', { token: bo.token, body: { trackingNumber: label.tracking }, sourceIp: nextAddress() })).statusCode).toBe(200);
  });

  it('does not count a malformed number: it is refused before anything is asked or stored', async () => {
    const res = await invoke('POST /shipping/track', { token: ann.token, body: { trackingNumber: '12345' }, sourceIp: nextAddress() });
    expect(res.statusCode).toBe(400);
    expect(await RATE_ROWS(`track-user#${ann.id}`)).toEqual([]);
  });

  it('with AfterShip, lets only our labels become trackings: any other number is only read, and a 404 when AfterShip does not track it', async () => {
    await creditWallet(ann, 5000);
    const label = await buyLabel(ann);
    vi.stubEnv('TRACKING_PROVIDER', 'aftership');
    vi.stubEnv('AFTERSHIP_API_KEY', 'asat_test_key');
    resetConfigForTests();
    // AfterShip tracks nothing yet: every find answers an empty list, a create answers a new tracking.
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
        requests.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
        if (init?.method === 'POST') {
          const { tracking_number } = JSON.parse(String(init.body)) as { tracking_number: string };
          return Response.json({ meta: { code: 200 }, data: { tracking_number, slug: 'usps', tag: 'Pending', checkpoints: [] } }, { status: 201 });
        }
        return Response.json({ meta: { code: 200 }, data: { trackings: [] } });
      }),
    );
    try {
      const notOurs = '9400111899562537866361';
      const res = await invoke('POST /shipping/track', { token: ann.token, body: { trackingNumber: notOurs }, sourceIp: nextAddress() });
      expect(res.statusCode).toBe(404);
      expect(res.json).toEqual({ message: 'We could not find a package with that tracking number.' });
      expect(calls.track).toEqual([{ number: notOurs, options: { create: false } }]);
      expect(requests).toEqual(['GET /tracking/2026-07/trackings']);

      requests.length = 0;
      const ours = await invoke('POST /shipping/track', { token: ann.token, body: { trackingNumber: label.tracking }, sourceIp: nextAddress() });
      expect(ours.statusCode).toBe(200);
      expect(calls.track.at(-1)).toEqual({ number: label.tracking, options: { create: true } });
      expect(requests).toEqual(['GET /tracking/2026-07/trackings', 'POST /tracking/2026-07/trackings']);
    } finally {
      vi.unstubAllGlobals();
      vi.unstubAllEnvs();
      resetConfigForTests();
    }
  });
});

describe('address checks', () => {
  it(`answers ${RATES.addressUser.max} checks a minute per user, then 429 with Retry-After, calling the verifier no more`, async () => {
    const where = nextAddress();
    const extra = 5;
    const body = { name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
    const answers = await inOneWindow(RATES.addressUser.windowMs, () =>
      Promise.all(Array.from({ length: RATES.addressUser.max + extra }, () => invoke('POST /addresses/verify', { token: ann.token, body, sourceIp: where }))),
    );
    expect(count(answers, 200)).toBe(RATES.addressUser.max);
    expect(count(answers, 429)).toBe(extra);
    expectRateRefusals(answers, /^Too many address checks\. Try again in \d+ seconds?\.$/, RATES.addressUser.windowMs);
    expect(calls.verify).toBe(RATES.addressUser.max);
  });
});

describe('payment sessions', () => {
  it(`opens ${RATES.checkoutUser.max} payment sessions per user in 10 minutes, card and crypto together, then 429 with no session and no pending entry`, async () => {
    const where = nextAddress();
    const answers = await inOneWindow(RATES.checkoutUser.windowMs, async () => {
      const cards = await Promise.all(
        Array.from({ length: RATES.checkoutUser.max - 2 }, () =>
          invoke('POST /stripe/create-checkout-session', { token: ann.token, body: { amount: 25 }, sourceIp: where }),
        ),
      );
      const crypto = await Promise.all(
        Array.from({ length: 4 }, () => invoke('POST /hoodpay/topup', { token: ann.token, body: { amount: 15, creditType: 'Crypto' }, sourceIp: where })),
      );
      const lastCard = await invoke('POST /stripe/create-checkout-session', { token: ann.token, body: { amount: 25 }, sourceIp: where });
      return [...cards, ...crypto, lastCard];
    });
    expect(count(answers, 200)).toBe(RATES.checkoutUser.max);
    expect(count(answers, 429)).toBe(3);
    expect(answers.at(-1)?.statusCode).toBe(429);
    expectRateRefusals(answers, /^Too many payments started\. Try again in \d+ (second|minute)s?\.$/, RATES.checkoutUser.windowMs);
    expect(calls.card + calls.crypto).toBe(RATES.checkoutUser.max);
    // One pending ledger entry per session opened, none for a refusal.
    expect(await entriesOf(ann.id)).toHaveLength(RATES.checkoutUser.max);
  });

  it("counts a label's shortfall checkout on the same rate: once it is spent, a short purchase answers 429 and stores no order", async () => {
    const where = nextAddress();
    const shortPurchase = () =>
      invoke('POST /shipping/create-label', {
        token: ann.token,
        headers: { 'idempotency-key': idempotencyKey() },
        body: { ...labelOrder(), payShortfall: true },
        sourceIp: where,
      });
    const answers = await inOneWindow(RATES.checkoutUser.windowMs, async () => {
      const cards = await Promise.all(
        Array.from({ length: RATES.checkoutUser.max - 1 }, () =>
          invoke('POST /stripe/create-checkout-session', { token: ann.token, body: { amount: 25 }, sourceIp: where }),
        ),
      );
      return [...cards, await shortPurchase(), await shortPurchase()];
    });
    expect(answers.slice(0, -2).map((a) => a.statusCode)).toEqual(Array(RATES.checkoutUser.max - 1).fill(200));
    expect(answers.at(-2)?.statusCode).toBe(201);
    expect((answers.at(-2)?.json as { checkoutUrl: string }).checkoutUrl).toEqual(expect.any(String));
    expect(answers.at(-1)?.statusCode).toBe(429);
    expectRateRefusals(answers, /^Too many payments started\. Try again in \d+ (second|minute)s?\.$/, RATES.checkoutUser.windowMs);
    expect(calls.card).toBe(RATES.checkoutUser.max);
    // The refused purchase stored nothing: one order (the one awaiting its card), no second.
    const orders = (await scanTable()).filter((line) => line.includes(`"pk":"USER#${ann.id}"`) && line.includes('"sk":"ORDER#'));
    expect(orders).toHaveLength(1);
  });
});

describe('sign-ups', () => {
  const signUp = (email: string, sourceIp: string) =>
    invoke('POST /auth/register', { body: { name: 'Rate Tester', email, password: PASSWORD, recaptchaToken: 't' }, sourceIp });

  it(`takes ${RATES.signUpAddress.max} sign-ups an hour from one address, then 429 with Retry-After: no account, no mail`, async () => {
    const where = nextAddress();
    const emails = Array.from({ length: RATES.signUpAddress.max + 2 }, (_, i) => `signup-${i}-${Date.now()}@example.com`);
    const answers = await inOneWindow(60_000, () => Promise.all(emails.map((email) => signUp(email, where))));
    expect(count(answers, 201)).toBe(RATES.signUpAddress.max);
    expect(count(answers, 429)).toBe(2);
    expectRateRefusals(answers, /^Too many sign-ups from your network\. Try again in \d+ (second|minute)s?\.$/, RATES.signUpAddress.windowMs);
    for (const [i, res] of answers.entries()) {
      if (res.statusCode !== 429) continue;
      expect(await getUserByEmail(emails[i]!)).toBeUndefined();
      expect(await listOutbox({ to: emails[i]! })).toEqual([]);
    }
    // Another address signs up.
    expect((await signUp(`signup-other-${Date.now()}@example.com`, nextAddress())).statusCode).toBe(201);
  });
});
