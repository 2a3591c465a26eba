/**
 * POST /stripe/webhook with Stripe's events about money that left through the card network:
 * `charge.dispute.created`, `charge.dispute.closed` and `charge.refunded`, built on Stripe's own
 * dispute and charge fixtures and signed offline with the webhook secret as Stripe signs them, so the
 * real signature check and handler run. The proof is the answer, the balance and the disputed hold,
 * the ledger entries, the mails, the admin figures and the invariant; each event settles once
 * whatever the replays or the order, a refund our own withdrawal made is not debited twice, and a
 * wallet below zero buys nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { listOutbox } from '../../../../functions/data/outbox';
import { getStats } from '../../../../functions/data/stats';
import { getUserById } from '../../../../functions/data/users';
import { getEntry } from '../../../../functions/wallet/ledger';
import { sampleLabelOrder } from '../../../fixtures/label-order';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { withoutWrites } from '../table-changes';
import { deliverSigned, entriesOf, signedStripeEvent, startCardTopUp, stripeDispute, stripeEvent, stripeRefundedCharge } from './payments';

const RECEIVED = { received: true };

let ann: Account;
let admin: Account;
beforeEach(async () => {
  [ann, admin] = await Promise.all([newAccount('user', 'dispute'), newAccount('admin', 'dispute')]);
});
afterEach(async () => {
  await expectLedgerInvariant(ann.id);
});

/** A card top-up of `amount` dollars, paid and settled by its signed event: its entry id and PaymentIntent. */
async function cardTopUp(amount: number, account = ann): Promise<{ entryId: string; paymentIntent: string }> {
  const checkout = await startCardTopUp(account, amount);
  expect((await deliverSigned(stripeEvent(checkout, 'paid'))).statusCode).toBe(200);
  const entry = await getEntry(account.id, checkout.entryId);
  expect(entry?.paymentIntent).toMatch(/^pi_/);
  return { entryId: checkout.entryId, paymentIntent: entry?.paymentIntent as string };
}

const opened = (pi: string, cents: number, id?: string) => signedStripeEvent('charge.dispute.created', stripeDispute(pi, cents, 'needs_response', id));
const closed = (pi: string, cents: number, status: 'won' | 'lost' | 'warning_closed', id?: string) =>
  signedStripeEvent('charge.dispute.closed', stripeDispute(pi, cents, status, id));
const refunded = (paymentIntent: string, cents: number, refundedCents: number) =>
  signedStripeEvent('charge.refunded', stripeRefundedCharge(paymentIntent, cents, refundedCents));

const wallet = async () => {
  const u = await getUserById(ann.id, { consistent: true });
  return { balanceCents: u?.balanceCents, heldCents: u?.heldCents, disputedCents: u?.disputedCents };
};
const ofType = async (type: string) => (await entriesOf(ann.id)).filter((e) => e.type === type);
const subjects = async () => (await listOutbox({ to: ann.email })).map((m) => m.subject);

