/**
 * POST /hoodpay/topup against DynamoDB Local with the sandbox crypto checkout (watched, and made to
 * fail, through the provider registry): the answer, the pending ledger entry and the payment id that
 * leads back to it, and what Hoodpay was asked for. Starting a payment never moves money; every
 * refusal writes nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { getLocalCheckout } from '../../../../functions/data/local-checkouts';
import { ProviderUnavailable } from '../../../../functions/errors';
import type { CheckoutRequest, CryptoCheckout } from '../../../../functions/providers/payments/payments';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { installFaultInjector } from '../../reliability/helpers';
import { invoke, newAccount, type Account } from '../../security/actors';
import { HIDDEN_500, expectVerifiedUserOnly } from '../answers';
import { withoutWrites, withoutWritesButCounts } from '../table-changes';
import { balanceOf, entriesOf, expectPendingTopUp } from './payments';

/** The configured (sandbox) crypto checkout, watched; a test may replace what one call does. */
const watch = vi.hoisted(() => ({
  createPayment: undefined as unknown as import('vitest').Mock<
    (req: CheckoutRequest & { notifyUrl: string }, real: CryptoCheckout) => ReturnType<CryptoCheckout['createPayment']>
  >,
}));
vi.mock('../../../../functions/providers/registry/payments', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../functions/providers/registry/payments')>();
  return {
    ...real,
    getCryptoCheckout: (): CryptoCheckout => ({
      createPayment: (req) => watch.createPayment(req, real.getCryptoCheckout()),
      getPayment: (id) => real.getCryptoCheckout().getPayment(id),
    }),
  };
});

const APP_URL = 'https://app.prepaidship.test';
const HOODPAY_DOWN = { message: 'Hoodpay is not answering right now. Please try again in a moment.' };

const faults = installFaultInjector();
let ann: Account;
beforeEach(async () => {
  vi.stubEnv('APP_URL', APP_URL);
  resetConfigForTests();
  watch.createPayment = vi.fn((req, real) => real.createPayment(req));
  ann = await newAccount('user', 'topup');
});
afterEach(async () => {
  faults.stop();
  vi.unstubAllEnvs();
  resetConfigForTests();
  await expectLedgerInvariant(ann.id);
});

/** `token: null` sends none. */
const topUp = (body: unknown, token: string | null = ann.token) => invoke('POST /hoodpay/topup', { token: token ?? undefined, body });
const onlyEntry = async () => {
  const entries = await entriesOf(ann.id);
  expect(entries).toHaveLength(1);
  return entries[0]!;
};

describe('POST /hoodpay/topup', () => {
  it.each([
    ['Crypto', 'CRYPTO'],
    ['Bitcoin', 'BITCOIN'],
  ])('records a pending %s top-up, opens the Hoodpay payment for it and answers its url and id, moving no money', async (creditType, paymentType) => {
    const res = await topUp({ amount: 15, creditType, type: 'topup', paymentMethod: paymentType });

    expect(res.statusCode).toBe(200);
    const { url, hoodpayOrderId } = (res.json as { data: { url: string; hoodpayOrderId: string } }).data;
    expect(hoodpayOrderId).toMatch(/^hp_local_[0-9A-Z]{26}$/);
    expect(url).toBe(`${APP_URL}/_local/checkout/${hoodpayOrderId}`);
    const entry = await onlyEntry();
    await expectPendingTopUp(entry, ann, { amountCents: 1500, creditType, paymentType, provider: 'hoodpay', providerRef: hoodpayOrderId });
    const request = {
      userId: ann.id,
      email: ann.email,
      entryId: entry.id,
      purpose: 'topup',
      amountCents: 1500,
      description: 'PrepaidShip wallet top-up',
      successUrl: `${APP_URL}/user-dashboard/transactions?checkout=success`,
      cancelUrl: `${APP_URL}/user-dashboard/transactions?checkout=cancelled`,
      notifyUrl: `${APP_URL}/hoodpay/webhook`,
    };
    expect(watch.createPayment).toHaveBeenCalledExactlyOnceWith({ ...request, appOrigin: APP_URL }, expect.anything());
    expect(await getLocalCheckout(hoodpayOrderId)).toMatchObject({ ...request, provider: 'hoodpay', status: 'open' });
    expect(await balanceOf(ann.id)).toBe(0);
  });

  it('answers 400 for a card top-up (cards go through Stripe), writing nothing and asking Hoodpay nothing', async () => {
    const res = await withoutWrites(() => topUp({ amount: 10, creditType: 'Card' }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Card top-ups go through card checkout', fields: { creditType: 'Card top-ups go through card checkout' } });
    expect(watch.createPayment).not.toHaveBeenCalled();
  });

  it('answers 502 when Hoodpay is down and marks the entry failed, moving no money and leaving no way back to it', async () => {
    watch.createPayment.mockRejectedValueOnce(new ProviderUnavailable('Hoodpay', 'POST /v1/businesses/1/payments answered HTTP 503'));
    const res = await topUp({ amount: 15, creditType: 'Crypto' });

    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual(HOODPAY_DOWN);
    expect(await onlyEntry()).toMatchObject({ status: 'failed', providerRef: null, completedAt: expect.any(String), amountCents: 1500 });
    expect(await balanceOf(ann.id)).toBe(0);
  });

  it('answers a plain 500, writing nothing but the call count, and never calls Hoodpay when the pending entry cannot be stored', async () => {
    faults.armOn('PutItemCommand', 'throttling');
    const res = await withoutWritesButCounts(() => topUp({ amount: 15, creditType: 'Bitcoin' }));

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(watch.createPayment).not.toHaveBeenCalled();
  });

  it.each([
    [{ amount: 0.99, creditType: 'Crypto' }, { amount: 'Please enter a valid amount.' }],
    [{ amount: 15 }, { creditType: 'Choose a credit type' }],
    [{ amount: 15, creditType: 'Dogecoin' }, { creditType: 'Choose a credit type' }],
  ])('answers 400 for %j, writing nothing', async (body, fields) => {
    const res = await withoutWrites(() => topUp(body));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: Object.values(fields)[0], fields });
    expect(watch.createPayment).not.toHaveBeenCalled();
  });

  it('answers 401 without a token and 403 before the code step, writing nothing', async () => {
    await expectVerifiedUserOnly((token) => withoutWrites(() => topUp({ amount: 15, creditType: 'Crypto' }, token)), ann.otpToken);
    expect(watch.createPayment).not.toHaveBeenCalled();
  });
});
