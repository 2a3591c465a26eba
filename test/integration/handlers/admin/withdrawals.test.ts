/**
 * The admin side of withdrawals against DynamoDB Local, with the sandbox card checkout (watched, and
 * made to fail, through the provider registry): the list, approval (card refunds of the user's
 * top-ups newest first, each at most what it has left, the rest by hand with the note), resuming an
 * approval the card provider broke off, a refund the card provider refuses for good (paid by hand
 * instead, once a note says how, except a disputed payment's, which leaves the request), rejection (the hold goes back, the month's turn too), and
 * the refusals (unknown id 404, a second decision 409, by hand without a note 400) that write nothing.
 */
import { findAuditRecords } from '../../../../functions/data/audit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLocalRefund } from '../../../../functions/data/local-refunds';
import { listOutbox } from '../../../../functions/data/outbox';
import { getStats } from '../../../../functions/data/stats';
import { getUserById } from '../../../../functions/data/users';
import { ProviderUnavailable, RefundRefused } from '../../../../functions/errors';
import type { CardCheckout, CardRefundRequest } from '../../../../functions/providers/payments/payments';
import { getEntry } from '../../../../functions/wallet/ledger';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { deliverSigned, startCardTopUp, stripeEvent } from '../payments/payments';
import { withoutWrites } from '../table-changes';

/** The configured (sandbox) card checkout, its refunds watched; a test may make one fail. */
const watch = vi.hoisted(() => ({
  refund: undefined as unknown as import('vitest').Mock<(req: CardRefundRequest, real: CardCheckout) => Promise<{ id: string }>>,
}));
vi.mock('../../../../functions/providers/registry/payments', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../functions/providers/registry/payments')>();
  return {
    ...real,
    getCardCheckout: (): CardCheckout => ({
      createSession: (req) => real.getCardCheckout().createSession(req),
      webhookSecret: () => real.getCardCheckout().webhookSecret(),
      refund: (req) => watch.refund(req, real.getCardCheckout()),
    }),
  };
});

let admin: Account;
let ann: Account;
beforeEach(async () => {
  watch.refund = vi.fn((req, real) => real.refund(req));
  [admin, ann] = await Promise.all([newAccount('admin', 'wd-admin'), newAccount('user', 'wd-admin')]);
});
afterEach(async () => {
  await expectLedgerInvariant(ann.id);
});

/** A card top-up of `amount` dollars paid through the sandbox and settled by its signed Stripe event; answers its entry id. */
async function cardTopUp(account: Account, amount: number): Promise<string> {
  const checkout = await startCardTopUp(account, amount);
  expect((await deliverSigned(stripeEvent(checkout, 'paid'))).statusCode).toBe(200);
  return checkout.entryId;
}

const ask = async (amount: number, account = ann) => {
  const res = await invoke('POST /wallet/withdrawals', { token: account.token, body: { amount } });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json?.id);
};
const approve = (id: string, body: unknown = {}) => invoke('POST /admin/withdrawals/{id}/approve', { token: admin.token, params: { id }, body });
const reject = (id: string, reason = 'Please use the credit first') =>
  invoke('POST /admin/withdrawals/{id}/reject', { token: admin.token, params: { id }, body: { reason } });
const stored = async () => getUserById(ann.id, { consistent: true });

