/**
 * Ship dates and shortfalls paid by card, against DynamoDB Local with the sandbox carrier and the
 * sandbox card checkout: the ship date (its window in US Eastern time, stored, answered, printed and
 * starting the refund window), and a credits label short of balance: 402 with the shortfall, or,
 * with `payShortfall`, an order awaiting a card payment of the shortfall only, settled by the signed
 * Stripe event through the real webhook. Proof: the answers, the order, the ledger entries and the
 * balance.
 */
import { ulid } from 'ulid';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refundWindowEnd } from '../../../../domain/api/orders';
import { addDays, todayInEastern } from '../../../../domain/ship-date';
import { getLocalCheckout } from '../../../../functions/data/local-checkouts';
import { getOrder } from '../../../../functions/data/orders';
import { getUserById } from '../../../../functions/data/users';
import { CARD_FAILED, SPENT_MEANWHILE } from '../../../../functions/labels/card-orders';
import { UNPAID_BEFORE } from '../../../../functions/labels/credit-orders';
import { ProviderUnavailable } from '../../../../functions/errors';
import type { CardCheckout, CheckoutRequest } from '../../../../functions/providers/payments/payments';
import { INTERRUPTED, recoverExpiredPurchases } from '../../../../functions/labels/recovery';
import { logger } from '../../../../functions/observability/logger';
import { adjust, adjustmentEntry, transactWallet } from '../../../../functions/wallet/wallet';
import { sampleAddress, sampleLabelOrder } from '../../../fixtures/label-order';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { deliverSigned, entriesOf, stripeEvent } from '../payments/payments';
import { withoutWrites } from '../table-changes';
import { carrierWatch, watchCarrierAnew } from '../../watch-carrier';

vi.mock('../../../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('../../watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);

/** The configured (sandbox) card checkout, watched: a test may make it fail to start. */
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

const PRICE = 600; // sampleLabelOrder: USPS Priority, 2 lb
let ann: Account;
beforeEach(async () => {
  watchCarrierAnew();
  watch.createSession = vi.fn((req, real) => real.createSession(req));
  ann = await newAccount('user', 'shipdate');
});
afterEach(async () => {
  await expectLedgerInvariant(ann.id);
});

const buy = (body: unknown, key = idempotencyKey()) => invoke('POST /shipping/create-label', { token: ann.token, body, headers: { 'idempotency-key': key } });
const balance = async () => (await getUserById(ann.id, { consistent: true }))?.balanceCents;
const orderIdOf = (res: Awaited<ReturnType<typeof buy>>) => (res.json?.label as { shipOrderId: string }).shipOrderId;

describe('POST /shipping/create-label: the ship date', () => {
  beforeEach(() => creditWallet(ann, 1000));

  it('keeps a date at the end of the window: stored, answered, sent to the carrier; the refund window still counts from the purchase', async () => {
    const shipDate = addDays(todayInEastern(), 7);
    const res = await buy(sampleLabelOrder({ shipDate }));

    expect(res.statusCode, res.body).toBe(201);
    const createdAt = String((res.json as { label: { createdAt: string } }).label.createdAt);
    expect(res.json?.label).toMatchObject({ shipDate, status: 'created', refundableUntil: refundWindowEnd(createdAt), toEmail: null });
    expect(Date.parse(refundWindowEnd(createdAt)) - Date.parse(createdAt)).toBe(30 * 86_400_000);
    expect(await getOrder(ann.id, orderIdOf(res))).toMatchObject({ shipDate, status: 'created' });
    expect(carrierWatch.buyLabel).toHaveBeenCalledWith(expect.objectContaining({ shipDate }), expect.anything(), expect.any(Function));
    const list = await invoke('GET /shipping/orders', { token: ann.token });
    expect((list.json?.orders as { shipDate: string }[])[0]?.shipDate).toBe(shipDate);
  });

  it('stores the recipient email (to.email) on the order as toEmail (not sent to the carrier)', async () => {
    const to = sampleAddress('Bo Receiver', '10001', '2 Elm St');
    const res = await buy(sampleLabelOrder({ to: { ...to, email: 'bo@example.com' } }));

    expect(res.statusCode, res.body).toBe(201);
    expect(res.json?.label).toMatchObject({ toEmail: 'bo@example.com', to });
    const stored = await getOrder(ann.id, orderIdOf(res));
    expect(stored).toMatchObject({ toEmail: 'bo@example.com', shipDate: todayInEastern() });
    expect(stored?.to).toEqual(to);
    expect(carrierWatch.buyLabel).toHaveBeenCalledWith(expect.objectContaining({ to }), expect.anything(), expect.any(Function));
    expect(carrierWatch.buyLabel).toHaveBeenCalledWith(expect.not.objectContaining({ toEmail: expect.anything() }), expect.anything(), expect.any(Function));
  });

  it.each([
    ['yesterday in US Eastern time', () => addDays(todayInEastern(), -1)],
    ['8 days ahead', () => addDays(todayInEastern(), 8)],
  ])('refuses a date %s with 400, writing nothing and buying nothing', async (_what, day) => {
    const res = await withoutWrites(() => buy(sampleLabelOrder({ shipDate: day() })));

    expect(res.statusCode).toBe(400);
    expect(res.json?.fields).toEqual({ shipDate: 'Ship date must be within the next 7 days' });
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
    expect(await balance()).toBe(1000);
  });

  it('refuses a malformed date and the old field name with clear messages', async () => {
    const bad = await withoutWrites(() => buy(sampleLabelOrder({ shipDate: '12/01/2026' })));
    expect(bad.statusCode).toBe(400);
    expect(bad.json?.fields).toEqual({ shipDate: 'Use a date like 2026-01-31' });

    const old = await withoutWrites(() => buy(sampleLabelOrder({ date: todayInEastern() })));
    expect(old.statusCode).toBe(400);
    expect(old.json?.fields).toEqual({ date: 'date was renamed shipDate' });
  });
});

