/**
 * POST /stripe/create-checkout-session against DynamoDB Local with the sandbox card checkout
 * (watched, and made to fail, through the provider registry): the answer, the pending ledger entry
 * and the provider's id that leads back to it, the sandbox's record of the session, and, for a label,
 * the order awaiting payment. Starting a payment never moves money; every refusal writes nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLocalCheckout } from '../../../../functions/data/local-checkouts';
import { getOrder } from '../../../../functions/data/orders';
import { ProviderUnavailable } from '../../../../functions/errors';
import { signSessionToken } from '../../../session-token';
import type { CardCheckout, CheckoutRequest } from '../../../../functions/providers/payments/payments';
import { localCheckoutUrl } from '../../../../functions/providers/payments/sandbox-checkout';
import { sampleLabelOrder } from '../../../fixtures/label-order';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { installFaultInjector } from '../../reliability/helpers';
import { invoke, newAccount, type Account } from '../../security/actors';
import { HIDDEN_500, SIGN_IN, expectVerifiedUserOnly } from '../answers';
import { changesOf, withoutWrites, withoutWritesButCounts } from '../table-changes';
import { balanceOf, entriesOf, expectPendingTopUp } from './payments';

/** The configured (sandbox) card checkout, watched; a test may replace what one call does. */
const watch = vi.hoisted(() => ({
  createSession: undefined as unknown as import('vitest').Mock<(req: CheckoutRequest, real: CardCheckout) => ReturnType<CardCheckout['createSession']>>,
}));
vi.mock('../../../../functions/providers/registry/payments', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../functions/providers/registry/payments')>();
  return {
    ...real,
    getCardCheckout: (): CardCheckout => ({
      createSession: (req) => watch.createSession(req, real.getCardCheckout()),
      webhookSecret: () => real.getCardCheckout().webhookSecret(),
      refund: (req) => real.getCardCheckout().refund(req),
    }),
  };
});

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const INVALID_AMOUNT = { message: 'Please enter a valid amount.', fields: { amount: 'Please enter a valid amount.' } };
const STRIPE_DOWN = { message: 'Stripe is not answering right now. Please try again in a moment.' };

const faults = installFaultInjector();
let ann: Account;
beforeEach(async () => {
  watch.createSession = vi.fn((req, real) => real.createSession(req));
  ann = await newAccount('user', 'checkout');
});
afterEach(async () => {
  faults.stop();
  await expectLedgerInvariant(ann.id);
});

/** `token: null` sends none. */
const checkout = (body: unknown, token: string | null = ann.token) => invoke('POST /stripe/create-checkout-session', { token: token ?? undefined, body });
const onlyEntry = async (userId = ann.id) => {
  const entries = await entriesOf(userId);
  expect(entries).toHaveLength(1);
  return entries[0]!;
};

