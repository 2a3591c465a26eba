/**
 * POST /hoodpay/webhook against DynamoDB Local with the sandbox crypto checkout (watched through the
 * provider registry): payments are started through the real top-up route and paid or cancelled on
 * the sandbox's record, as its checkout page does. The notification only names a payment: what the
 * wallet does follows what Hoodpay answers when the payment is read back, never the payload.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { closeLocalCheckout } from '../../../../functions/data/local-checkouts';
import { getStats } from '../../../../functions/data/stats';
import { ProviderUnavailable } from '../../../../functions/errors';
import type { CryptoCheckout } from '../../../../functions/providers/payments/payments';
import { signHoodpayNotification } from '../../../../functions/providers/payments/hoodpay-webhook-signature';
import { hoodpaySandboxWebhookPayload } from '../../../../functions/providers/payments/sandbox-checkout';
import { findEntryByProviderRef, getEntry } from '../../../../functions/wallet/ledger';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { installFaultInjector } from '../../reliability/helpers';
import { invoke, newAccount, type Account } from '../../security/actors';
import { HIDDEN_500 } from '../answers';
import { withoutWrites } from '../table-changes';
import { balanceOf, entriesOf, startCryptoTopUp } from './payments';

/** The configured (sandbox) crypto checkout, watched; a test may replace what one call does. */
const watch = vi.hoisted(() => ({
  getPayment: undefined as unknown as import('vitest').Mock<(id: string, real: CryptoCheckout) => ReturnType<CryptoCheckout['getPayment']>>,
}));
vi.mock('../../../../functions/providers/registry/payments', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../functions/providers/registry/payments')>();
  return {
    ...real,
    getCryptoCheckout: (): CryptoCheckout => ({
      createPayment: (request) => real.getCryptoCheckout().createPayment(request),
      getPayment: (id) => watch.getPayment(id, real.getCryptoCheckout()),
    }),
  };
});

const RECEIVED = { received: true };
const NO_PAYMENT = { message: 'No payment id in the notification' };

const faults = installFaultInjector();
let ann: Account;
let paymentId: string;
let entryId: string;
beforeEach(async () => {
  watch.getPayment = vi.fn((id, real) => real.getPayment(id));
  ann = await newAccount('user', 'hoodpay');
  paymentId = await startCryptoTopUp(ann, 15);
  entryId = (await findEntryByProviderRef('hoodpay', paymentId))!.entryId;
});
afterEach(async () => {
  faults.stop();
  await expectLedgerInvariant(ann.id);
});

const notify = (body: unknown) => invoke('POST /hoodpay/webhook', { body });
const notifyPaid = () => notify(hoodpaySandboxWebhookPayload(paymentId, 'paid'));
const entry = () => getEntry(ann.id, entryId);