describe('POST /stripe/webhook: charge.dispute.created', () => {
  it('holds the disputed amount at once, below zero when the wallet holds less, with a pending dispute entry, its reason and a mail', async () => {
    const { paymentIntent } = await cardTopUp(25);
    const ask = await invoke('POST /wallet/withdrawals', { token: ann.token, body: { amount: 20 } });
    expect(ask.statusCode, ask.body).toBe(201);
    const stats = await getStats();

    const res = await deliverSigned(opened(paymentIntent, 2500));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
    expect(await wallet()).toEqual({ balanceCents: -2000, heldCents: 2000, disputedCents: 2500 });
    expect(await ofType('dispute')).toEqual([
      expect.objectContaining({ amountCents: -2500, status: 'pending', reason: expect.stringContaining('dispute dp_test_1') }),
    ]);
    // Money under dispute is still owed until the dispute is lost.
    expect((await getStats()).balanceCents).toBe(stats.balanceCents);
    expect(await subjects()).toContain('A card payment to your wallet was disputed');
    const profile = await invoke('GET /auth/profile', { token: ann.token });
    expect(profile.json).toMatchObject({ availableCents: -2000, heldCents: 2000, disputedCents: 2500 });
  });

  it('settles once however often the event (or another event of the same dispute) arrives', async () => {
    const { paymentIntent } = await cardTopUp(25);
    const event = opened(paymentIntent, 2500);
    await deliverSigned(event);

    const replay = await withoutWrites(() => deliverSigned(event));
    const again = await withoutWrites(() => deliverSigned(opened(paymentIntent, 2500)));

    expect(replay.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(await wallet()).toEqual({ balanceCents: 0, heldCents: 0, disputedCents: 2500 });
    expect(await ofType('dispute')).toHaveLength(1);
  });

  it('settles concurrent deliveries of one event once', async () => {
    const { paymentIntent } = await cardTopUp(25);
    const event = opened(paymentIntent, 2500);

    const answers = await Promise.all(Array.from({ length: 5 }, () => deliverSigned(event)));

    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await wallet()).toEqual({ balanceCents: 0, heldCents: 0, disputedCents: 2500 });
    expect(await ofType('dispute')).toHaveLength(1);
  });

  it('never holds more than the payment disputed', async () => {
    const { paymentIntent } = await cardTopUp(10);

    await deliverSigned(opened(paymentIntent, 99_999));

    expect(await wallet()).toEqual({ balanceCents: 0, heldCents: 0, disputedCents: 1000 });
  });

  it('acknowledges and ignores a dispute of a payment that is not ours, writing nothing', async () => {
    await cardTopUp(10);

    const res = await withoutWrites(() => deliverSigned(opened('pi_not_ours', 1000)));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
  });

  it('refuses a forged dispute (another secret) with 400, writing nothing', async () => {
    const { paymentIntent } = await cardTopUp(10);
    const { payload } = opened(paymentIntent, 1000);

    const res = await withoutWrites(() =>
      invoke('POST /stripe/webhook', {
        raw: payload,
        headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' }) },
      }),
    );

    expect(res.statusCode).toBe(400);
    expect(await wallet()).toEqual({ balanceCents: 1000, heldCents: 0, disputedCents: 0 });
  });
});

describe('POST /stripe/webhook: a wallet below zero', () => {
  it('buys nothing while the dispute holds the balance below zero: 402, nothing written', async () => {
    const { paymentIntent } = await cardTopUp(25);
    const buy = await invoke('POST /shipping/create-label', {
      token: ann.token,
      body: sampleLabelOrder({ shipDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) }),
      headers: { 'idempotency-key': idempotencyKey() },
    });
    expect(buy.statusCode, buy.body).toBe(201);
    await deliverSigned(opened(paymentIntent, 2500));
    const before = await wallet();
    expect(before.balanceCents).toBeLessThan(0);

    const res = await withoutWrites(() =>
      invoke('POST /shipping/create-label', {
        token: ann.token,
        body: sampleLabelOrder({ shipDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) }),
        headers: { 'idempotency-key': idempotencyKey() },
      }),
    );

    expect(res.statusCode).toBe(402);
    expect(res.json).toMatchObject({ message: 'Insufficient balance' });
    expect(await wallet()).toEqual(before);
  });

  it('takes no withdrawal request while the balance is below zero: 402, nothing written', async () => {
    const { paymentIntent } = await cardTopUp(10);
    await deliverSigned(opened(paymentIntent, 1000));

    const res = await withoutWrites(() => invoke('POST /wallet/withdrawals', { token: ann.token, body: { amount: 1 } }));

    expect(res.statusCode).toBe(402);
  });
});

