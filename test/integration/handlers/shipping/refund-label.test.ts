/**
 * POST /shipping/orders/{shipOrderId}/refund against DynamoDB Local, with the sandbox carrier and
 * tracker: a created, unscanned label within 30 days of its purchase is refunded (the sandbox
 * approves at once): the order is refunded, the wallet gets one `refund` entry of the price in the
 * same transaction, the label can no longer be downloaded, and the user is mailed. Refusals (another
 * user's or an unknown order, a second request, a scanned label, an ended window, a label that is not
 * created) write nothing. With SANDBOX_REFUND_DELAY_SECONDS the refund stays pending until the
 * scheduled settlement finds it refunded (or rejected, when USPS scanned the package meanwhile).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toApiOrder } from '../../../../domain/api/order-answer';
import { autoRefundAt, refundWindowEnd, type OrderStatus } from '../../../../domain/api/orders';
import { resetConfigForTests } from '../../../../functions/config';
import { UpdateCommand, type ServiceInputTypes, type ServiceOutputTypes } from '@aws-sdk/lib-dynamodb';
import type { BuildMiddleware } from '@smithy/types';
import { db, tableName, transact } from '../../../../functions/data/client';
import { dueWork, getOrder, newOrder, orderKey, putOrderStep } from '../../../../functions/data/orders';
import { listOutbox } from '../../../../functions/data/outbox';
import { getStats } from '../../../../functions/data/stats';
import { runScheduledWork } from '../../../../functions/jobs/scheduled-work';
import { autoRefundUnused, settleRefunds } from '../../../../functions/labels/label-refunds';
import { logger } from '../../../../functions/observability/logger';
import { sampleLabelOrder } from '../../../fixtures/label-order';
import { ledgerOf } from '../../ledger-invariant';
import { expectUserConsistent } from '../../reliability/helpers';
import { buyLabel, invoke, newAccount, type Account } from '../../security/actors';
import { expectVerifiedUserOnly } from '../answers';
import { changesOf, pkOf, withoutWrites } from '../table-changes';

const DAY_MS = 86_400_000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let ann: Account;
beforeEach(async () => {
  ann = await newAccount('user', 'refund');
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetConfigForTests();
  await expectUserConsistent(ann.id);
  // The file shares one table: each test leaves nothing due in the work queues for a year, so the
  // jobs' counts in the next test are its own.
  const far = new Date(Date.now() + 365 * DAY_MS);
  await autoRefundUnused(logger, far);
  await settleRefunds(logger, far);
  await expectUserConsistent(ann.id);
});

type Token = string | null;
const refund = (shipOrderId: string, token: Token = ann.token) =>
  invoke('POST /shipping/orders/{shipOrderId}/refund', { token: token ?? undefined, params: { shipOrderId } });
const download = (shipOrderId: string) => invoke('GET /shipping/download-order/{shipOrderId}', { token: ann.token, params: { shipOrderId } });
const balanceCents = async () => (await ledgerOf(ann.id)).balanceCents;
const refundEntries = async (orderId: string) => (await ledgerOf(ann.id)).entries.filter((e) => e.type === 'refund' && e.orderId === orderId);

/** Buys a label `daysAgo` days in the past (the sandbox tracker then shows its journey so far). */
async function labelBought(daysAgo = 0): Promise<{ shipOrderId: string; tracking: string; priceCents: number }> {
  if (daysAgo) vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - daysAgo * DAY_MS });
  const label = await buyLabel(ann);
  vi.useRealTimers();
  return label;
}

/** Stores a figure on a label's order as a step these tests skip records it (an EasyPost purchase's carrier cost, a card shortfall). */
async function setOnOrder(shipOrderId: string, field: 'costCents' | 'shortfallCents', cents: number): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: orderKey(ann.id, shipOrderId),
      UpdateExpression: `SET ${field} = :cents`,
      ExpressionAttributeValues: { ':cents': cents },
    }),
  );
}

/** Settles the sandbox with a refund delay of `seconds` from now on. */
function delayRefunds(seconds: number): void {
  vi.stubEnv('SANDBOX_REFUND_DELAY_SECONDS', String(seconds));
  resetConfigForTests();
}