describe('POST /hoodpay/webhook: what the notification names', () => {
  it('answers 400 for a body that is not JSON, writing nothing and asking Hoodpay nothing', async () => {
    const res = await withoutWrites(() => invoke('POST /hoodpay/webhook', { raw: '{"forPaymentEvents":' }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Request body must be valid JSON' });
    expect(watch.getPayment).not.toHaveBeenCalled();
  });

  it.each([
    ['no payment at all', { eventType: 'PAYMENT_COMPLETED' }],
    ['an empty id', { forPaymentEvents: { id: '' } }],
    ['an id that is not a payment id', { forPaymentEvents: { id: '../../admin' } }],
    ['a JSON array', ['hp_3f2a9c']],
  ])('answers 400 for a notification with %s, writing nothing and asking Hoodpay nothing', async (_what, body) => {
    const res = await withoutWrites(() => notify(body));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(NO_PAYMENT);
    expect(watch.getPayment).not.toHaveBeenCalled();
  });

  it('answers 200 for a payment we never started, writing nothing and asking Hoodpay nothing', async () => {
    const res = await withoutWrites(() => notify(hoodpaySandboxWebhookPayload('hp_unknown', 'paid')));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
    expect(watch.getPayment).not.toHaveBeenCalled();
  });
});

describe('POST /hoodpay/webhook: the payment as Hoodpay reports it', () => {
  it('does not trust the notification: a payment still pending at Hoodpay writes nothing, whatever the payload says', async () => {
    const res = await withoutWrites(notifyPaid);

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
    expect(watch.getPayment).toHaveBeenCalledExactlyOnceWith(paymentId, expect.anything());
    expect((await entry())?.status).toBe('pending');
  });

  it('completes the entry and credits the wallet for a completed payment of the same amount, counting the top-up', async () => {
    await closeLocalCheckout(paymentId, 'paid');
    const before = await getStats();
    const res = await notifyPaid();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
    expect(await entry()).toMatchObject({
      status: 'completed',
      amountCents: 1500,
      creditType: 'Crypto',
      paymentType: 'CRYPTO',
      provider: 'hoodpay',
      completedAt: expect.any(String),
    });
    expect(await balanceOf(ann.id)).toBe(1500);
    const after = await getStats();
    expect([after.balanceCents - before.balanceCents, after.window.topUps - before.window.topUps, after.window.topUpCents - before.window.topUpCents]).toEqual([
      1500, 1, 1500,
    ]);
  });

  it('credits on a payload that claims a cancellation when Hoodpay says completed', async () => {
    await closeLocalCheckout(paymentId, 'paid');
    expect((await notify(hoodpaySandboxWebhookPayload(paymentId, 'cancelled'))).statusCode).toBe(200);

    expect(await balanceOf(ann.id)).toBe(1500);
  });

  it('finds the payment in a { data: { id } } envelope too', async () => {
    await closeLocalCheckout(paymentId, 'paid');
    const res = await notify({ data: { id: paymentId } });

    expect(res.statusCode).toBe(200);
    expect(await balanceOf(ann.id)).toBe(1500);
  });

  it('credits once, however often and however concurrently the notification comes', async () => {
    await closeLocalCheckout(paymentId, 'paid');
    const answers = await Promise.all(Array.from({ length: 10 }, notifyPaid));
    const replay = await withoutWrites(notifyPaid);

    expect([...answers, replay].map((a) => a.statusCode)).toEqual(Array(11).fill(200));
    expect(replay.json).toEqual(RECEIVED);
    expect(await balanceOf(ann.id)).toBe(1500);
    expect(await entriesOf(ann.id)).toEqual([expect.objectContaining({ id: entryId, status: 'completed' })]);
  });

  it.each([
    ['less', 1499],
    ['more', 150000],
  ])('credits nothing when Hoodpay reports a completed payment of %s than the entry', async (_what, amountCents) => {
    watch.getPayment.mockResolvedValueOnce({ id: paymentId, status: 'completed', amountCents });
    const res = await withoutWrites(notifyPaid);

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
    expect((await entry())?.status).toBe('pending');
  });

  it('marks the entry cancelled for a payment Hoodpay reports cancelled, moving no money; a later completion credits nothing', async () => {
    await closeLocalCheckout(paymentId, 'cancelled');
    const res = await notify(hoodpaySandboxWebhookPayload(paymentId, 'cancelled'));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
    expect(await entry()).toMatchObject({ status: 'cancelled', completedAt: expect.any(String) });
    expect(await balanceOf(ann.id)).toBe(0);

    watch.getPayment.mockResolvedValueOnce({ id: paymentId, status: 'completed', amountCents: 1500 });
    expect((await withoutWrites(notifyPaid)).statusCode).toBe(200);
  });

  it('answers 502 (so Hoodpay notifies again), writing nothing, when Hoodpay cannot be read', async () => {
    watch.getPayment.mockRejectedValueOnce(new ProviderUnavailable('Hoodpay', `GET /v1/businesses/1/payments/${paymentId} failed: TimeoutError`));
    const res = await withoutWrites(notifyPaid);

    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual({ message: 'Hoodpay is not answering right now. Please try again in a moment.' });
  });

  it('answers a plain 500 (so Hoodpay notifies again), writing nothing, when DynamoDB throttles the settlement; the next notification credits once', async () => {
    await closeLocalCheckout(paymentId, 'paid');
    faults.armOn('TransactWriteItemsCommand', 'throttling');
    const res = await withoutWrites(notifyPaid);

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    faults.stop();
    expect((await notifyPaid()).statusCode).toBe(200);
    expect(await balanceOf(ann.id)).toBe(1500);
  });
});

describe('POST /hoodpay/webhook: the signature, with HOODPAY_WEBHOOK_SECRET set', () => {
  const SECRET = 'whsec_cHJlcGFpZHNoaXAtaG9vZHBheS10ZXN0LWtleQ==';
  beforeEach(() => {
    vi.stubEnv('HOODPAY_WEBHOOK_SECRET', SECRET);
    resetConfigForTests();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  });

  /** Hoodpay's notification for the payment, signed as Svix signs it (`atMs` the signing time). */
  function signedNotification(secret = SECRET, atMs = Date.now()) {
    const raw = JSON.stringify(hoodpaySandboxWebhookPayload(paymentId, 'paid'));
    const timestamp = Math.floor(atMs / 1000);
    const headers = { 'svix-id': 'msg_2mWb3sZsQeDWk0f3Z2UqL9hJtKc', 'svix-timestamp': String(timestamp) };
    return { raw, headers: { ...headers, 'svix-signature': signHoodpayNotification(secret, headers['svix-id'], timestamp, raw) } };
  }
  const deliver = (n: { raw: string; headers: Record<string, string> }) => invoke('POST /hoodpay/webhook', { raw: n.raw, headers: n.headers });

  it('credits a completed payment whose notification is signed with the secret', async () => {
    await closeLocalCheckout(paymentId, 'paid');
    const res = await deliver(signedNotification());

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
    expect(watch.getPayment).toHaveBeenCalledExactlyOnceWith(paymentId, expect.anything());
    expect(await entry()).toMatchObject({ status: 'completed', amountCents: 1500 });
    expect(await balanceOf(ann.id)).toBe(1500);
  });

  it.each([
    ['unsigned', () => notifyPaid()],
    ['signed with another secret', () => deliver(signedNotification('whsec_b3RoZXItc2VjcmV0LW5vdC1vdXJzLTEyMzQ1Ng=='))],
    [
      'signed over another body',
      () => {
        const n = signedNotification();
        return deliver({ ...n, raw: n.raw.replace('"PAYMENT_COMPLETED"', '"PAYMENT_COMPLETED" ') });
      },
    ],
    ['signed 6 minutes ago (a replay)', () => deliver(signedNotification(SECRET, Date.now() - 6 * 60 * 1000))],
    ['signed 6 minutes in the future', () => deliver(signedNotification(SECRET, Date.now() + 6 * 60 * 1000))],
  ])('answers 400 Invalid signature for a notification %s, asking Hoodpay nothing and writing nothing', async (_what, send) => {
    await closeLocalCheckout(paymentId, 'paid');
    const res = await withoutWrites(send);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid signature' });
    expect(watch.getPayment).not.toHaveBeenCalled();
    expect((await entry())?.status).toBe('pending');
    expect(await balanceOf(ann.id)).toBe(0);
  });

  it('still reads the payment back: a signed notification of a payment Hoodpay reports pending credits nothing', async () => {
    const res = await withoutWrites(() => deliver(signedNotification()));

    expect(res.statusCode).toBe(200);
    expect(watch.getPayment).toHaveBeenCalledOnce();
    expect((await entry())?.status).toBe('pending');
  });
});

describe('POST /hoodpay/webhook: without HOODPAY_WEBHOOK_SECRET', () => {
  it('takes an unsigned notification as before, and credits what Hoodpay reports', async () => {
    await closeLocalCheckout(paymentId, 'paid');
    const res = await notifyPaid();

    expect(res.statusCode).toBe(200);
    expect(await balanceOf(ann.id)).toBe(1500);
  });
});
