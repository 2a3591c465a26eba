/**
 * Withdrawals (the FAQ's "once a month"): a user asks for unused credit back, an admin
 * approves or rejects. Each step is one transaction of the request (data/withdrawals.ts) with the
 * wallet's hold steps (./wallet.ts), then a mail to the user.
 *
 * - Request: the request, its pointer, the per-user gate (one request per 30 days, race-proof by a
 *   condition on the gate as read) and the hold (spendable -> held, a pending entry).
 * - Approve: first a plan, in one transaction with the request's move to `approving`: refunds of the
 *   user's settled, undisputed card top-ups, newest first, each at most what that top-up still has
 *   unrefunded (reserved on the top-up's entry there and then), never more in all than the card
 *   money still in the wallet (ledger.ts cardMoneyOf: an adjustment's credit is never refunded to a
 *   card), and the rest paid by hand. While the user's wallet has a dispute open or is below zero,
 *   no approval starts (409): the dispute decides what is left to pay back. Then each refund at
 *   the card provider, with an idempotency key per withdrawal and top-up, recorded as it is made.
 *   Last, the request is `approved` and the hold paid out (entry completed, held cents gone). A
 *   failure anywhere leaves a request `approving` with what is done on record; approving it again
 *   resumes where it stopped, and the provider's idempotency makes a repeated refund the same one.
 *   A refund the provider refuses for good (a too old payment) joins the by-hand part, with the
 *   admin's note, so an approval can always finish; one refused because the payment is disputed is
 *   never paid by hand: it leaves the request (its cents go back to the balance, where the dispute's
 *   hold takes them), and a request with nothing left is rejected.
 * - Reject: the request is `rejected`, the hold goes back to the balance (the entry fails with the
 *   reason), and the month's turn is given back when it was this request's.
 *
 * Four eyes: no admin decides their own request (403). Approving a request over
 * WITHDRAWAL_SECOND_ADMIN_CENTS stores a pending approval instead (with its audit record) and the
 * request stays pending; the second admin's approval (./approvals.ts) starts the approval here, its
 * decision in the same transaction as the move to `approving`. The pay-out and a rejection each write
 * their audit record (the wallet before and after, pinned to the version read) in their own transaction.
 */
import { ulid } from 'ulid';
import type { Withdrawal, WithdrawalRefund } from '../../domain/api/wallet';
import type { Approval, Person } from '../../domain/audit';
import { WITHDRAWAL_INTERVAL_DAYS, WITHDRAWAL_SECOND_ADMIN_CENTS } from '../../domain/constants';
import { formatUsd } from '../../domain/money';
import { decideApprovalSteps, newApprovalSteps, openApprovalOf } from '../data/approvals';
import { auditStep, newAuditRecord } from '../data/audit';
import { transact, type Step } from '../data/client';
import { getUserById } from '../data/users';
import {
  findWithdrawal,
  withdrawalIsStep,
  getWithdrawalGate,
  moveWithdrawalStep,
  newWithdrawalSteps,
  refundByHandStep,
  leaveOutRefundStep,
  refundMadeStep,
  reopenGateStep,
  type WithdrawalGate,
} from '../data/withdrawals';
import { Conflict, Forbidden, InsufficientBalance, InvalidRequest, NotFound, RefundRefused, Unauthorized } from '../errors';
import type { Logger } from '../observability/logger';
import { tellUser } from '../providers/registry/mail';
import { getCardCheckout } from '../providers/registry/payments';
import { cardMoneyOf, getEntry, releaseRefundStep, reserveRefundStep, unrefundedCents } from './ledger';
import { figuresOf } from './adjustments';
import { atVersion, holdForWithdrawal, payOutHold, releaseHold, shrinkHold } from './wallet';

export const OWN_WITHDRAWAL_MESSAGE = 'You cannot decide your own withdrawal request: ask another admin to do it.';

/** Who decides a request: the admin, and for a second admin's approval, its decision's steps and the first admin. */
export interface Decider {
  admin: Person;
  approval?: { steps: Step[]; requestedBy: Person };
}

const DAY_MS = 86_400_000;
/** At most this many card refunds per approval (a TransactWrite holds 100 items); the rest is paid by hand. */
const MAX_REFUNDS = 20;
/** Tries of a transaction whose condition lost a race with another request (a re-read settles it). */
const RACE_TRIES = 3;