describe('POST /shipping/orders/{shipOrderId}/refund', () => {
  it('refunds an unused, downloaded label at once (sandbox): refunded order, one refund entry of its price, the balance back, a mail, no download', async () => {
    const label = await labelBought();
    expect((await download(label.shipOrderId)).statusCode).toBe(200);
    const before = await balanceCents();
    const stats = await getStats();

    const { result: res, written } = await changesOf(() => refund(label.shipOrderId));

    expect(res.statusCode).toBe(200);
    const stored = await getOrder(ann.id, label.shipOrderId);
    expect(stored).toMatchObject({
      status: 'refunded',
      refundBy: 'user',
      refundRequestedAt: expect.stringMatching(ISO),
      refundDecidedAt: expect.stringMatching(ISO),
    });
    expect(stored?.leaseUntil).toBeUndefined();
    expect(res.json).toEqual(toApiOrder(stored!));
    expect(res.json).toMatchObject({
      status: 'refunded',
      refundableUntil: null,
      refund: { requestedAt: stored!.refundRequestedAt, decidedAt: stored!.refundDecidedAt, automatic: false, reason: null },
    });
    expect(await balanceCents()).toBe(before + label.priceCents);
    expect((await refundEntries(label.shipOrderId)).map((e) => [e.amountCents, e.status])).toEqual([[label.priceCents, 'completed']]);
    // The debit stays: the label was paid, and its price came back.
    expect((await ledgerOf(ann.id)).entries.filter((e) => e.type === 'label' && e.orderId === label.shipOrderId).map((e) => e.amountCents)).toEqual([
      -label.priceCents,
    ]);
    // The order, the balance, the entry, the savings month, the day's closing balance, the stats and
    // the mail: nothing else (the label count stays: the label was made).
    expect(
      written
        .map(pkOf)
        .filter((pk) => !pk.startsWith('STATS#'))
        .sort(),
    ).toEqual([`OUTBOX#${ann.email.toLowerCase()}`, ...Array<string>(5).fill(`USER#${ann.id}`)]);
    const after = await getStats();
    expect({ balance: after.balanceCents - stats.balanceCents, labels: after.labels - stats.labels }).toEqual({ balance: label.priceCents, labels: 0 });
    const [mail] = await listOutbox({ to: ann.email });
    expect(mail).toMatchObject({ subject: 'Your label refund is complete' });
    expect(mail?.text).toContain(`$6.00 is back in your PrepaidShip wallet`);
    // Out of every work queue: nothing is left to settle or to auto-refund.
    expect((await dueWork('unused', new Date(Date.now() + 60 * DAY_MS), 100)).map((o) => o.id)).not.toContain(label.shipOrderId);

    const pdf = await withoutWrites(() => download(label.shipOrderId));
    expect(pdf.statusCode).toBe(410);
    expect(pdf.json).toEqual({ message: 'This label was refunded and can no longer be downloaded.' });
  });

  it("takes back a real label's margin figures (what its purchase added: one label, its price, its carrier cost) with the credit", async () => {
    const label = await labelBought();
    // As an EasyPost purchase records it: the carrier's cost on the order (the sandbox charges nothing).
    await setOnOrder(label.shipOrderId, 'costCents', 455);
    const before = await getStats();

    expect((await refund(label.shipOrderId)).statusCode).toBe(200);

    const after = await getStats();
    expect({
      count: after.realLabels.count - before.realLabels.count,
      revenueCents: after.realLabels.revenueCents - before.realLabels.revenueCents,
      costCents: after.realLabels.costCents - before.realLabels.costCents,
      balanceCents: after.balanceCents - before.balanceCents,
      labels: after.labels - before.labels,
    }).toEqual({ count: -1, revenueCents: -600, costCents: -455, balanceCents: 600, labels: 0 });
  });

  it('answers a second request 409 and refunds once, even when five arrive at once', async () => {
    const label = await labelBought();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(label.shipOrderId)));

    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await refundEntries(label.shipOrderId)).length).toBe(1);
    const again = await withoutWrites(() => refund(label.shipOrderId));
    expect(again.statusCode).toBe(409);
    expect(again.json).toEqual({ message: 'This label was already refunded.' });
  });

  it("answers 404 for another user's order and for an unknown or malformed id, writing nothing", async () => {
    const label = await labelBought();
    const bo = await newAccount('user', 'refund');

    for (const [id, token] of [
      [label.shipOrderId, bo.token],
      ['01JBQ7Y3K5N6P8R9S0T1V2W3X4', ann.token],
      ['not-an-order', ann.token],
    ] as const) {
      const res = await withoutWrites(() => refund(id, token));
      expect(res.statusCode).toBe(404);
      expect(res.json).toEqual({ message: 'Order not found' });
    }
    expect((await getOrder(ann.id, label.shipOrderId))?.status).toBe('created');
  });

  it('refuses a label USPS has scanned (409 naming the scan), writing nothing', async () => {
    const label = await labelBought(3);

    const res = await withoutWrites(() => refund(label.shipOrderId));

    expect(res.statusCode).toBe(409);
    expect(String(res.json?.message)).toMatch(
      /^USPS has already scanned this package \(Accepted at USPS Origin Facility, .+\), so its label can no longer be refunded\.$/,
    );
    expect((await getOrder(ann.id, label.shipOrderId))?.status).toBe('created');
    expect(await refundEntries(label.shipOrderId)).toEqual([]);
  });

  it('refuses a refund asked 31 days after the purchase (409 with the day), writing nothing: USPS counts 30 days from the purchase', async () => {
    const label = await labelBought(31);
    const createdAt = (await getOrder(ann.id, label.shipOrderId))!.createdAt;

    const res = await withoutWrites(() => refund(label.shipOrderId));

    expect(res.statusCode).toBe(409);
    expect(res.json).toEqual({
      message: `USPS refunds labels within 30 days of their purchase; this one's window ended on ${refundWindowEnd(createdAt).slice(0, 10)}. Unused labels are refunded automatically before then.`,
    });
  });

  it('answers the refund with its timeline: asked, the day USPS is expected to decide (15 days on), decided', async () => {
    const label = await labelBought();
    const res = await refund(label.shipOrderId);
    expect(res.statusCode).toBe(200);
    const asked = String((res.json as { refund: { requestedAt: string } }).refund.requestedAt);
    expect(res.json).toMatchObject({
      status: 'refunded',
      refund: { requestedAt: asked, expectedBy: new Date(Date.parse(asked) + 15 * DAY_MS).toISOString().slice(0, 10), decidedAt: expect.any(String) },
    });
  });

  it.each<OrderStatus>(['processing', 'failed', 'awaiting_payment'])('refuses a %s order with 409, writing nothing', async (status) => {
    // Stored as such, without the payments its flow makes: another account than the one whose ledger afterEach checks.
    const bo = await newAccount('user', 'refund');
    const order = newOrder(bo.id, sampleLabelOrder() as never, 600, status);
    await transact([putOrderStep(order)]);

    const res = await withoutWrites(() => refund(order.id, bo.token));

    expect(res.statusCode).toBe(409);
    expect(res.json).toEqual({ message: 'Only a created label can be refunded.' });
  });

  it('is for verified users only, writing nothing', async () => {
    const label = await labelBought();
    await expectVerifiedUserOnly((token) => withoutWrites(() => refund(label.shipOrderId, token)), ann.otpToken);
  });
});

