/**
 * POST /shipping/create-label against DynamoDB Local with the sandbox carrier and the file label
 * store (watched, and made to fail, through the provider registry): the answer, the order, the
 * wallet's ledger and balance, the stored PDF and the counters. Every refusal moves no money.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toApiOrder } from '../../../../domain/api/order-answer';
import { todayInEastern } from '../../../../domain/ship-date';
import { getOrder } from '../../../../functions/data/orders';
import { getLabelCount } from '../../../../functions/data/stats';
import { getUserById } from '../../../../functions/data/users';
import { ProviderUnavailable } from '../../../../functions/errors';
import { REFUNDED_BEFORE } from '../../../../functions/labels/credit-orders';
import { signSessionToken } from '../../../session-token';
import type { BlobStore } from '../../../../functions/providers/blobs/blob-store';
import { listUserEntries } from '../../../../functions/wallet/ledger';
import { sampleLabelOrder } from '../../../fixtures/label-order';
import { pdfTextRuns } from '../../../unit/providers/carrier/pdf-text';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { installFaultInjector } from '../../reliability/helpers';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { HIDDEN_500, SIGN_IN, expectVerifiedUserOnly } from '../answers';
import { withoutWrites } from '../table-changes';
import { carrierWatch, watchCarrierAnew } from '../../watch-carrier';

/** The configured carrier (../../watch-carrier.ts) and label store, watched; a test may replace what one call does. */
const watch = vi.hoisted(() => ({
  put: undefined as unknown as import('vitest').Mock<(key: string, bytes: Uint8Array, type: string, real: BlobStore) => Promise<void>>,
}));
vi.mock('../../../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('../../watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);
vi.mock('../../../../functions/providers/registry/blobs', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../functions/providers/registry/blobs')>();
  return {
    ...real,
    getLabelStore: (): BlobStore => ({ put: (k, b, t) => watch.put(k, b, t, real.getLabelStore()), get: (k) => real.getLabelStore().get(k) }),
  };
});
const { getLabelStore } = await import('../../../../functions/providers/registry/blobs');

const CARRIER_DOWN = { message: 'USPS label service is not answering right now. Please try again in a moment.' };
const SHIP_DATE = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const form = (over: Record<string, unknown> = {}) => sampleLabelOrder({ shipDate: SHIP_DATE, ...over });

const faults = installFaultInjector();
let ann: Account;
beforeEach(async () => {
  watchCarrierAnew();
  watch.put = vi.fn((k, b, t, real) => real.put(k, b, t));
  ann = await newAccount('user', 'label');
  await creditWallet(ann, 1250);
});
afterEach(async () => {
  faults.stop();
  vi.useRealTimers();
  await expectLedgerInvariant(ann.id);
});

/** `key: null` sends no Idempotency-Key header; `token: null` no token. */
const buy = (body: unknown = form(), key: string | null = idempotencyKey(), token: string | null = ann.token) =>
  invoke('POST /shipping/create-label', { token: token ?? undefined, body, headers: key === null ? {} : { 'idempotency-key': key } });
const entries = async (userId = ann.id) => (await listUserEntries(userId, { limit: 100 })).items;
const balance = async () => (await getUserById(ann.id, { consistent: true }))?.balanceCents;