const day = (iso: string) => iso.slice(0, 10);

/** When the user may ask again after a request made at `lastRequestAt`. */
const nextTurn = (lastRequestAt: string) => new Date(Date.parse(lastRequestAt) + WITHDRAWAL_INTERVAL_DAYS * DAY_MS).toISOString();

const tooSoon = (gate: WithdrawalGate) =>
  new Conflict(`You can ask for one withdrawal every ${WITHDRAWAL_INTERVAL_DAYS} days. Your next request can be made on ${day(nextTurn(gate.lastRequestAt))}.`);

const short = (availableCents: number) =>
  new InsufficientBalance(`You can withdraw at most ${formatUsd(availableCents)}, your available balance (money on hold and spent is not available).`);

/**
 * Places a hold of `amountCents` for a new withdrawal request of `userId`. 402 when the spendable
 * balance is short, 409 when the user asked less than 30 days ago (a rejected request does not count).
 */
export async function requestWithdrawal(userId: string, amountCents: number, log: Logger): Promise<Withdrawal> {
  for (let attempt = 1; ; attempt++) {
    const [user, gate] = await Promise.all([getUserById(userId, { consistent: true }), getWithdrawalGate(userId)]);
    if (!user) throw new Unauthorized();
    const now = new Date();
    if (gate && Date.parse(nextTurn(gate.lastRequestAt)) > now.getTime()) throw tooSoon(gate);
    if (amountCents > user.balanceCents) throw short(user.balanceCents);

    const w: Withdrawal = {
      id: ulid(),
      userId,
      userName: user.name,
      userEmail: user.email,
      amountCents,
      status: 'pending',
      createdAt: now.toISOString(),
      decidedAt: null,
      completedAt: null,
      note: null,
      reason: null,
      refunds: [],
      byHandCents: 0,
    };
    const done = await transact([...newWithdrawalSteps(w, gate), ...holdForWithdrawal(user, w.id, amountCents)]);
    if (done.ok) {
      await tellUser(
        user.email,
        'We received your withdrawal request',
        [
          `Hello ${user.name},`,
          '',
          `We received your request to withdraw ${formatUsd(amountCents)} from your PrepaidShip wallet (request ${w.id}).`,
          'That amount is on hold: it stays in your balance but cannot be spent while we review the request.',
          'We pay it back to the card you topped up with when we can, or another way we agree with you.',
        ],
        log,
      );
      return w;
    }
    // Another request, purchase or withdrawal moved the gate or the balance since they were read:
    // read again, which either refuses with the reason or tries once more on the new figures.
    if (attempt >= RACE_TRIES) throw new Conflict('Your wallet changed while we placed the hold. Please try again.');
  }
}

/**
 * The refunds that pay `amountCents` back: the user's refundable card top-ups, newest first, each up
 * to what it has left, and all of them up to the card money still in the wallet. 409 while a
 * dispute is open or the balance is below zero: a disputed payment may take back money this
 * request holds.
 */
async function planRefunds(w: Withdrawal) {
  const user = await getUserById(w.userId, { consistent: true });
  if (!user) throw new NotFound('Withdrawal request not found');
  if (user.disputedCents > 0 || user.balanceCents < 0) {
    throw new Conflict(
      `This user's wallet has a card dispute open or a balance below zero (${formatUsd(user.balanceCents)} available, ${formatUsd(user.disputedCents)} under dispute): the withdrawal waits until the dispute is decided. Approve it then, or reject it.`,
    );
  }
  const money = await cardMoneyOf(w.userId);
  const plan: { refund: WithdrawalRefund; step: ReturnType<typeof reserveRefundStep> }[] = [];
  let cardLeft = Math.max(0, user.balanceCents + user.heldCents - money.otherCreditsCents);
  let left = w.amountCents;
  for (const topUp of money.topUps) {
    if (left === 0 || cardLeft === 0 || plan.length === MAX_REFUNDS) break;
    const cents = Math.min(left, cardLeft, unrefundedCents(topUp));
    plan.push({
      refund: { topUpId: topUp.id, paymentIntent: topUp.paymentIntent as string, amountCents: cents, refundId: null },
      step: reserveRefundStep(topUp, cents),
    });
    left -= cents;
    cardLeft -= cents;
  }
  return { plan, byHandCents: left };
}