describe('refunds the carrier decides later (SANDBOX_REFUND_DELAY_SECONDS)', () => {
  it('answers refund_pending for a downloaded label, refuses the download with 409, and the scheduled settlement credits the wallet once the carrier says refunded', async () => {
    delayRefunds(60);
    const label = await labelBought();
    expect((await download(label.shipOrderId)).statusCode).toBe(200);
    const before = await balanceCents();

    const res = await refund(label.shipOrderId);

    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ status: 'refund_pending', refund: { decidedAt: null, automatic: false, reason: null, creditedEarly: false } });
    expect(await balanceCents()).toBe(before);
    const pdf = await withoutWrites(() => download(label.shipOrderId));
    expect(pdf.statusCode).toBe(409);
    expect((await refund(label.shipOrderId)).json).toEqual({ message: 'A refund was already requested for this label; it is waiting for the carrier.' });

    // The poll is due in a minute: before that the job leaves it alone; then the carrier still says submitted.
    expect(await settleRefunds(logger)).toEqual({ refunded: 0, rejected: 0, pending: 0, skipped: 0 });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect((await runScheduledWork(logger, new Date())).settleRefunds).toEqual({ refunded: 1, rejected: 0, pending: 0, skipped: 0 });

    expect(await getOrder(ann.id, label.shipOrderId)).toMatchObject({ status: 'refunded', refundDecidedAt: expect.stringMatching(ISO) });
    expect(await balanceCents()).toBe(before + label.priceCents);
    expect((await refundEntries(label.shipOrderId)).length).toBe(1);
    // Another run (or two at once) finds nothing more to do.
    const [a, b] = await Promise.all([settleRefunds(logger, new Date(Date.now() + DAY_MS)), settleRefunds(logger, new Date(Date.now() + DAY_MS))]);
    expect(a.refunded + b.refunded).toBe(0);
    expect((await refundEntries(label.shipOrderId)).length).toBe(1);
    expect((await listOutbox({ to: ann.email })).map((m) => m.subject)).toEqual(['Your label refund is complete']);
  });

  it('asks again later while the carrier says submitted, with polls further apart as the refund ages', async () => {
    delayRefunds(3 * 3600);
    const label = await labelBought();
    await refund(label.shipOrderId);
    const requested = Date.parse((await getOrder(ann.id, label.shipOrderId))!.refundRequestedAt!);

    vi.useFakeTimers({ toFake: ['Date'], now: requested + 30 * 60_000 });
    expect(await settleRefunds(logger, new Date())).toEqual({ refunded: 0, rejected: 0, pending: 1, skipped: 0 });
    const lease = Date.parse((await getOrder(ann.id, label.shipOrderId))!.leaseUntil!);
    // Half its age (30 minutes) from now: the next poll is 15 minutes away.
    expect(lease - Date.now()).toBe(15 * 60_000);
    expect(await settleRefunds(logger, new Date(lease - 1))).toEqual({ refunded: 0, rejected: 0, pending: 0, skipped: 0 });
  });

  it('closes the refund of a downloaded label as refund_rejected with the reason, and mails it, when USPS scanned the package before the carrier decided', async () => {
    delayRefunds(86_400);
    const label = await labelBought();
    expect((await download(label.shipOrderId)).statusCode).toBe(200);
    const before = await balanceCents();
    expect((await refund(label.shipOrderId)).json).toMatchObject({ status: 'refund_pending' });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * DAY_MS });
    expect(await settleRefunds(logger, new Date())).toEqual({ refunded: 0, rejected: 1, pending: 0, skipped: 0 });
    vi.useRealTimers(); // the session token would have expired three days on

    const stored = await getOrder(ann.id, label.shipOrderId);
    expect(stored).toMatchObject({
      status: 'refund_rejected',
      refundReason: expect.stringMatching(/^USPS has scanned this package \(Accepted at USPS Origin Facility/),
    });
    expect(toApiOrder(stored!).refund).toMatchObject({ reason: stored!.refundReason, decidedAt: expect.stringMatching(ISO) });
    expect(await balanceCents()).toBe(before);
    expect(await refundEntries(label.shipOrderId)).toEqual([]);
    const [mail] = await listOutbox({ to: ann.email });
    expect(mail).toMatchObject({ subject: 'Your label refund was rejected' });
    // The label is the shipper's again.
    expect((await download(label.shipOrderId)).statusCode).toBe(200);
    expect((await refund(label.shipOrderId)).statusCode).toBe(409);
  });
});