describe('POST /shipping/create-label: buying with credits', () => {
  it('debits the price with its ledger entry, buys the label, stores the PDF and answers the created order with the new balance', async () => {
    const labelsBefore = await getLabelCount();
    const res = await buy();

    expect(res.statusCode).toBe(201);
    const { label, balance: dollars, balanceCents } = res.json as { label: { shipOrderId: string }; balance: number; balanceCents: number };
    const order = await getOrder(ann.id, label.shipOrderId);
    expect(order).toMatchObject({
      status: 'created',
      priceCents: 600,
      paymentMethod: 'credits',
      shipDate: SHIP_DATE,
      labelKey: `labels/${ann.id}/${label.shipOrderId}.pdf`,
    });
    expect(label).toEqual(toApiOrder(order!));
    expect({ dollars, balanceCents }).toEqual({ dollars: 6.5, balanceCents: 650 });
    expect(await balance()).toBe(650);
    expect((await entries()).filter((e) => e.type === 'label')).toEqual([
      expect.objectContaining({ type: 'label', amountCents: -600, status: 'completed', orderId: label.shipOrderId }),
    ]);
    expect(carrierWatch.buyLabel).toHaveBeenCalledExactlyOnceWith(
      {
        orderId: label.shipOrderId,
        labelType: 'usps_priority',
        serviceId: 'usps_priority_mail',
        weightLb: 2,
        lengthIn: 10,
        widthIn: 6,
        heightIn: 4,
        from: form().from,
        to: form().to,
        shipDate: SHIP_DATE,
        priceCents: 600,
      },
      expect.anything(),
      // The lease renewal the carrier calls before create and buy.
      expect.any(Function),
    );
    const pdf = await getLabelStore().get(order!.labelKey!);
    expect(Buffer.from(pdf!).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await getLabelCount()).toBe(labelsBefore + 1);
    expect((await getUserById(ann.id))?.labelCount).toBe(1);
  });

  it.each([
    ['usps_priority', 2, 600],
    ['usps_priority', 31, 700],
    ['priority', 70, 500],
    ['usps_ground', 30, 500],
    ['ground_lbs', 30.5, 550],
  ])('charges the server price for %s at %s lb (%s cents), ignoring any price or amount in the body', async (labelType, weight, cents) => {
    const res = await buy(form({ labelType, weight, price: 0.01, amount: 0.01, priceCents: 1 }));

    expect(res.statusCode).toBe(201);
    expect(res.json).toMatchObject({ label: { priceCents: cents, price: cents / 100 }, balanceCents: 1250 - cents });
    const order = await getOrder(ann.id, (res.json?.label as { shipOrderId: string }).shipOrderId);
    expect(order).toMatchObject({ labelType, weightLb: weight, priceCents: cents });
    expect(order).not.toHaveProperty('price');
    expect(order).not.toHaveProperty('amount');
    expect((await entries()).find((e) => e.type === 'label')).toMatchObject({ amountCents: -cents, status: 'completed' });
  });

  it('ships today when the form has no date', async () => {
    const res = await buy(form({ shipDate: undefined }));

    expect(res.statusCode).toBe(201);
    const today = todayInEastern(new Date()); // US Eastern, not UTC
    expect(await getOrder(ann.id, (res.json?.label as { shipOrderId: string }).shipOrderId)).toMatchObject({ shipDate: today });
    expect(carrierWatch.buyLabel).toHaveBeenCalledWith(expect.objectContaining({ shipDate: today }), expect.anything(), expect.any(Function));
  });

  it("stores and answers each side's company, second street line and phone, gives them to the carrier and prints company and line 2", async () => {
    const from = { ...form().from, company: 'Ann Crafts', street2: 'Suite 200', phone: '(512) 555-0100' };
    const to = { ...form().to, company: 'Bo Imports', street2: 'Apt 4', phone: '+1 212 555 0100', email: 'bo@example.com' };
    const res = await buy(form({ from, to }));

    expect(res.statusCode).toBe(201);
    const label = res.json?.label as { shipOrderId: string; from: unknown; to: unknown; toEmail: string };
    const stored = {
      from: { ...from, phone: '5125550100' },
      to: {
        name: to.name,
        company: 'Bo Imports',
        street: to.street,
        street2: 'Apt 4',
        city: to.city,
        state: to.state,
        zip: to.zip,
        country: 'US',
        phone: '2125550100',
      },
    };
    expect(label).toMatchObject({ ...stored, toEmail: 'bo@example.com' });
    const order = await getOrder(ann.id, label.shipOrderId);
    expect(order).toMatchObject(stored);
    expect(carrierWatch.buyLabel).toHaveBeenCalledWith(expect.objectContaining(stored), expect.anything(), expect.any(Function));
    const text = await pdfTextRuns((await getLabelStore().get(order!.labelKey!))!);
    expect(text).toEqual(expect.arrayContaining(['Ann Crafts', 'Suite 200', 'BO IMPORTS', 'APT 4']));
  });

  it('answers 400 for a bad phone or second line, writing nothing and buying nothing', async () => {
    const res = await withoutWrites(() => buy(form({ from: { ...form().from, phone: '555-0100' }, to: { ...form().to, street2: 'Apt 4\nBack door' } })));

    expect(res.statusCode).toBe(400);
    expect(res.json).toMatchObject({ fields: { 'from.phone': 'Phone must be a 10-digit US number', 'to.street2': 'Must be on one line' } });
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('accepts an Idempotency-Key of 100 characters', async () => {
    const key = 'aZ09_-'.repeat(16) + 'abcd';
    expect(key).toHaveLength(100);

    expect((await buy(form(), key)).statusCode).toBe(201);
  });
});

describe('POST /shipping/create-label: refusals before any money moves', () => {
  it.each([
    ['missing', null],
    ['empty', ''],
    ['with a space', 'order 1'],
    ['with a #', 'order#1'],
    ['101 characters long', 'k'.repeat(101)],
  ])('answers 400 when the Idempotency-Key is %s, writing nothing and buying nothing', async (_what, key) => {
    const res = await withoutWrites(() => buy(form(), key));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Idempotency-Key header is required' });
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('answers 400 for a label type with no price, writing nothing and buying nothing', async () => {
    const res = await withoutWrites(() => buy(form({ labelType: 'express' })));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'This label type is not available for that weight' });
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('answers 400 for a weight over 70 lb (the form refuses it), writing nothing', async () => {
    const res = await withoutWrites(() => buy(form({ weight: 71 })));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Must be at most 70', fields: { weight: 'Must be at most 70' } });
  });

  it('answers 400 for a card purchase (it starts at card checkout), writing nothing and buying nothing', async () => {
    const res = await withoutWrites(() => buy(form({ paymentMethod: 'purchase' })));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Card purchases start at card checkout', fields: { paymentMethod: 'Card purchases start at card checkout' } });
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('answers 402 Insufficient balance when the wallet holds less than the price, writing nothing and buying nothing', async () => {
    const poor = await newAccount('user', 'label');
    await creditWallet(poor, 599);
    const res = await withoutWrites(() => buy(form(), idempotencyKey(), poor.token));

    expect(res.statusCode).toBe(402);
    // A $6.00 label against $5.99: the card would pay the Stripe minimum of $0.50, not $0.01.
    expect(res.json).toEqual({ message: 'Insufficient balance', shortfallCents: 50 });
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
    expect(watch.put).not.toHaveBeenCalled();
  });

  it('answers a plain 500, writing nothing and buying nothing, when DynamoDB throttles the purchase transaction', async () => {
    faults.armOn('TransactWriteItemsCommand', 'throttling');
    const res = await withoutWrites(() => buy());

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('buys once when DynamoDB applied the purchase but lost its answer', async () => {
    faults.armOn('TransactWriteItemsCommand', 'timeout-after');
    const res = await buy();

    expect(res.statusCode).toBe(201);
    expect(await balance()).toBe(650);
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
  });

  it('answers a plain 500 (not 402), writing nothing, when transaction conflicts on the balance outlast the retries', async () => {
    faults.armOn('TransactWriteItemsCommand', 'conflict', { times: Number.POSITIVE_INFINITY });
    const res = await withoutWrites(() => buy());

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('answers 401 when the account no longer exists, writing nothing', async () => {
    const gone = await signSessionToken({ userId: '01J9Z3K4M5N6P7Q8R9S0T1V2W3', role: 'user', scope: 'full' });
    const res = await withoutWrites(() => buy(form(), idempotencyKey(), gone));

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual(SIGN_IN);
  });

  it('answers 401 without a token and 403 before the code step, writing nothing and buying nothing', async () => {
    await expectVerifiedUserOnly((token) => withoutWrites(() => buy(form(), idempotencyKey(), token)), ann.otpToken);
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });
});

describe('POST /shipping/create-label: a repeated Idempotency-Key', () => {
  /** Holds the carrier's next purchase until `release()`; `carrierReached` settles when it is asked. */
  function holdCarrier() {
    let release!: () => void;
    const carrierHeld = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const carrierReached = new Promise<void>((resolve) => (reached = resolve));
    carrierWatch.buyLabel.mockImplementationOnce(async (req, real) => {
      reached();
      await carrierHeld;
      return real.buyLabel(req);
    });
    return { carrierReached, release };
  }

  it('answers the first order (created) with the current balance, and never buys or charges again', async () => {
    const key = idempotencyKey();
    const first = await buy(form(), key);
    const again = await buy(form(), key);

    expect(again.statusCode).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(await balance()).toBe(650);
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
    expect(watch.put).toHaveBeenCalledTimes(1);
  });

  it('answers 409 saying the price went back when the first order failed (refunded then), never a 5xx, and never buys again', async () => {
    const key = idempotencyKey();
    carrierWatch.buyLabel.mockRejectedValueOnce(new ProviderUnavailable('EasyPost', 'POST /v2/shipments answered HTTP 503'));
    expect((await buy(form(), key)).statusCode).toBe(502);
    const again = await withoutWrites(() => buy(form(), key));

    expect(again.statusCode).toBe(409);
    expect(again.json).toEqual({ message: REFUNDED_BEFORE });
    expect(again.headers?.['retry-after']).toBeUndefined();
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
    expect(await balance()).toBe(1250);
  });

  it('waits for a first order still processing and answers it once created', async () => {
    const key = idempotencyKey();
    const { carrierReached, release } = holdCarrier();

    const first = buy(form(), key);
    await carrierReached;
    const second = buy(form(), key);
    // The second request finds the order processing and waits; then the carrier answers the first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    const [a, b] = await Promise.all([first, second]);

    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json).toEqual(a.json);
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
    expect(await balance()).toBe(650);
  });

  it('answers 409 with Retry-After, not a 5xx, while the first order is still at the carrier after the wait', async () => {
    const key = idempotencyKey();
    const { carrierReached, release } = holdCarrier();

    const first = buy(form(), key);
    await carrierReached;
    const second = await buy(form(), key); // waits its 3 s for the first, which is still held

    expect(second.statusCode).toBe(409);
    expect(second.json).toEqual({ message: 'This order is still being processed. Try again in a moment.' });
    expect(second.headers?.['retry-after']).toBe('5');
    release();
    expect((await first).statusCode).toBe(201);
    const third = await buy(form(), key);
    expect(third.statusCode).toBe(201);
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
    expect(await balance()).toBe(650);
  });
});

describe('POST /shipping/create-label: the carrier or the label store fails after the debit', () => {
  const orderOfTheDebit = async () => {
    const [label] = (await entries()).filter((e) => e.type === 'label');
    return getOrder(ann.id, String(label?.orderId));
  };

  it.each([
    ['the carrier is unavailable', new ProviderUnavailable('EasyPost', 'POST /v2/shipments answered HTTP 503'), 'POST /v2/shipments answered HTTP 503'],
    ['the carrier throws', new Error('socket hang up'), 'socket hang up'],
  ])('answers 502 when %s: the order fails with the reason and the price goes back with a refund entry', async (_what, error, reason) => {
    carrierWatch.buyLabel.mockRejectedValueOnce(error);
    const labelsBefore = await getLabelCount();
    const res = await buy();

    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual(CARRIER_DOWN);
    const order = await orderOfTheDebit();
    expect(order).toMatchObject({ status: 'failed', failureReason: reason });
    expect(
      (await entries())
        .filter((e) => e.orderId === order?.id)
        .map((e) => [e.type, e.amountCents, e.status])
        .sort(),
    ).toEqual([
      ['label', -600, 'completed'],
      ['refund', 600, 'completed'],
    ]);
    expect(await balance()).toBe(1250);
    expect(watch.put).not.toHaveBeenCalled();
    expect(await getLabelCount()).toBe(labelsBefore);
  });

  it('refunds the same way when the PDF cannot be stored', async () => {
    watch.put.mockRejectedValueOnce(new Error('S3 PutObject answered 503 SlowDown'));
    const res = await buy();

    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual(CARRIER_DOWN);
    expect(await orderOfTheDebit()).toMatchObject({ status: 'failed', failureReason: 'S3 PutObject answered 503 SlowDown' });
    expect(await balance()).toBe(1250);
  });

  it('answers a plain 500 and refunds nothing when the label exists but the order cannot be marked created', async () => {
    // Once the label is bought, every write fails (the recording is tried three times).
    carrierWatch.buyLabel.mockImplementationOnce(async (req, real) => {
      const bought = await real.buyLabel(req);
      faults.armOn('TransactWriteItemsCommand', 'throttling', { times: Number.POSITIVE_INFINITY });
      return bought;
    });
    const res = await buy();
    const { commands } = faults.stop();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(commands.filter((c) => c === 'TransactWriteItemsCommand')).toHaveLength(3);
    expect(await orderOfTheDebit()).toMatchObject({ status: 'processing' });
    expect(await balance()).toBe(650);
    expect((await entries()).filter((e) => e.type === 'refund')).toEqual([]);
    expect(watch.put).toHaveBeenCalledTimes(1);
  });
});