/**
 * pending -> approving, with the plan and its reservations on the top-ups, and `decision` (a second
 * admin's approval, decided only if this starts); answers the request as it then is.
 */
async function startApproval(w: Withdrawal, note: string | undefined, decision: Step[]): Promise<Withdrawal> {
  for (let attempt = 1; ; attempt++) {
    const { plan, byHandCents } = await planRefunds(w);
    if (byHandCents > 0 && !note) {
      throw new InvalidRequest(
        `${formatUsd(byHandCents)} of this request cannot go back as card refunds (it is not card money left in the wallet: adjustments, crypto top-ups, refunds): pay it another way and say how in the note.`,
      );
    }
    const fields = { decidedAt: new Date().toISOString(), note: note ?? null, refunds: plan.map((p) => p.refund), byHandCents };
    const done = await transact([moveWithdrawalStep(w, 'pending', 'approving', fields), ...plan.map((p) => p.step), ...decision]);
    if (done.ok) return { ...w, ...fields, status: 'approving' };
    if (done.failed.has('approval') || done.failed.has('approval.guard')) throw new Conflict('This approval was already decided.');
    const now = await findWithdrawal(w.id);
    // Another admin moved it first: carry on from its state (approving resumes, a decided one is refused).
    if (done.failed.has('withdrawal') || !now || now.status !== 'pending') return decided(now);
    // A top-up's refunded figure changed since it was read: plan again on the new figures.
    if (attempt >= RACE_TRIES) throw new Conflict('The card payments changed while we planned the refunds. Please try again.');
  }
}

/** A request someone else moved on: an approval under way continues; anything else is final. */
function decided(w: Withdrawal | undefined): Withdrawal {
  if (!w) throw new NotFound('Withdrawal request not found');
  if (w.status === 'approving') return w;
  throw new Conflict(`This withdrawal request was already ${w.status}.`);
}

/**
 * Makes each planned refund not yet made, recording each as soon as the provider has made it. A
 * refund the provider refuses for good goes to the by-hand part instead (see payByHandInstead); a
 * provider that may answer later (ProviderUnavailable) stops here, resumable.
 */
async function makeRefunds(w: Withdrawal, note: string | undefined, log: Logger, by: Decider): Promise<Withdrawal> {
  let current = w;
  let races = 0;
  const startOver = async (): Promise<[Withdrawal, number]> => {
    if (++races >= RACE_TRIES) throw new Conflict('This withdrawal request changed while it was being approved. Please reload it.');
    return [decided(await findWithdrawal(w.id)), 0];
  };
  for (let index = 0; index < current.refunds.length;) {
    const r = current.refunds[index] as WithdrawalRefund;
    if (r.refundId) {
      index++;
      continue;
    }
    let id: string;
    try {
      ({ id } = await getCardCheckout().refund({
        paymentIntent: r.paymentIntent,
        amountCents: r.amountCents,
        idempotencyKey: `prepaidship-withdrawal-${w.id}-${r.topUpId}`,
        metadata: { userId: w.userId, withdrawalId: w.id, topUpId: r.topUpId },
      }));
    } catch (err) {
      if (!(err instanceof RefundRefused)) throw err;
      const moved = err.reason === DISPUTED ? await leaveOutDisputed(current, index, log, by) : await payByHandInstead(current, index, err, note, log);
      if (moved.ok && moved.withdrawal.status === 'rejected') return moved.withdrawal;
      // The same place now holds the next refund; after a lost race, start over on the request as stored.
      if (moved.ok) current = moved.withdrawal;
      else [current, index] = await startOver();
      continue;
    }
    const done = await transact([refundMadeStep(current, index, r.topUpId, id)]);
    if (!done.ok) {
      // Another approver moved the list or decided the request: carry on from what is stored (the
      // provider's idempotency answers this same refund again).
      [current, index] = await startOver();
      continue;
    }
    current = { ...current, refunds: current.refunds.map((x, i) => (i === index ? { ...r, refundId: id } : x)) };
    index++;
  }
  return current;
}

/**
 * Refund number `index` will never be made (a disputed or too old payment): its amount joins the
 * by-hand part, so the approval can still finish. That needs the admin's note saying how, as any
 * by-hand part does: without one in this call, 400 and nothing changes (approve again with a note).
 * The top-up keeps its reservation: that amount of it is paid back, by hand, and no later
 * withdrawal asks the provider again for a refund it refused.
 */