describe('POST /admin/withdrawals/{id}/approve', () => {
  it('pays $25 back as refunds of the newest card top-ups first ($10, then $15 of $20), then takes the hold out of the wallet and mails the user', async () => {
    const older = await cardTopUp(ann, 20);
    const newer = await cardTopUp(ann, 10);
    const id = await ask(25);
    const stats = await getStats();

    const res = await approve(id);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({
      id,
      status: 'approved',
      amountCents: 2500,
      refunds: [
        { amountCents: 1000, amount: 10, done: true },
        { amountCents: 1500, amount: 15, done: true },
      ],
      byHandCents: 0,
      decidedAt: expect.any(String),
      completedAt: expect.any(String),
    });
    expect(watch.refund.mock.calls.map(([r]) => [r.amountCents, r.idempotencyKey])).toEqual([
      [1000, `prepaidship-withdrawal-${id}-${newer}`],
      [1500, `prepaidship-withdrawal-${id}-${older}`],
    ]);
    expect(await getLocalRefund(`prepaidship-withdrawal-${id}-${newer}`)).toMatchObject({
      paymentIntent: expect.stringMatching(/^pi_local_/),
      amountCents: 1000,
    });
    expect(await getEntry(ann.id, newer)).toMatchObject({ refundedCents: 1000, paymentIntent: expect.stringMatching(/^pi_local_/) });
    expect(await getEntry(ann.id, older)).toMatchObject({ refundedCents: 1500 });
    expect(await getEntry(ann.id, id)).toMatchObject({ type: 'withdrawal', amountCents: -2500, status: 'completed' });
    expect(await stored()).toMatchObject({ balanceCents: 500, heldCents: 0 });
    expect((await getStats()).balanceCents).toBe(stats.balanceCents - 2500);
    const [mail] = await listOutbox({ to: ann.email });
    expect(mail).toMatchObject({ subject: 'Your withdrawal was approved' });
    expect(mail?.text).toContain('$25.00 was refunded to your card');
  });

  it('asks for a note when part must be paid by hand (no card top-up to refund), writing nothing; with one, records it', async () => {
    await creditWallet(ann, 1000); // a top-up without a PaymentIntent on record: nothing to refund
    const id = await ask(6);

    const bare = await withoutWrites(() => approve(id));
    const noted = await approve(id, { note: '  Sent by bank transfer, ref 42  ' });

    expect(bare.statusCode).toBe(400);
    expect(bare.json).toEqual({
      message:
        '$6.00 of this request cannot go back as card refunds (it is not card money left in the wallet: adjustments, crypto top-ups, refunds): pay it another way and say how in the note.',
    });
    expect(noted.statusCode).toBe(200);
    expect(noted.json).toMatchObject({ status: 'approved', refunds: [], byHandCents: 600, byHand: 6, note: 'Sent by bank transfer, ref 42' });
    expect(watch.refund).not.toHaveBeenCalled();
    expect(await stored()).toMatchObject({ balanceCents: 400, heldCents: 0 });
  });

  it('resumes an approval the card provider broke off: the refund made is not made again, the rest is, and the hold is paid out once', async () => {
    const older = await cardTopUp(ann, 5);
    await cardTopUp(ann, 5);
    const id = await ask(8);
    watch.refund.mockImplementationOnce((req, real) => real.refund(req)).mockRejectedValueOnce(new ProviderUnavailable('Stripe', 'timeout'));

    const broken = await approve(id);

    expect(broken.statusCode).toBe(502);
    expect(broken.json).toEqual({ message: 'Stripe is not answering right now. Please try again in a moment.' });
    const listed = await invoke('GET /admin/withdrawals', { token: admin.token, query: { status: 'approving' } });
    expect(listed.json?.withdrawals).toEqual([
      expect.objectContaining({ id, refunds: [expect.objectContaining({ done: true }), expect.objectContaining({ done: false })] }),
    ]);
    expect(await stored()).toMatchObject({ balanceCents: 200, heldCents: 800 });

    const resumed = await approve(id);

    expect(resumed.statusCode).toBe(200);
    expect(resumed.json).toMatchObject({ status: 'approved', refunds: [{ done: true }, { done: true }] });
    expect(watch.refund).toHaveBeenCalledTimes(3);
    expect(watch.refund.mock.calls[2]?.[0]).toMatchObject({ idempotencyKey: `prepaidship-withdrawal-${id}-${older}`, amountCents: 300 });
    expect(await stored()).toMatchObject({ balanceCents: 200, heldCents: 0 });
  });

  it('pays by hand a refund Stripe refuses for good (already refunded in its dashboard): 400 asking for a note, writing nothing more; with the note the approval finishes', async () => {
    const older = await cardTopUp(ann, 5);
    const newer = await cardTopUp(ann, 5);
    const id = await ask(8);
    const refused = (key: string) => key === `prepaidship-withdrawal-${id}-${older}`;
    watch.refund.mockImplementation((req, real) =>
      refused(req.idempotencyKey)
        ? Promise.reject(new RefundRefused('Stripe', 'charge_already_refunded', 'refunds.create failed: HTTP 400'))
        : real.refund(req),
    );

    const bare = await approve(id);
    const again = await withoutWrites(() => approve(id));

    const asked = {
      message: 'Stripe refused to refund $3.00 of this request (charge_already_refunded): pay it another way and say how in the note, then approve again.',
    };
    expect(bare.statusCode).toBe(400);
    expect(bare.json).toEqual(asked);
    expect(again.statusCode).toBe(400);
    expect(again.json).toEqual(asked);
    const listed = await invoke('GET /admin/withdrawals', { token: admin.token, query: { status: 'approving' } });
    expect(listed.json?.withdrawals).toEqual([
      expect.objectContaining({ id, byHandCents: 0, refunds: [expect.objectContaining({ done: true }), expect.objectContaining({ done: false })] }),
    ]);
    expect(await stored()).toMatchObject({ balanceCents: 200, heldCents: 800 });
    // Nothing left the wallet and the user was not told it was approved.
    expect(await getEntry(ann.id, id)).toMatchObject({ status: 'pending' });
    expect((await listOutbox({ to: ann.email })).map((m) => m.subject)).not.toContain('Your withdrawal was approved');

    const noted = await approve(id, { note: 'Sent $3.00 by bank transfer, ref 77' });

    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json).toMatchObject({
      status: 'approved',
      refunds: [{ amountCents: 500, done: true }],
      byHandCents: 300,
      note: 'Sent $3.00 by bank transfer, ref 77',
      completedAt: expect.any(String),
    });
    expect(await getLocalRefund(`prepaidship-withdrawal-${id}-${newer}`)).toMatchObject({ amountCents: 500 });
    expect(await getLocalRefund(`prepaidship-withdrawal-${id}-${older}`)).toBeUndefined();
    // The refused top-up keeps its reservation: that part of it is paid back (by hand), never asked of Stripe again.
    expect(await getEntry(ann.id, older)).toMatchObject({ refundedCents: 300 });
    expect(await getEntry(ann.id, id)).toMatchObject({ type: 'withdrawal', amountCents: -800, status: 'completed' });
    expect(await stored()).toMatchObject({ balanceCents: 200, heldCents: 0 });
    const [mail] = await listOutbox({ to: ann.email });
    expect(mail).toMatchObject({ subject: 'Your withdrawal was approved' });
    expect(mail?.text).toContain('$5.00 was refunded to your card');
    expect(mail?.text).toContain('$3.00 is paid back another way: Sent $3.00 by bank transfer, ref 77');
    const replay = await withoutWrites(() => approve(id, { note: 'again' }));
    expect(replay.statusCode).toBe(409);
  });

  /** The audit records of disputed refunds left out of request `id`. */
  const leftOutRecords = async (id: string) =>
    (await findAuditRecords({ subject: ann.id, action: 'withdrawal.refund-left-out' }, { limit: 10 })).items.filter((r) => r.ref === id);

  it('never pays by hand a refund Stripe refuses because the payment is disputed: that part leaves the request, back to the balance, with no note asked', async () => {
    const older = await cardTopUp(ann, 5);
    const newer = await cardTopUp(ann, 5);
    const id = await ask(8);
    watch.refund.mockImplementation((req, real) =>
      req.idempotencyKey === `prepaidship-withdrawal-${id}-${older}`
        ? Promise.reject(new RefundRefused('Stripe', 'charge_disputed', 'refunds.create failed: HTTP 400'))
        : real.refund(req),
    );

    const res = await approve(id);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({
      status: 'approved',
      amountCents: 500,
      refunds: [{ amountCents: 500, done: true }],
      byHandCents: 0,
      reason: expect.stringContaining('a disputed payment is never refunded nor paid by hand'),
    });
    expect(await getLocalRefund(`prepaidship-withdrawal-${id}-${older}`)).toBeUndefined();
    expect(await getLocalRefund(`prepaidship-withdrawal-${id}-${newer}`)).toMatchObject({ amountCents: 500 });
    // The $3.00 not paid back is in the balance again (where the dispute's own hold takes it), and the top-up's reservation is given back.
    expect(await stored()).toMatchObject({ balanceCents: 500, heldCents: 0 });
    expect(await getEntry(ann.id, id)).toMatchObject({ type: 'withdrawal', amountCents: -500, status: 'completed' });
    expect(await getEntry(ann.id, older)).toMatchObject({ refundedCents: 0 });
    const [mail] = await listOutbox({ to: ann.email });
    expect(mail?.text).toContain('$3.00 of this request was not paid back');
    // The part left out moved from held to the balance during the admin's approval: on the record.
    expect(await leftOutRecords(id)).toEqual([
      expect.objectContaining({
        amountCents: 300,
        before: { balanceCents: 200, heldCents: 800, disputedCents: 0 },
        after: { balanceCents: 500, heldCents: 500, disputedCents: 0 },
      }),
    ]);
  });

  it('rejects a request whose only refund is of a disputed payment (nothing by hand): the hold goes back and the month too', async () => {
    const only = await cardTopUp(ann, 5);
    const id = await ask(5);
    watch.refund.mockImplementation(() => Promise.reject(new RefundRefused('Stripe', 'charge_disputed', 'refunds.create failed: HTTP 400')));

    const res = await approve(id, { note: 'would pay by hand' });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({ status: 'rejected', byHandCents: 0, reason: expect.stringContaining('disputed') });
    expect(await stored()).toMatchObject({ balanceCents: 500, heldCents: 0 });
    expect(await getEntry(ann.id, id)).toMatchObject({ status: 'failed' });
    expect(await getEntry(ann.id, only)).toMatchObject({ refundedCents: 0 });
    expect(await leftOutRecords(id)).toEqual([
      expect.objectContaining({
        amountCents: 500,
        before: expect.objectContaining({ heldCents: 500 }),
        after: expect.objectContaining({ heldCents: 0, balanceCents: 500 }),
      }),
    ]);
    expect((await listOutbox({ to: ann.email })).map((m) => m.subject)).toContain('Your withdrawal request was not approved');
    watch.refund.mockImplementation((req, real) => real.refund(req));
    expect((await invoke('POST /wallet/withdrawals', { token: ann.token, body: { amount: 1 } })).statusCode).toBe(201);
  });

  it('answers a second approval, and a rejection after it, with 409, writing nothing', async () => {
    await cardTopUp(ann, 5);
    const id = await ask(5);
    expect((await approve(id)).statusCode).toBe(200);

    const again = await withoutWrites(() => approve(id));
    const rejected = await withoutWrites(() => reject(id));

    expect(again.statusCode).toBe(409);
    expect(again.json).toEqual({ message: 'This withdrawal request was already approved.' });
    expect(rejected.statusCode).toBe(409);
  });

  it('answers 404 for an id that names no request, writing nothing', async () => {
    const res = await withoutWrites(() => approve('01JZZZZZZZZZZZZZZZZZZZZZZZ', { note: 'x' }));

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual({ message: 'Withdrawal request not found' });
  });
});