describe('POST /stripe/create-checkout-session: a wallet top-up', () => {
  it('records a pending $25 card top-up, opens the session for it and answers its id and url, moving no money', async () => {
    const res = await checkout({ amount: 25 });

    expect(res.statusCode).toBe(200);
    const { id, url } = res.json as { id: string; url: string };
    expect(id).toMatch(/^cs_test_local_[0-9A-Z]{26}$/);
    expect(url).toBe(localCheckoutUrl(id));
    const entry = await onlyEntry();
    await expectPendingTopUp(entry, ann, { amountCents: 2500, creditType: 'Card', paymentType: 'CARD', provider: 'stripe', providerRef: id });
    const request = {
      userId: ann.id,
      email: ann.email,
      entryId: entry.id,
      purpose: 'topup',
      amountCents: 2500,
      description: 'PrepaidShip wallet top-up',
      successUrl: expect.stringMatching(/\/user-dashboard\/transactions\?checkout=success$/),
      cancelUrl: expect.stringMatching(/\/user-dashboard\/transactions\?checkout=cancelled$/),
    };
    expect(watch.createSession).toHaveBeenCalledExactlyOnceWith({ ...request, appOrigin: expect.any(String) }, expect.anything());
    expect(await getLocalCheckout(id)).toMatchObject({ ...request, provider: 'stripe', status: 'open' });
    expect(await balanceOf(ann.id)).toBe(0);
  });

  it('charges the validated amount only, ignoring a price, label or user id sent by the browser', async () => {
    const bo = await newAccount('user', 'checkout');
    const { result: res, written } = await changesOf(() => checkout({ amount: '10.05', price: 0.01, label: 'Free money', metadata: { userId: bo.id } }));

    expect(res.statusCode).toBe(200);
    expect(await onlyEntry()).toMatchObject({ userId: ann.id, amountCents: 1005 });
    expect(watch.createSession).toHaveBeenCalledWith(
      expect.objectContaining({ userId: ann.id, amountCents: 1005, description: 'PrepaidShip wallet top-up' }),
      expect.anything(),
    );
    expect(await entriesOf(bo.id)).toEqual([]);
    expect(written.join('\n')).not.toContain('Free money');
    expect(written.join('\n')).not.toContain(bo.id);
  });

  it('answers 502 when Stripe is down and marks the entry failed, moving no money and leaving no way back to it', async () => {
    watch.createSession.mockRejectedValueOnce(new ProviderUnavailable('Stripe', 'timeout'));
    const res = await checkout({ amount: 25 });

    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual(STRIPE_DOWN);
    expect(await onlyEntry()).toMatchObject({ status: 'failed', providerRef: null, completedAt: expect.any(String), amountCents: 2500 });
    expect(await balanceOf(ann.id)).toBe(0);
  });

  it('still answers the 502 when marking the entry failed fails too (the entry stays pending, moving nothing)', async () => {
    watch.createSession.mockImplementationOnce(() => {
      faults.armOn('UpdateItemCommand', 'throttling');
      return Promise.reject(new ProviderUnavailable('Stripe', 'timeout'));
    });
    const res = await checkout({ amount: 25 });

    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual(STRIPE_DOWN);
    expect(await onlyEntry()).toMatchObject({ status: 'pending', providerRef: null });
    expect(await balanceOf(ann.id)).toBe(0);
  });

  it('answers a plain 500, writing nothing but the call count, and never calls Stripe when the pending entry cannot be stored', async () => {
    faults.armOn('PutItemCommand', 'throttling');
    const res = await withoutWritesButCounts(() => checkout({ amount: 25 }));

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(watch.createSession).not.toHaveBeenCalled();
  });

  it.each([
    ['zero', 0],
    ['under $1', 0.5],
    ['over $10,000', 10000.01],
    ['three decimals', 1.234],
    ['negative', -5],
    ['text', 'ten'],
    ['null', null],
  ])('answers 400 for an amount that is %s, writing nothing and calling no provider', async (_what, amount) => {
    const res = await withoutWrites(() => checkout({ amount }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(INVALID_AMOUNT);
    expect(watch.createSession).not.toHaveBeenCalled();
  });

  it('answers 400 for a body with neither amount nor order, writing nothing', async () => {
    const res = await withoutWrites(() => checkout({}));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(INVALID_AMOUNT);
  });
});

describe('POST /stripe/create-checkout-session: one label', () => {
  it('stores the order awaiting payment and charges the server price, whatever the browser says, moving no money', async () => {
    const orderDetails = sampleLabelOrder({ paymentMethod: 'purchase', price: 0.01 });
    const res = await checkout({ amount: 1, label: 'free', metadata: { userId: 'someone-else', orderDetails } });

    expect(res.statusCode).toBe(200);
    const { id } = res.json as { id: string };
    const entry = await onlyEntry();
    expect(entry).toMatchObject({
      amountCents: 600,
      type: 'topup',
      creditType: 'Card',
      status: 'pending',
      providerRef: id,
      orderId: expect.stringMatching(ULID),
    });
    expect(await getOrder(ann.id, entry.orderId!)).toMatchObject({ userId: ann.id, status: 'awaiting_payment', priceCents: 600, paymentMethod: 'purchase' });
    expect(watch.createSession).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ userId: ann.id, entryId: entry.id, purpose: 'label', amountCents: 600 }),
      expect.anything(),
    );
    expect(await balanceOf(ann.id)).toBe(0);
  });
});

describe('POST /stripe/create-checkout-session: who may start a payment', () => {
  it('answers 401 without a token and 403 before the code step, writing nothing and calling no provider', async () => {
    await expectVerifiedUserOnly((token) => withoutWrites(() => checkout({ amount: 25 }, token)), ann.otpToken);
    expect(watch.createSession).not.toHaveBeenCalled();
  });

  it('answers 401 when the account is gone, before recording anything but the call count', async () => {
    const gone = await signSessionToken({ userId: '01J9Z3K4M5N6P7Q8R9S0T1V2W3', role: 'user', scope: 'full' });
    const res = await withoutWritesButCounts(() => checkout({ amount: 25 }, gone));

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual(SIGN_IN);
    expect(watch.createSession).not.toHaveBeenCalled();
  });
});