async function payByHandInstead(w: Withdrawal, index: number, refused: RefundRefused, note: string | undefined, log: Logger) {
  const r = w.refunds[index] as WithdrawalRefund;
  log.warn('card refund refused for good', { withdrawalId: w.id, topUpId: r.topUpId, amountCents: r.amountCents, detail: refused.detail });
  if (!note) {
    throw new InvalidRequest(
      `${refused.provider} refused to refund ${formatUsd(r.amountCents)} of this request (${refused.reason}): pay it another way and say how in the note, then approve again.`,
    );
  }
  const fields = { refunds: w.refunds.filter((_, i) => i !== index), byHandCents: w.byHandCents + r.amountCents, note };
  const done = await transact([refundByHandStep(w, index, r.topUpId, fields)]);
  return { ok: done.ok, withdrawal: { ...w, ...fields } };
}

/** Stripe's code for a refund refused because the card holder disputes the payment. */
const DISPUTED = 'charge_disputed';

/**
 * Refund number `index` will never be made because the card payment is disputed, and is never paid
 * by hand either (the card holder's bank is taking that money back already): it leaves the
 * request, its cents go back from held to the balance (where the dispute's hold takes them), and
 * the top-up's reservation is given back. With nothing left to pay, the request is rejected (the
 * month's turn given back). The reason says so to the user and the admin.
 */
async function leaveOutDisputed(w: Withdrawal, index: number, log: Logger, by: Decider): Promise<{ ok: boolean; withdrawal: Withdrawal }> {
  const r = w.refunds[index] as WithdrawalRefund;
  log.warn('card refund refused: the payment is disputed', { withdrawalId: w.id, topUpId: r.topUpId, amountCents: r.amountCents });
  const [topUp, user] = await Promise.all([getEntry(w.userId, r.topUpId), getUserById(w.userId, { consistent: true })]);
  if (!topUp || !user) throw new Conflict('This withdrawal request changed while it was being approved. Please reload it.');
  const reason = `${formatUsd(r.amountCents)} of this request was not paid back: the card payment it would refund is disputed at the card holder's bank, and a disputed payment is never refunded nor paid by hand.`;
  const now = new Date().toISOString();
  const rest = w.amountCents - r.amountCents;
  // Money moves from held back to the balance during the admin's approval: on the record, with the
  // wallet pinned to the version read (a wallet changed meanwhile fails the step; the caller reads again).
  const before = figuresOf(user);
  const record = auditStep(
    newAuditRecord({
      action: 'withdrawal.refund-left-out',
      actor: by.admin,
      subject: { id: w.userId, email: w.userEmail },
      amountCents: r.amountCents,
      before,
      after: { ...before, balanceCents: before.balanceCents + r.amountCents, heldCents: before.heldCents - r.amountCents },
      reason,
      ref: w.id,
      requestedBy: by.approval?.requestedBy ?? null,
    }),
  );
  if (rest === 0) {
    const gate = await getWithdrawalGate(w.userId);
    const fields = { completedAt: now, reason, refunds: [] };
    const done = await transact([
      moveWithdrawalStep(w, 'approving', 'rejected', fields),
      ...atVersion(releaseHold(user, w, reason, now), user.version),
      releaseRefundStep(topUp, r.amountCents),
      ...(gate?.lastRequestId === w.id ? [reopenGateStep(w.userId, w.id, gate)] : []),
      record,
    ]);
    return { ok: done.ok, withdrawal: { ...w, ...fields, status: 'rejected' } };
  }
  const fields = { refunds: w.refunds.filter((_, i) => i !== index), amountCents: rest, reason };
  const done = await transact([
    leaveOutRefundStep(w, index, r.topUpId, fields),
    ...atVersion(shrinkHold(user, w, r.amountCents), user.version),
    releaseRefundStep(topUp, r.amountCents),
    record,
  ]);
  return { ok: done.ok, withdrawal: { ...w, ...fields } };
}

/**
 * approving -> approved with the hold paid out, once, with its audit record (the wallet before and
 * after, pinned to the version read: a wallet changed meanwhile is read again); a concurrent
 * finisher's result is answered as it is.
 */