describe('POST /admin/withdrawals/{id}/reject', () => {
  it('gives the held amount back with the reason on the entry, gives the month back, and mails the user', async () => {
    await creditWallet(ann, 1000);
    const id = await ask(7.5);
    const stats = await getStats();

    const res = await reject(id, '  Your account is under review  ');

    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ id, status: 'rejected', reason: 'Your account is under review', completedAt: expect.any(String) });
    expect(await stored()).toMatchObject({ balanceCents: 1000, heldCents: 0 });
    expect(await getEntry(ann.id, id)).toMatchObject({ status: 'failed', reason: 'Your account is under review' });
    expect((await getStats()).balanceCents).toBe(stats.balanceCents);
    expect((await listOutbox({ to: ann.email }))[0]).toMatchObject({ subject: 'Your withdrawal request was not approved' });
    // A refused request does not use up the month.
    expect((await invoke('POST /wallet/withdrawals', { token: ann.token, body: { amount: 1 } })).statusCode).toBe(201);
    const second = await withoutWrites(() => reject(id));
    expect(second.statusCode).toBe(409);
    expect(second.json).toEqual({ message: 'This withdrawal request was already rejected.' });
  });

  it('answers 400 without a reason, writing nothing', async () => {
    await creditWallet(ann, 1000);
    const id = await ask(2);

    const res = await withoutWrites(() => invoke('POST /admin/withdrawals/{id}/reject', { token: admin.token, params: { id }, body: { reason: '   ' } }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Reason is required', fields: { reason: 'Reason is required' } });
  });
});

describe('GET /admin/withdrawals', () => {
  it("lists every user's requests newest first, or those of one status, and is for admins only", async () => {
    const bo = await newAccount('user', 'wd-admin');
    await Promise.all([creditWallet(ann, 1000), creditWallet(bo, 1000)]);
    const first = await ask(2);
    const second = await ask(3, bo);
    expect((await reject(first)).statusCode).toBe(200);

    const all = await withoutWrites(() => invoke('GET /admin/withdrawals', { token: admin.token, query: { limit: '100' } }));
    const pending = await invoke('GET /admin/withdrawals', { token: admin.token, query: { status: 'pending', limit: '100' } });
    const asUser = await invoke('GET /admin/withdrawals', { token: ann.token });

    const ids = (res: typeof all) => (res.json?.withdrawals as { id: string }[]).map((w) => w.id);
    expect(ids(all).indexOf(second)).toBeLessThan(ids(all).indexOf(first));
    expect(ids(all)).toEqual(expect.arrayContaining([first, second]));
    expect(ids(pending)).toContain(second);
    expect(ids(pending)).not.toContain(first);
    expect(asUser.statusCode).toBe(403);
  });
});