describe('POST /stripe/webhook: charge.dispute.closed', () => {
  it.each(['won', 'warning_closed'] as const)('releases the hold when %s: the entry is cancelled with its reason, the balance back, a mail', async (status) => {
    const { paymentIntent, entryId } = await cardTopUp(25);
    await deliverSigned(opened(paymentIntent, 2500));
    const stats = await getStats();

    const res = await deliverSigned(closed(paymentIntent, 2500, status));

    expect(res.statusCode).toBe(200);
    expect(await wallet()).toEqual({ balanceCents: 2500, heldCents: 0, disputedCents: 0 });
    expect(await ofType('dispute')).toEqual([
      expect.objectContaining({ amountCents: -2500, status: 'cancelled', reason: expect.stringContaining('decided in your favour') }),
    ]);
    expect((await getStats()).balanceCents).toBe(stats.balanceCents);
    expect(await subjects()).toContain('A disputed card payment was decided: the hold is released');
    expect(await getEntry(ann.id, entryId)).toMatchObject({ disputeStatus: 'won', disputeId: 'dp_test_1' });
  });

  it('debits the hold for good when lost: the entry completes, the admin figures drop, a mail', async () => {
    const { paymentIntent } = await cardTopUp(25);
    await deliverSigned(opened(paymentIntent, 2500));
    const stats = await getStats();

    const res = await deliverSigned(closed(paymentIntent, 2500, 'lost'));

    expect(res.statusCode).toBe(200);
    expect(await wallet()).toEqual({ balanceCents: 0, heldCents: 0, disputedCents: 0 });
    expect(await ofType('dispute')).toEqual([
      expect.objectContaining({ amountCents: -2500, status: 'completed', reason: expect.stringContaining('decided against you') }),
    ]);
    expect((await getStats()).balanceCents - stats.balanceCents).toBe(-2500);
    expect(await subjects()).toContain('A disputed card payment was decided against you');
  });

  it('settles a closing once: a replay, and a late closing the other way, change nothing', async () => {
    const { paymentIntent } = await cardTopUp(25);
    await deliverSigned(opened(paymentIntent, 2500));
    const lost = closed(paymentIntent, 2500, 'lost');
    await deliverSigned(lost);

    await withoutWrites(() => deliverSigned(lost));
    await withoutWrites(() => deliverSigned(closed(paymentIntent, 2500, 'won')));
    await withoutWrites(() => deliverSigned(opened(paymentIntent, 2500)));

    expect(await wallet()).toEqual({ balanceCents: 0, heldCents: 0, disputedCents: 0 });
    expect(await ofType('dispute')).toHaveLength(1);
  });

  it('out of order, a loss before its opening debits at once (below zero if need be), and the late opening does nothing', async () => {
    const { paymentIntent } = await cardTopUp(25);
    const ask = await invoke('POST /wallet/withdrawals', { token: ann.token, body: { amount: 10 } });
    expect(ask.statusCode).toBe(201);

    await deliverSigned(closed(paymentIntent, 2500, 'lost'));
    const late = await withoutWrites(() => deliverSigned(opened(paymentIntent, 2500)));

    expect(late.statusCode).toBe(200);
    expect(await wallet()).toEqual({ balanceCents: -1000, heldCents: 1000, disputedCents: 0 });
    expect(await ofType('dispute')).toEqual([expect.objectContaining({ amountCents: -2500, status: 'completed' })]);
  });

  it('out of order, a win before its opening moves no money, and the late opening holds nothing', async () => {
    const { paymentIntent } = await cardTopUp(25);

    await deliverSigned(closed(paymentIntent, 2500, 'won'));
    await withoutWrites(() => deliverSigned(opened(paymentIntent, 2500)));

    expect(await wallet()).toEqual({ balanceCents: 2500, heldCents: 0, disputedCents: 0 });
    expect(await ofType('dispute')).toEqual([]);
  });
});