async function finishApproval(w: Withdrawal, by: Decider): Promise<{ withdrawal: Withdrawal; finished: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const user = await getUserById(w.userId, { consistent: true });
    if (!user) throw new NotFound('User not found');
    const completedAt = new Date().toISOString();
    const before = figuresOf(user);
    const record = newAuditRecord({
      action: 'withdrawal.approved',
      actor: by.admin,
      subject: { id: w.userId, email: w.userEmail },
      amountCents: w.amountCents,
      before,
      after: { ...before, heldCents: before.heldCents - w.amountCents },
      reason: w.byHandCents > 0 ? `${formatUsd(w.byHandCents)} paid by hand: ${w.note ?? ''}` : w.note,
      ref: w.id,
      requestedBy: by.approval?.requestedBy ?? null,
    });
    const done = await transact([
      moveWithdrawalStep(w, 'approving', 'approved', { completedAt }),
      ...atVersion(payOutHold(user, w, completedAt), user.version),
      auditStep(record),
    ]);
    if (done.ok) return { withdrawal: { ...w, status: 'approved', completedAt }, finished: true };
    const now = await findWithdrawal(w.id);
    if (now?.status === 'approved') return { withdrawal: now, finished: false };
    // The wallet changed since it was read (a purchase, a top-up): read it again.
    if (now?.status === 'approving' && done.failed.has('wallet.balance') && attempt < RACE_TRIES) continue;
    throw new Conflict('This withdrawal request changed while it was being approved. Please reload it.');
  }
}

/**
 * A first admin's approval of a request over the threshold: the pending approval (one per request:
 * a repeated click answers the open one) and its audit record, while the request is still pending.
 */
async function askSecondAdmin(w: Withdrawal, note: string | undefined, admin: Person): Promise<Approval> {
  for (let attempt = 1; ; attempt++) {
    const open = await openApprovalOf(w.id);
    if (open) return open;
    const user = await getUserById(w.userId, { consistent: true });
    if (!user) throw new NotFound('User not found');
    const approval: Approval = {
      id: ulid(),
      kind: 'withdrawal',
      status: 'pending',
      amountCents: w.amountCents,
      reason: note ?? null,
      subject: { id: w.userId, email: w.userEmail, name: w.userName },
      withdrawalId: w.id,
      requestedBy: admin,
      createdAt: new Date().toISOString(),
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      entryId: null,
    };
    const figures = figuresOf(user);
    const record = newAuditRecord({
      action: 'withdrawal.approval-requested',
      actor: admin,
      subject: { id: w.userId, email: w.userEmail },
      amountCents: w.amountCents,
      before: figures,
      after: figures,
      reason: note ?? null,
      ref: approval.id,
      requestedBy: null,
    });
    const done = await transact([withdrawalIsStep(w, 'pending'), ...newApprovalSteps(approval), auditStep(record)]);
    if (done.ok) return approval;
    if (done.failed.has('withdrawal')) decided(await findWithdrawal(w.id));
    // Another admin's click stored the approval first: answer it.
    if (attempt >= RACE_TRIES) throw new Conflict('This withdrawal request changed while it was being approved. Please reload it.');
  }
}

/**
 * Approves withdrawal `id` and pays it back (card refunds, the rest by hand as the note says), or
 * resumes an approval that stopped part way. Over the threshold, and not a second admin's approval,
 * the request stays pending and the answer carries the approval now waiting (`pendingApproval`).
 * 403 for the admin's own request, 404 for an unknown id, 409 once approved or rejected,
 * 400 when part must be paid by hand and no note says how (also when the card provider refuses a
 * refund for good: the request stays `approving`; approve again with a note), 502 when the card
 * provider fails for now (the request stays `approving`: approve again to resume).
 */
