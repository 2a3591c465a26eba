/**
 * settleCardOrderEvent (functions/labels/card-orders.ts), which the Stripe webhook calls for a label's
 * card payment, against DynamoDB Local: the order is started as the checkout route starts it (sandbox
 * checkout), and the proof is the order, the wallet's entries and balance, and the carrier's calls.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getOrder } from '../../../../functions/data/orders';
import { getUserById } from '../../../../functions/data/users';
import { ProviderUnavailable } from '../../../../functions/errors';
import { settleCardOrderEvent, startCardOrder } from '../../../../functions/labels/card-orders';
import { logger } from '../../../../functions/observability/logger';
import { getEntry, listUserEntries } from '../../../../functions/wallet/ledger';
import { sampleLabelOrder } from '../../../fixtures/label-order';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { installFaultInjector } from '../../reliability/helpers';
import { newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { withoutWrites } from '../table-changes';
import { carrierWatch, watchCarrierAnew } from '../../watch-carrier';

/** The configured (sandbox) carrier, watched (../../watch-carrier.ts); a test may replace what one call does. */
vi.mock('../../../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('../../watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);

const SHIP_DATE = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const faults = installFaultInjector();
let ann: Account;
let orderId: string;
let entry: NonNullable<Awaited<ReturnType<typeof getEntry>>>;
beforeEach(async () => {
  watchCarrierAnew();
  ann = await newAccount('user', 'card');
  // Money already in the wallet must stay exactly where it is through a card purchase.
  await creditWallet(ann, 1000);
  await startCardOrder(ann.id, sampleLabelOrder({ paymentMethod: 'purchase', shipDate: SHIP_DATE }) as never);
  const pending = (await listUserEntries(ann.id, { limit: 100 })).items.find((e) => e.status === 'pending');
  entry = pending!;
  orderId = String(entry.orderId);
});
afterEach(async () => {
  faults.stop();
  await expectLedgerInvariant(ann.id);
});

const settle = (over: Partial<Parameters<typeof settleCardOrderEvent>[0]> = {}) =>
  settleCardOrderEvent({
    userId: ann.id,
    entryId: entry.id,
    outcome: 'completed',
    eventKey: `stripe#evt_${randomUUID()}`,
    paidCents: 600,
    log: logger,
    ...over,
  });
const balance = async () => (await getUserById(ann.id, { consistent: true }))?.balanceCents;
const entriesOf = async () => (await listUserEntries(ann.id, { limit: 100 })).items.filter((e) => e.orderId === orderId);

describe('settleCardOrderEvent: a paid label', () => {
  it('settles the payment with the label debit (balance unchanged) and buys the label', async () => {
    const before = new Date().toISOString();
    expect(await settle()).toBe('applied');

    expect(await getOrder(ann.id, orderId)).toMatchObject({ status: 'created', paymentMethod: 'purchase', priceCents: 600 });
    expect(await balance()).toBe(1000);
    const entries = await entriesOf();
    expect(entries.map((e) => [e.type, e.amountCents, e.status]).sort()).toEqual([
      ['label', -600, 'completed'],
      ['topup', 600, 'completed'],
    ]);
    // The debit completed when the payment settled, not when the order was placed.
    const completedAt = String(entries.find((e) => e.type === 'label')?.completedAt);
    expect(completedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(completedAt >= before).toBe(true);
    expect(carrierWatch.buyLabel).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ orderId, labelType: 'usps_priority', weightLb: 2, shipDate: SHIP_DATE }),
      expect.anything(),
      expect.any(Function),
    );
  });

  it.each([
    ['less than the price', 500],
    ['more than the price', 700],
    ['an unknown amount', undefined],
  ])('writes nothing and buys nothing when the amount paid is %s', async (_what, paidCents) => {
    expect(await withoutWrites(() => settle({ paidCents }))).toBe('duplicate-or-rejected');
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('applies a replayed event once: the replay writes nothing and buys nothing', async () => {
    const eventKey = `stripe#evt_${randomUUID()}`;
    expect(await settle({ eventKey })).toBe('applied');

    expect(await withoutWrites(() => settle({ eventKey }))).toBe('duplicate-or-rejected');
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
  });

  it('buys nothing for another event about an order no longer awaiting payment', async () => {
    expect(await settle()).toBe('applied');

    expect(await withoutWrites(() => settle())).toBe('duplicate-or-rejected');
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
    expect(await balance()).toBe(1000);
  });

  it('refunds the price into the wallet when the carrier fails after the payment, and answers refunded', async () => {
    carrierWatch.buyLabel.mockRejectedValueOnce(new ProviderUnavailable('EasyPost', 'POST /v2/shipments answered HTTP 503'));
    expect(await settle()).toBe('refunded');

    expect(await getOrder(ann.id, orderId)).toMatchObject({ status: 'failed', failureReason: 'POST /v2/shipments answered HTTP 503' });
    expect((await entriesOf()).map((e) => [e.type, e.amountCents, e.status]).sort()).toEqual([
      ['label', -600, 'completed'],
      ['refund', 600, 'completed'],
      ['topup', 600, 'completed'],
    ]);
    // The card paid 600 and the label failed: the 600 stays in the wallet.
    expect(await balance()).toBe(1600);
  });

  it('throws (so Stripe retries) when DynamoDB throttles the settle transaction, writing and buying nothing', async () => {
    faults.armOn('TransactWriteItemsCommand', 'throttling');

    await withoutWrites(() => expect(settle()).rejects.toThrow('Rate of requests exceeds the allowed throughput'));
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });
});

describe('settleCardOrderEvent: other outcomes', () => {
  it('marks the entry and the order failed when the card payment did not complete, moving no money', async () => {
    expect(await settle({ outcome: 'failed', paidCents: undefined })).toBe('applied');

    expect(await getOrder(ann.id, orderId)).toMatchObject({ status: 'failed', failureReason: 'card payment did not complete' });
    expect((await getEntry(ann.id, entry.id))?.status).toBe('failed');
    expect(await balance()).toBe(1000);
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('marks the entry cancelled (and the order failed, saying so) when the payer cancelled, moving no money', async () => {
    expect(await settle({ outcome: 'cancelled', paidCents: undefined })).toBe('applied');

    expect(await getOrder(ann.id, orderId)).toMatchObject({ status: 'failed', failureReason: 'card payment cancelled' });
    expect((await getEntry(ann.id, entry.id))?.status).toBe('cancelled');
    expect(await balance()).toBe(1000);
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('rejects an event whose entry does not exist, writing nothing', async () => {
    expect(await withoutWrites(() => settle({ entryId: '01JZ0000000000000000000000' }))).toBe('rejected');
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('rejects an event whose entry is a plain top-up (no order), writing nothing', async () => {
    const topUp = (await listUserEntries(ann.id, { limit: 100 })).items.find((e) => e.type === 'topup' && !e.orderId);
    expect(await withoutWrites(() => settle({ entryId: topUp!.id }))).toBe('rejected');
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });
});