describe('auto-refund of unused labels', () => {
  it('refunds a label with no scan 28 days after its purchase (before the 30 days of USPS close), once, and mails the shipper', async () => {
    const label = await labelBought();
    const before = await balanceCents();
    const stored = (await getOrder(ann.id, label.shipOrderId))!;
    const end = new Date(autoRefundAt(stored.createdAt));
    expect(end.getTime()).toBe(Date.parse(stored.createdAt) + 28 * DAY_MS);
    expect(end.toISOString() < refundWindowEnd(stored.createdAt)).toBe(true);

    // Not before its window ends.
    expect(await autoRefundUnused(logger, new Date(end.getTime() - 1))).toEqual({ refunded: 0, rejected: 0, pending: 0, used: 0, skipped: 0 });
    const [a, b] = await Promise.all([autoRefundUnused(logger, new Date(end.getTime() + 1)), autoRefundUnused(logger, new Date(end.getTime() + 1))]);

    expect(a.refunded + b.refunded).toBe(1);
    expect(await getOrder(ann.id, label.shipOrderId)).toMatchObject({ status: 'refunded', refundBy: 'auto' });
    expect(await balanceCents()).toBe(before + label.priceCents);
    expect((await refundEntries(label.shipOrderId)).length).toBe(1);
    const [mail] = await listOutbox({ to: ann.email });
    expect(mail?.text).toContain('was not used within 28 days of its purchase');
    expect(await autoRefundUnused(logger, new Date(end.getTime() + DAY_MS))).toEqual({ refunded: 0, rejected: 0, pending: 0, used: 0, skipped: 0 });
  });

  it('leaves a scanned label alone and takes it out of the unused queue for good', async () => {
    const label = await labelBought(29);
    const before = await balanceCents();

    expect(await autoRefundUnused(logger)).toMatchObject({ refunded: 0, used: 1 });

    expect((await getOrder(ann.id, label.shipOrderId))?.status).toBe('created');
    expect(await balanceCents()).toBe(before);
    expect((await dueWork('unused', new Date(Date.now() + 60 * DAY_MS), 100)).map((o) => o.id)).not.toContain(label.shipOrderId);
  });
});