export async function approveWithdrawal(
  id: string,
  note: string | undefined,
  log: Logger,
  by: Decider,
): Promise<{ withdrawal: Withdrawal; pendingApproval: Approval | null }> {
  const found = await findWithdrawal(id);
  if (!found) throw new NotFound('Withdrawal request not found');
  if (found.userId === by.admin.id) throw new Forbidden(OWN_WITHDRAWAL_MESSAGE);
  if (by.approval && found.status !== 'pending') throw new Conflict(`This withdrawal request was already ${found.status}: reject this approval.`);
  if (found.status === 'pending' && found.amountCents > WITHDRAWAL_SECOND_ADMIN_CENTS && !by.approval) {
    return { withdrawal: found, pendingApproval: await askSecondAdmin(found, note, by.admin) };
  }
  let w = found.status === 'pending' ? await startApproval(found, note, by.approval?.steps ?? []) : decided(found);
  w = await makeRefunds(w, note, log, by);
  if (w.status === 'rejected') {
    await tellUser(
      w.userEmail,
      'Your withdrawal request was not approved',
      [`Hello ${w.userName},`, '', `Your withdrawal request ${w.id} was not approved: ${w.reason ?? ''}`, 'The amount is back in your balance.'],
      log,
    );
    return { withdrawal: w, pendingApproval: null };
  }
  const { withdrawal, finished } = await finishApproval(w, by);
  if (finished) {
    const carded = withdrawal.refunds.reduce((sum, r) => sum + r.amountCents, 0);
    await tellUser(
      withdrawal.userEmail,
      'Your withdrawal was approved',
      [
        `Hello ${withdrawal.userName},`,
        '',
        `Your withdrawal of ${formatUsd(withdrawal.amountCents)} (request ${withdrawal.id}) was approved and has left your wallet.`,
        ...(carded > 0 ? [`${formatUsd(carded)} was refunded to your card; your bank shows it within 5 to 10 business days.`] : []),
        ...(withdrawal.byHandCents > 0 ? [`${formatUsd(withdrawal.byHandCents)} is paid back another way: ${withdrawal.note ?? ''}`] : []),
        ...(withdrawal.reason ? [withdrawal.reason] : []),
      ],
      log,
    );
  }
  return { withdrawal, pendingApproval: null };
}

/**
 * Rejects withdrawal `id` with `reason`: the hold goes back to the balance, with the audit record, and
 * an approval waiting for a second admin is closed with it. 403 for the admin's own request, 404
 * unknown, 409 once decided.
 */
export async function rejectWithdrawal(id: string, reason: string, log: Logger, by: Decider): Promise<Withdrawal> {
  for (let attempt = 1; ; attempt++) {
    const w = await findWithdrawal(id);
    if (!w) throw new NotFound('Withdrawal request not found');
    if (w.userId === by.admin.id) throw new Forbidden(OWN_WITHDRAWAL_MESSAGE);
    if (w.status === 'approving') throw new Conflict('This withdrawal request is being paid back and can no longer be rejected.');
    if (w.status !== 'pending') throw new Conflict(`This withdrawal request was already ${w.status}.`);
    const [gate, user, open] = await Promise.all([getWithdrawalGate(w.userId), getUserById(w.userId, { consistent: true }), openApprovalOf(w.id)]);
    if (!user) throw new NotFound('User not found');
    const now = new Date().toISOString();
    const fields = { decidedAt: now, completedAt: now, reason };
    const before = figuresOf(user);
    const record = newAuditRecord({
      action: 'withdrawal.rejected',
      actor: by.admin,
      subject: { id: w.userId, email: w.userEmail },
      amountCents: w.amountCents,
      before,
      after: { ...before, balanceCents: before.balanceCents + w.amountCents, heldCents: before.heldCents - w.amountCents },
      reason,
      ref: w.id,
      requestedBy: null,
    });
    const done = await transact([
      moveWithdrawalStep(w, 'pending', 'rejected', fields),
      ...atVersion(releaseHold(user, w, reason, now), user.version),
      ...(gate?.lastRequestId === w.id ? [reopenGateStep(w.userId, w.id, gate)] : []),
      ...(open ? decideApprovalSteps(open, 'rejected', { decidedBy: by.admin, decidedAt: now, decisionReason: reason }) : []),
      auditStep(record),
    ]);
    if (done.ok) {
      await tellUser(
        w.userEmail,
        'Your withdrawal request was not approved',
        [
          `Hello ${w.userName},`,
          '',
          `Your request to withdraw ${formatUsd(w.amountCents)} (request ${w.id}) was not approved: ${reason}`,
          'The amount is back in your available balance.',
        ],
        log,
      );
      return { ...w, ...fields, status: 'rejected' };
    }
    // The request moved (read again: refused above) or the user's gate did (try again on the new one).
    if (attempt >= RACE_TRIES) throw new Conflict('This withdrawal request changed while it was being rejected. Please reload it.');
  }
}