describe('POST /shipping/create-label: too little credit', () => {
  beforeEach(() => creditWallet(ann, 250));

  it('answers 402 with the shortfall in cents, writing nothing', async () => {
    const res = await withoutWrites(() => buy(sampleLabelOrder()));

    expect(res.statusCode).toBe(402);
    expect(res.json).toEqual({ message: 'Insufficient balance', shortfallCents: PRICE - 250 });
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  async function startShortfall(key = idempotencyKey()) {
    const res = await buy(sampleLabelOrder({ payShortfall: true }), key);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = orderIdOf(res);
    const pending = (await entriesOf(ann.id)).filter((e) => e.status === 'pending');
    expect(pending).toHaveLength(1);
    const checkout = await getLocalCheckout(String(pending[0]!.providerRef));
    if (!checkout) throw new Error('no sandbox checkout');
    return { res, orderId, entry: pending[0]!, checkout };
  }

  it('with payShortfall: stores the order awaiting payment and starts a card checkout of exactly the shortfall; nothing moves yet', async () => {
    const { res, orderId, entry, checkout } = await startShortfall();

    expect(res.json).toMatchObject({ label: { status: 'awaiting_payment', priceCents: PRICE, paymentMethod: 'credits' }, balanceCents: 250 });
    expect(res.json?.checkoutUrl).toEqual(expect.any(String));
    expect(await getOrder(ann.id, orderId)).toMatchObject({ status: 'awaiting_payment', shortfallCents: 350, checkoutUrl: res.json?.checkoutUrl });
    expect(await getOrder(ann.id, orderId)).not.toHaveProperty('leaseUntil');
    expect(entry).toMatchObject({ type: 'topup', amountCents: 350, orderId, creditType: 'Card' });
    expect(checkout).toMatchObject({ purpose: 'label', amountCents: 350, entryId: entry.id });
    expect(await balance()).toBe(250);
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('a repeated request with the same key answers the same order and checkout, starting nothing new', async () => {
    const key = idempotencyKey();
    const first = await startShortfall(key);

    const again = await buy(sampleLabelOrder({ payShortfall: true }), key);
    expect(again.statusCode).toBe(201);
    expect(orderIdOf(again)).toBe(first.orderId);
    expect(again.json?.checkoutUrl).toBe(first.res.json?.checkoutUrl);
    expect((await entriesOf(ann.id)).filter((e) => e.status === 'pending')).toHaveLength(1);
    expect((await invoke('GET /shipping/orders', { token: ann.token })).json?.orders).toHaveLength(1);
  });

  it('two requests at once with the same key start one order and one checkout', async () => {
    const key = idempotencyKey();
    const answers = await Promise.all([1, 2].map(() => buy(sampleLabelOrder({ payShortfall: true }), key)));

    // The second answers the first's order and checkout, or 409 with Retry-After while its checkout is starting.
    expect(answers.map((a) => a.statusCode).sort()).toSatisfy((codes: number[]) => codes[0] === 201 && [201, 409].includes(codes[1]!));
    expect((await entriesOf(ann.id)).filter((e) => e.status === 'pending')).toHaveLength(1);
    expect((await invoke('GET /shipping/orders', { token: ann.token })).json?.orders).toHaveLength(1);
    expect(await balance()).toBe(250);
  });

  it('the signed payment event settles it: balance old + shortfall - price, entries sum to it, label bought; a replay does nothing', async () => {
    const { orderId, entry, checkout } = await startShortfall();
    const paid = stripeEvent(checkout, 'paid');

    expect((await deliverSigned(paid)).statusCode).toBe(200);

    expect(await getOrder(ann.id, orderId)).toMatchObject({ status: 'created', tracking: expect.any(String) });
    expect(await balance()).toBe(250 + 350 - PRICE);
    expect(await expectLedgerInvariant(ann.id)).toBe(0);
    const mine = (await entriesOf(ann.id)).filter((e) => e.orderId === orderId);
    expect(mine.map((e) => [e.type, e.amountCents, e.status]).sort()).toEqual([
      ['label', -PRICE, 'completed'],
      ['topup', 350, 'completed'],
    ]);
    expect(mine.find((e) => e.type === 'topup')?.id).toBe(entry.id);
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);

    const replay = await withoutWrites(() => deliverSigned(paid));
    expect(replay.statusCode).toBe(200);
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
    expect(await balance()).toBe(0);
  });

  it('a balance spent meanwhile: the top-up still credits the wallet and the order fails with a clear reason', async () => {
    const key = idempotencyKey();
    const { orderId, entry, checkout } = await startShortfall(key);
    const spent = await transactWallet(ann, (account) => adjust(account, adjustmentEntry(ann, ulid(), -200, 'spent elsewhere')));
    expect(spent.ok).toBe(true);

    expect((await deliverSigned(stripeEvent(checkout, 'paid'))).statusCode).toBe(200);

    expect(await getOrder(ann.id, orderId)).toMatchObject({ status: 'failed', failureReason: SPENT_MEANWHILE });
    expect(await balance()).toBe(50 + 350);
    expect((await entriesOf(ann.id)).find((e) => e.id === entry.id)).toMatchObject({ status: 'completed', amountCents: 350 });
    expect((await entriesOf(ann.id)).filter((e) => e.type === 'label')).toEqual([]);
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
    // The same key now answers that outcome, never a second order or checkout.
    const again = await withoutWrites(() => buy(sampleLabelOrder({ payShortfall: true }), key));
    expect(again.statusCode).toBe(409);
    expect(again.json).toEqual({ message: SPENT_MEANWHILE });
  });

  it('a cancelled checkout: the entry ends cancelled, the order failed, nothing moved', async () => {
    const { orderId, entry, checkout } = await startShortfall();

    expect((await deliverSigned(stripeEvent(checkout, 'cancelled'))).statusCode).toBe(200);

    expect(await getOrder(ann.id, orderId)).toMatchObject({ status: 'failed' });
    expect((await entriesOf(ann.id)).find((e) => e.id === entry.id)).toMatchObject({ status: 'cancelled' });
    expect(await balance()).toBe(250);
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('a checkout that cannot start: 502, the order failed, the entry failed, nothing moved; the same key then answers 409', async () => {
    watch.createSession.mockRejectedValueOnce(new ProviderUnavailable('Stripe', 'timeout'));
    const key = idempotencyKey();
    const res = await buy(sampleLabelOrder({ payShortfall: true }), key);

    expect(res.statusCode).toBe(502);
    const orders = (await invoke('GET /shipping/orders', { token: ann.token })).json?.orders as { shipOrderId: string }[];
    expect(orders).toHaveLength(1);
    expect(await getOrder(ann.id, orders[0]!.shipOrderId)).toMatchObject({ status: 'failed', failureReason: 'checkout could not start' });
    expect((await entriesOf(ann.id)).filter((e) => e.orderId === orders[0]!.shipOrderId)).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(await balance()).toBe(250);

    const again = await withoutWrites(() => buy(sampleLabelOrder({ payShortfall: true }), key));
    expect(again.statusCode).toBe(409);
    expect(again.json).toEqual({ message: UNPAID_BEFORE });
    expect(watch.createSession).toHaveBeenCalledTimes(1);
  });

  it('a failed bank debit: the entry ends failed, the order failed, nothing moved', async () => {
    const { orderId, entry, checkout } = await startShortfall();

    const failed = stripeEvent(checkout, 'cancelled', (e) => void (e.type = 'checkout.session.async_payment_failed'));
    expect((await deliverSigned(failed)).statusCode).toBe(200);

    expect(await getOrder(ann.id, orderId)).toMatchObject({ status: 'failed', failureReason: CARD_FAILED });
    expect((await entriesOf(ann.id)).find((e) => e.id === entry.id)).toMatchObject({ status: 'failed' });
    expect(await balance()).toBe(250);
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('a process that dies at the carrier after the settlement: the scheduled recovery refunds the price, no cent stranded', async () => {
    const { orderId, checkout } = await startShortfall();
    let die!: (err: Error) => void;
    carrierWatch.buyLabel.mockImplementationOnce(() => new Promise((_, reject) => (die = reject)));
    const first = deliverSigned(stripeEvent(checkout, 'paid'));
    await vi.waitFor(async () => expect((await getOrder(ann.id, orderId))?.status).toBe('processing'));
    expect(await balance()).toBe(0);

    await recoverExpiredPurchases(logger, new Date(Date.now() + 10 * 60_000));

    expect(await getOrder(ann.id, orderId)).toMatchObject({ status: 'failed', failureReason: INTERRUPTED });
    // 250 + 350 by card - 600 for the label + 600 refunded: the card's money stays in the wallet.
    expect(await balance()).toBe(600);
    die(new Error('socket hang up'));
    await first;
    expect(await balance()).toBe(600);
  });

  it('with enough balance, payShortfall changes nothing: the label is bought from the wallet', async () => {
    await creditWallet(ann, 1000);
    const res = await buy(sampleLabelOrder({ payShortfall: true }));

    expect(res.statusCode).toBe(201);
    expect(res.json).toMatchObject({ label: { status: 'created' }, checkoutUrl: null, balanceCents: 1250 - PRICE });
  });
});