describe('a label never downloaded: credited the moment its refund is asked', () => {
  const credited = async (orderId: string) => (await refundEntries(orderId)).map((e) => [e.amountCents, e.status]);

  /**
   * Sends `request` for an order, and `cutter` for it once, just before the request's first `command`
   * whose input mentions `mark`: another request cut in between a read and its write. Answers both.
   */
  async function withCutIn<R, C>(
    shipOrderId: string,
    request: (shipOrderId: string) => Promise<R>,
    [command, mark]: [command: string, mark: string],
    cutter: (shipOrderId: string) => Promise<C>,
  ): Promise<[R, C | undefined]> {
    const name = 'refundRaceCutIn';
    let fired = false;
    let cut: C | undefined;
    const middleware: BuildMiddleware<ServiceInputTypes, ServiceOutputTypes> = (next, context) => async (args) => {
      if (!fired && context.commandName === command && JSON.stringify(args.input).includes(mark)) {
        fired = true;
        cut = await cutter(shipOrderId);
      }
      return next(args);
    };
    db.middlewareStack.add(middleware, { step: 'build', name, override: true });
    try {
      return [await request(shipOrderId), cut];
    } finally {
      db.middlewareStack.remove(name);
    }
  }

  it('credits the price with the request (ledger, balance, savings, mail), carries no PDF, and the carrier refunding later moves nothing more', async () => {
    delayRefunds(60);
    const label = await labelBought();
    expect(await getOrder(ann.id, label.shipOrderId)).toMatchObject({ downloadedAt: null });
    const listed = await invoke('GET /shipping/orders', { token: ann.token });
    expect((listed.json?.orders as { shipOrderId: string; instantRefund: boolean }[]).find((o) => o.shipOrderId === label.shipOrderId)?.instantRefund).toBe(
      true,
    );
    const before = await balanceCents();
    const stats = await getStats();

    const res = await refund(label.shipOrderId);

    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ status: 'refund_pending', instantRefund: false, refund: { decidedAt: null, creditedEarly: true } });
    const stored = await getOrder(ann.id, label.shipOrderId);
    expect(stored).toMatchObject({ status: 'refund_pending', creditedEarly: true, downloadedAt: null });
    expect(res.json).toEqual(toApiOrder(stored!));
    expect(await balanceCents()).toBe(before + label.priceCents);
    expect(await credited(label.shipOrderId)).toEqual([[label.priceCents, 'completed']]);
    expect((await getStats()).balanceCents - stats.balanceCents).toBe(label.priceCents);
    const [mail] = await listOutbox({ to: ann.email });
    expect(mail).toMatchObject({ subject: 'Your label refund is complete' });
    expect(mail?.text).toContain('was never downloaded, so we did not wait for USPS');
    expect(mail?.text).toContain('$6.00 is back in your PrepaidShip wallet already');
    // Never served now: the money is back.
    const pdf = await withoutWrites(() => download(label.shipOrderId));
    expect(pdf.statusCode).toBe(410);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect(await settleRefunds(logger, new Date())).toEqual({ refunded: 1, rejected: 0, pending: 0, skipped: 0 });

    expect(await getOrder(ann.id, label.shipOrderId)).toMatchObject({ status: 'refunded', creditedEarly: true, refundDecidedAt: expect.stringMatching(ISO) });
    expect(await balanceCents()).toBe(before + label.priceCents);
    expect(await credited(label.shipOrderId)).toEqual([[label.priceCents, 'completed']]);
    expect((await listOutbox({ to: ann.email })).map((m) => m.subject)).toEqual(['Your label refund is complete']);
  });

  it('a downloaded label is credited only when the carrier says refunded: the first download marks it, later ones write nothing', async () => {
    delayRefunds(60);
    const label = await labelBought();

    expect((await download(label.shipOrderId)).statusCode).toBe(200);
    const marked = await getOrder(ann.id, label.shipOrderId);
    expect(marked?.downloadedAt).toMatch(ISO);
    expect(toApiOrder(marked!).instantRefund).toBe(false);
    expect((await withoutWrites(() => download(label.shipOrderId))).statusCode).toBe(200);
    const before = await balanceCents();

    expect((await refund(label.shipOrderId)).json).toMatchObject({ status: 'refund_pending', refund: { creditedEarly: false } });
    expect(await balanceCents()).toBe(before);
    expect(await credited(label.shipOrderId)).toEqual([]);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect(await settleRefunds(logger, new Date())).toMatchObject({ refunded: 1 });
    expect(await balanceCents()).toBe(before + label.priceCents);
    expect(await credited(label.shipOrderId)).toEqual([[label.priceCents, 'completed']]);
  });

  it('a rejection after the early credit is carried: no debit back, the label stays void, the admin figure and the margin show it', async () => {
    delayRefunds(86_400);
    const label = await labelBought();
    // As an EasyPost purchase records it: the carrier's cost on the order.
    await setOnOrder(label.shipOrderId, 'costCents', 455);
    const before = await balanceCents();
    const stats = await getStats();
    expect((await refund(label.shipOrderId)).json).toMatchObject({ status: 'refund_pending', refund: { creditedEarly: true } });
    const asked = await getStats();
    // The early credit took the label out of the margin as a completed refund does.
    expect({
      count: asked.realLabels.count - stats.realLabels.count,
      revenueCents: asked.realLabels.revenueCents - stats.realLabels.revenueCents,
      costCents: asked.realLabels.costCents - stats.realLabels.costCents,
    }).toEqual({ count: -1, revenueCents: -600, costCents: -455 });

    // USPS scanned the package meanwhile (the sandbox's timeline): the carrier rejects.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * DAY_MS });
    expect(await settleRefunds(logger, new Date())).toEqual({ refunded: 0, rejected: 1, pending: 0, skipped: 0 });
    vi.useRealTimers();

    expect(await getOrder(ann.id, label.shipOrderId)).toMatchObject({ status: 'refund_rejected', creditedEarly: true, refundReason: expect.any(String) });
    expect(await balanceCents()).toBe(before + label.priceCents);
    expect(await credited(label.shipOrderId)).toEqual([[label.priceCents, 'completed']]);
    const after = await getStats();
    expect({
      carried: after.carriedRefunds.count - stats.carriedRefunds.count,
      carriedCents: after.carriedRefunds.cents - stats.carriedRefunds.cents,
      // The carrier kept its cost: back in the carrier cost, while the revenue stays out.
      costCents: after.realLabels.costCents - stats.realLabels.costCents,
      revenueCents: after.realLabels.revenueCents - stats.realLabels.revenueCents,
      balanceCents: after.balanceCents - stats.balanceCents,
    }).toEqual({ carried: 1, carriedCents: 600, costCents: 0, revenueCents: -600, balanceCents: 600 });
    const admin = await newAccount('admin', 'refund');
    const figures = await invoke('GET /admin/stats', { token: admin.token });
    expect(figures.json?.carriedRefunds).toEqual({
      count: after.carriedRefunds.count,
      cents: after.carriedRefunds.cents,
      dollars: after.carriedRefunds.cents / 100,
    });
    // The shipper has the money: the label is not given back, and no rejection is mailed.
    expect((await withoutWrites(() => download(label.shipOrderId))).statusCode).toBe(410);
    expect((await refund(label.shipOrderId)).statusCode).toBe(409);
    expect((await listOutbox({ to: ann.email })).map((m) => m.subject)).toEqual(['Your label refund is complete']);
  });

  it("a download that lands between the refund request's read and its credit wins: served, and the refund waits for the carrier", async () => {
    delayRefunds(60);
    const { shipOrderId } = await labelBought();
    const before = await balanceCents();
    // The download goes just before the refund's early credit.
    const [res, served] = await withCutIn(shipOrderId, refund, ['TransactWriteItemsCommand', 'creditedEarly'], download);

    expect(served?.statusCode).toBe(200);
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ status: 'refund_pending', refund: { creditedEarly: false } });
    expect(await getOrder(ann.id, shipOrderId)).toMatchObject({ status: 'refund_pending', downloadedAt: expect.stringMatching(ISO) });
    expect((await getOrder(ann.id, shipOrderId))?.creditedEarly).toBeUndefined();
    expect(await balanceCents()).toBe(before);
    expect(await credited(shipOrderId)).toEqual([]);
  });

  it("a refund request that lands between a download's read and its mark wins: credited, and the PDF is refused", async () => {
    delayRefunds(60);
    const { shipOrderId, priceCents } = await labelBought();
    const before = await balanceCents();
    // The refund goes just before the download's mark.
    const [pdf, asked] = await withCutIn(shipOrderId, download, ['UpdateItemCommand', 'downloadedAt = :at'], refund);

    expect(asked?.json).toMatchObject({ status: 'refund_pending', refund: { creditedEarly: true } });
    expect(pdf.statusCode).toBe(410);
    expect(pdf.json).toEqual({ message: 'This label was refunded and can no longer be downloaded.' });
    expect(await getOrder(ann.id, shipOrderId)).toMatchObject({ creditedEarly: true, downloadedAt: null });
    expect(await balanceCents()).toBe(before + priceCents);
  });

  it('downloads and refund requests sent together: each label is either served or credited early, never both, and credited once', async () => {
    delayRefunds(60);
    const labels = [await labelBought(), await labelBought(), await labelBought()];
    const before = await balanceCents();

    const answers = await Promise.all(
      labels.map(async (l) => {
        const [pdf, asked, again, pdfAgain] = await Promise.all([
          download(l.shipOrderId),
          refund(l.shipOrderId),
          refund(l.shipOrderId),
          download(l.shipOrderId),
        ]);
        return { pdfs: [pdf, pdfAgain], asked: [asked, again] };
      }),
    );

    let creditedCents = 0;
    for (const [i, l] of labels.entries()) {
      const stored = await getOrder(ann.id, l.shipOrderId);
      const { pdfs, asked } = answers[i]!;
      expect(asked.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      if (stored?.creditedEarly) {
        creditedCents += l.priceCents;
        expect(pdfs.map((p) => p.statusCode)).not.toContain(200);
        expect(stored.downloadedAt).toBeNull();
        expect(await credited(l.shipOrderId)).toEqual([[l.priceCents, 'completed']]);
      } else {
        expect(stored?.downloadedAt).toMatch(ISO);
        expect(await credited(l.shipOrderId)).toEqual([]);
      }
    }
    expect(await balanceCents()).toBe(before + creditedCents);
  });

  it('the auto-refund credits an undownloaded label at once too, once however many runs', async () => {
    delayRefunds(3600);
    const label = await labelBought();
    const before = await balanceCents();
    const end = new Date(autoRefundAt((await getOrder(ann.id, label.shipOrderId))!.createdAt));

    const [a, b] = await Promise.all([autoRefundUnused(logger, new Date(end.getTime() + 1)), autoRefundUnused(logger, new Date(end.getTime() + 1))]);

    expect(a.pending + b.pending).toBe(1);
    expect(await getOrder(ann.id, label.shipOrderId)).toMatchObject({ status: 'refund_pending', refundBy: 'auto', creditedEarly: true });
    expect(await balanceCents()).toBe(before + label.priceCents);
    expect(await credited(label.shipOrderId)).toEqual([[label.priceCents, 'completed']]);
    expect((await listOutbox({ to: ann.email }))[0]?.text).toContain('was not used within 28 days of its purchase');
  });

  it.each<[string, (shipOrderId: string) => Promise<unknown>]>([
    [
      'a credits label whose shortfall a card paid waits for the carrier (its card part goes back to the card), even never downloaded',
      // As a shortfall order stores it once its card payment settled.
      (shipOrderId) => setOnOrder(shipOrderId, 'shortfallCents', 350),
    ],
    [
      'a label bought before downloads were recorded (no downloadedAt) counts as downloaded: its refund waits for the carrier',
      (shipOrderId) => db.send(new UpdateCommand({ TableName: tableName(), Key: orderKey(ann.id, shipOrderId), UpdateExpression: 'REMOVE downloadedAt' })),
    ],
  ])('%s', async (_name, stored) => {
    delayRefunds(60);
    const label = await labelBought();
    await stored(label.shipOrderId);
    const before = await balanceCents();

    expect((await refund(label.shipOrderId)).json).toMatchObject({ status: 'refund_pending', instantRefund: false, refund: { creditedEarly: false } });
    expect(await balanceCents()).toBe(before);
    expect(await credited(label.shipOrderId)).toEqual([]);
  });
});