describe('POST /stripe/webhook: charge.refunded', () => {
  it('debits a refund made in Stripe\u2019s dashboard, with a card_refund entry, its reason and a mail; a replay debits nothing more', async () => {
    const { paymentIntent, entryId } = await cardTopUp(25);
    const stats = await getStats();
    const event = refunded(paymentIntent, 2500, 1000);

    const res = await deliverSigned(event);
    const replay = await withoutWrites(() => deliverSigned(event));
    const again = await withoutWrites(() => deliverSigned(refunded(paymentIntent, 2500, 1000)));

    expect([res.statusCode, replay.statusCode, again.statusCode]).toEqual([200, 200, 200]);
    expect(await wallet()).toEqual({ balanceCents: 1500, heldCents: 0, disputedCents: 0 });
    expect(await ofType('card_refund')).toEqual([
      expect.objectContaining({ amountCents: -1000, status: 'completed', reason: expect.stringContaining('$10.00') }),
    ]);
    expect(await getEntry(ann.id, entryId)).toMatchObject({ externalRefundedCents: 1000 });
    expect((await getStats()).balanceCents - stats.balanceCents).toBe(-1000);
    expect(await subjects()).toContain('A card payment to your wallet was refunded');
  });

  it('debits only the new part of a second dashboard refund, below zero when the money was spent', async () => {
    const { paymentIntent } = await cardTopUp(25);
    await deliverSigned(refunded(paymentIntent, 2500, 1000));
    const adjust = await invoke('POST /admin/users/{id}/adjustments', {
      token: admin.token,
      params: { id: ann.id },
      headers: { 'idempotency-key': idempotencyKey() },
      body: { amountCents: -1500, reason: 'Spent elsewhere' },
    });
    expect(adjust.statusCode, adjust.body).toBe(201);

    await deliverSigned(refunded(paymentIntent, 2500, 2500));

    expect(await wallet()).toEqual({ balanceCents: -1500, heldCents: 0, disputedCents: 0 });
    expect((await ofType('card_refund')).map((e) => e.amountCents)).toEqual([-1500, -1000]);
  });

  it('does not debit again the refund our own withdrawal made (its charge.refunded), and still debits a later dashboard refund', async () => {
    const { paymentIntent, entryId } = await cardTopUp(25);
    const ask = await invoke('POST /wallet/withdrawals', { token: ann.token, body: { amount: 10 } });
    const approved = await invoke('POST /admin/withdrawals/{id}/approve', { token: admin.token, params: { id: String(ask.json?.id) }, body: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await getEntry(ann.id, entryId)).toMatchObject({ refundedCents: 1000 });

    const ours = await withoutWrites(() => deliverSigned(refunded(paymentIntent, 2500, 1000)));
    expect(ours.statusCode).toBe(200);
    expect(await wallet()).toEqual({ balanceCents: 1500, heldCents: 0, disputedCents: 0 });

    await deliverSigned(refunded(paymentIntent, 2500, 1500));
    expect(await wallet()).toEqual({ balanceCents: 1000, heldCents: 0, disputedCents: 0 });
    expect((await ofType('card_refund')).map((e) => e.amountCents)).toEqual([-500]);
  });
});

describe('POST /admin/withdrawals/{id}/approve: what a withdrawal refunds', () => {
  const approve = (id: string, body: unknown = {}) => invoke('POST /admin/withdrawals/{id}/approve', { token: admin.token, params: { id }, body });
  const ask = async (amount: number) => {
    const res = await invoke('POST /wallet/withdrawals', { token: ann.token, body: { amount } });
    expect(res.statusCode, res.body).toBe(201);
    return String(res.json?.id);
  };

  it('waits while a dispute is open: 409, nothing written', async () => {
    await cardTopUp(20);
    const { paymentIntent } = await cardTopUp(5);
    const id = await ask(10);
    await deliverSigned(opened(paymentIntent, 500));

    const res = await withoutWrites(() => approve(id, { note: 'bank transfer' }));

    expect(res.statusCode).toBe(409);
    expect(res.json?.message).toContain('the withdrawal waits until the dispute is decided');
  });

  it('never refunds a disputed payment, even once won: the refund comes from the others, the rest by hand', async () => {
    const older = await cardTopUp(5);
    const disputed = await cardTopUp(10);
    await deliverSigned(opened(disputed.paymentIntent, 1000));
    await deliverSigned(closed(disputed.paymentIntent, 1000, 'won'));
    const id = await ask(12);

    const bare = await withoutWrites(() => approve(id));
    expect(bare.statusCode).toBe(400);
    const res = await approve(id, { note: 'Sent $7.00 by bank transfer' });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({ status: 'approved', refunds: [{ amountCents: 500, done: true }], byHandCents: 700 });
    expect(await getEntry(ann.id, disputed.entryId)).not.toHaveProperty('refundedCents');
    expect(await getEntry(ann.id, older.entryId)).toMatchObject({ refundedCents: 500 });
  });

  it('never refunds an adjustment\u2019s credit to a card: card money spent, then credited by an admin, goes by hand', async () => {
    const { entryId } = await cardTopUp(10);
    const adjust = (amountCents: number) =>
      invoke('POST /admin/users/{id}/adjustments', {
        token: admin.token,
        params: { id: ann.id },
        headers: { 'idempotency-key': idempotencyKey() },
        body: { amountCents, reason: amountCents < 0 ? 'Spent' : 'Goodwill credit' },
      });
    expect((await adjust(-1000)).statusCode).toBe(201);
    expect((await adjust(1000)).statusCode).toBe(201);
    const id = await ask(10);

    const bare = await withoutWrites(() => approve(id));
    expect(bare.statusCode).toBe(400);
    expect(bare.json?.message).toContain('$10.00 of this request cannot go back as card refunds');
    const res = await approve(id, { note: 'Paid by bank transfer' });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({ refunds: [], byHandCents: 1000 });
    expect(await getEntry(ann.id, entryId)).not.toHaveProperty('refundedCents');
  });
});
