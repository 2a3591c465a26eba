/**
 * THE wallet: the only code that writes a user's `balanceCents`. Every change is a list of named
 * transaction steps (functions/data/client.ts `transact`): the balance update and the ledger entry
 * that explains it always travel together, with the admin figures (stats) that sum the balances.
 * Callers compose these steps with their own (an order, a webhook's event record) into one
 * transaction, and read a cancellation by step name: `wallet.balance` failing means the balance
 * was short (a debit) or the account is gone (a credit); `wallet.entry` means the entry was not in
 * the state the step expected (already settled, another amount).
 *
 * So for every user the completed entries sum to the balance, whatever fails or runs concurrently.
 *
 * Withdrawals hold money: a hold moves cents from `balanceCents` (spendable) to `heldCents` in one
 * update, with a pending `withdrawal` entry of minus that amount. Every debit's condition looks at
 * `balanceCents` alone, so held money can never be spent, with no arithmetic in any condition.
 * Paying out completes the entry and lowers `heldCents`; a refusal fails the entry and moves the
 * cents back. So the completed entries sum to `balanceCents + heldCents` (what we owe the user),
 * and the pending withdrawal entries to `-heldCents`; the admin figures count what we owe.
 *
 * Card disputes hold money too, without asking: a dispute opened at the card holder's bank moves
 * its amount from `balanceCents` to `disputedCents` with a pending `dispute` entry, and the balance
 * may go below zero (the money left us with the dispute, whether or not the user still has it). A
 * negative balance covers no debit, so purchases and withdrawals wait until it is positive again.
 * A dispute won cancels the entry and moves the cents back; a dispute lost completes the entry and
 * lowers `disputedCents`. A card refund made in Stripe's dashboard is a completed `card_refund`
 * debit that may also go below zero (a label refunded to the card that paid for it has one too,
 * tied to its order, in the transaction of its refund credit: never below zero), and so is a carrier's postage adjustment (the carrier took the
 * money from our account after weighing the label): these are the only ways below zero, and
 * nothing a user does takes the balance there. So, in full:
 *
 *   completed entries         = balanceCents + heldCents + disputedCents
 *   pending withdrawal entries = -heldCents
 *   pending dispute entries    = -disputedCents
 *
 * and the admin figures count `balanceCents + heldCents + disputedCents` (money under dispute is
 * still counted as owed until the dispute is lost).
 *
 * Every change is worked out against the wallet as read (a WalletAccount) and its balance update is
 * conditioned on `balanceCents` still being what was read. So each entry stores the spendable
 * balance right after it (`balanceAfterCents`, what a receipt prints) and each change records its
 * day's closing balance (./closing-balances.ts), both exact in the order DynamoDB applied the
 * changes. `transactWallet` is the one place that reads the wallet, builds the change and, when the
 * balance moved in between, reads again and rebuilds.
 */
import type { EntryType, LedgerEntry } from '../../domain/api/wallet';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, steps, tableName, transact, type Step } from '../data/client';
import { statsItems, type StatsChange } from '../data/stats';
import { closingStep } from './closing-balances';
import { entryKey, entryStep, newEntry, paymentIntentRefStep, type EntryOwner, type StoredEntry } from './ledger';

const userKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' });

/** A wallet's three balances, as read (functions/data/users.ts keeps them on the user's profile). */
export interface Balances {
  balanceCents: number;
  heldCents: number;
  disputedCents: number;
}

/** Whose wallet a change moves (and who acted), with its balances as read: what the change is worked out against. */
export type WalletAccount = EntryOwner & Balances;

/**
 * The condition that pins the spendable balance at `before`, the figure read (an account that never
 * had money has no attribute yet). With it, `before + delta` is exactly the balance after the change.
 */
const pinned = (before: number) => (before === 0 ? '(attribute_not_exists(balanceCents) OR balanceCents = :before)' : 'balanceCents = :before');

/** `entry` with the spendable balance right after it. */
const withBalanceAfter = (entry: LedgerEntry, afterCents: number): StoredEntry => ({ ...entry, balanceAfterCents: afterCents });

/** The day's closing balance, when the spendable balance moves at all. */
const closing = (account: WalletAccount, deltaCents: number, at = new Date()): Step[] =>
  deltaCents === 0 ? [] : [closingStep(account.id, account.balanceCents, account.balanceCents + deltaCents, at)];

/**
 * The step named `wallet.balance`: `update` on the account, only under `condition` and while the
 * balance is still the figure read, with the day's closing balance when the spendable balance moves
 * by `spendableDelta`. Every balance step is one of these.
 */
function accountStep(account: WalletAccount, update: string, condition: string, values: Record<string, number>, spendableDelta: number): Step[] {
  const before = account.balanceCents;
  return [
    {
      name: 'wallet.balance',
      item: {
        Update: {
          TableName: tableName(),
          Key: userKey(account.id),
          UpdateExpression: `${update}, version = version + :one`,
          ConditionExpression: `${condition} AND ${pinned(before)}`,
          ExpressionAttributeValues: { ...values, ':one': 1, ':before': before },
        },
      },
    },
    ...closing(account, spendableDelta),
  ];
}

/** Adds `deltaCents` to the balance (an account that never had money counts as 0). A debit may not take it below zero; a credit needs the account to exist. */
const balanceStep = (account: WalletAccount, deltaCents: number, condition: 'covers' | 'exists'): Step[] =>
  condition === 'covers'
    ? accountStep(
        account,
        'SET balanceCents = if_not_exists(balanceCents, :zero) + :delta',
        'balanceCents >= :cover',
        { ':delta': deltaCents, ':zero': 0, ':cover': -deltaCents },
        deltaCents,
      )
    : accountStep(
        account,
        'SET balanceCents = if_not_exists(balanceCents, :zero) + :delta',
        'attribute_exists(pk)',
        { ':delta': deltaCents, ':zero': 0 },
        deltaCents,
      );

/**
 * The step named `wallet.balance` of a change that completes entries without moving the balance (a
 * card paying exactly for its label): a check that the balance is still the figure read, so the
 * entries' balance after is exact.
 */
function unchangedBalanceStep(account: WalletAccount): Step {
  return {
    name: 'wallet.balance',
    item: {
      ConditionCheck: {
        TableName: tableName(),
        Key: userKey(account.id),
        ConditionExpression: `attribute_exists(pk) AND ${pinned(account.balanceCents)}`,
        ExpressionAttributeValues: { ':before': account.balanceCents },
      },
    },
  };
}

/** How many times a change is built again when the balance moved between its read and its write. */
const WALLET_ATTEMPTS = 6;

/** Reads `userId`'s balances (strongly consistent: a change is worked out against the latest). */
export async function readBalances(userId: string): Promise<Balances | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: userKey(userId), ConsistentRead: true, ProjectionExpression: 'balanceCents, heldCents, disputedCents' }),
  );
  return Item
    ? { balanceCents: Number(Item.balanceCents ?? 0), heldCents: Number(Item.heldCents ?? 0), disputedCents: Number(Item.disputedCents ?? 0) }
    : undefined;
}

/**
 * The changes of each account under way in this process, one after another: the rows of a batch
 * (bought several at once by one worker) would otherwise refuse each other's pinned balance and
 * spend their transactions building again. Changes from other processes meet the pin.
 */
const underWay = new Map<string, Promise<unknown>>();

/**
 * Runs the transaction `build` makes for `owner`'s wallet as read: `balances` when the caller has
 * just read them (the purchase that read the account to price it) and no other change of the account
 * came first in this process, else a fresh read. When DynamoDB cancels it on `wallet.balance` and the
 * balance has moved since (another change came first), reads again and builds again; any other
 * outcome is the caller's, as `transact` answers it (`wallet.balance` then means what its condition
 * says: short, or no such account). A wallet that keeps moving under every try ends in an error
 * thrown: nothing was written, and the request may be sent again.
 */
export async function transactWallet(owner: EntryOwner, build: (account: WalletAccount) => Step[], balances?: Balances): ReturnType<typeof transact> {
  const before = underWay.get(owner.id);
  const mine = (before ?? Promise.resolve()).then(() => changeWallet(owner, build, before ? undefined : balances));
  const settled = mine.catch(() => undefined);
  underWay.set(owner.id, settled);
  try {
    return await mine;
  } finally {
    if (underWay.get(owner.id) === settled) underWay.delete(owner.id);
  }
}

async function changeWallet(owner: EntryOwner, build: (account: WalletAccount) => Step[], balances?: Balances): ReturnType<typeof transact> {
  const identity: EntryOwner = { id: owner.id, name: owner.name, email: owner.email, ...(owner.actor ? { actor: owner.actor } : {}) };
  let read = balances ?? (await readBalances(owner.id));
  for (let attempt = 1; ; attempt++) {
    // An account that is gone: the change is built on zeros, and its `exists` condition refuses it.
    const result = await transact(build({ ...identity, ...(read ?? { balanceCents: 0, heldCents: 0, disputedCents: 0 }) }));
    if (result.ok || !result.failed.has('wallet.balance') || !read) return result;
    const now = await readBalances(owner.id);
    const moved = now && (now.balanceCents !== read.balanceCents || now.heldCents !== read.heldCents || now.disputedCents !== read.disputedCents);
    if (!moved) return result;
    if (attempt >= WALLET_ATTEMPTS) throw new Error(`the wallet of ${owner.id} kept changing under ${WALLET_ATTEMPTS} tries`);
    read = now;
  }
}

/** The lookup from a card payment's PaymentIntent to its entry, when there is one. */
const intentRef = (paymentIntent: string | undefined, userId: string, entryId: string): Step[] =>
  paymentIntent ? [paymentIntentRefStep(paymentIntent, userId, entryId)] : [];

const completedNow = (entry: LedgerEntry): LedgerEntry => ({ ...entry, status: 'completed', completedAt: entry.createdAt });

const statsSteps = (change: StatsChange): Step[] => steps('stats', statsItems(change));

/** What a wallet debit or credit is for: a label order, paid from or refunded to the wallet. */
export interface WalletMove {
  amountCents: number;
  orderId: string;
}

/** The completed debit entry of `move` (the label it pays for). */
const labelDebitEntry = (user: EntryOwner, move: WalletMove) =>
  completedNow(
    newEntry(user, { amountCents: -move.amountCents, type: 'label', creditType: 'Credits', paymentType: 'WALLET', provider: 'wallet', orderId: move.orderId }),
  );

/** Pays for a label from the wallet: fails as `wallet.balance` when the balance is short. */
export const debit = (account: WalletAccount, move: WalletMove): Step[] => debitMany(account, [move]);

/**
 * Pays for several labels from the wallet at once (a batch's rows): one debit entry per label, each
 * with the balance right after it in their order, and one balance update of their sum, which fails
 * as `wallet.balance` when the balance does not cover them all (then none is paid).
 */
export function debitMany(account: WalletAccount, moves: readonly WalletMove[]): Step[] {
  let after = account.balanceCents;
  const entries = moves.map((move) => entryStep(withBalanceAfter(labelDebitEntry(account, move), (after -= move.amountCents))));
  const total = account.balanceCents - after;
  return [...balanceStep(account, -total, 'covers'), ...entries, ...statsSteps({ balanceCents: -total })];
}

/** The completed wallet entry of a credit of `type` (a refund of `move`'s label). */
const creditEntry = (user: EntryOwner, type: Exclude<EntryType, 'label'>, move: WalletMove) =>
  completedNow(
    newEntry(user, { amountCents: move.amountCents, type, creditType: 'Credits', paymentType: 'WALLET', provider: 'wallet', orderId: move.orderId }),
  );

/** Credits the wallet with a completed entry of `type` (a refund); `also` moves more admin figures in the same stats update. */
function credit(account: WalletAccount, type: Exclude<EntryType, 'label'>, move: WalletMove, also: StatsChange = {}): Step[] {
  const entry = withBalanceAfter(creditEntry(account, type, move), account.balanceCents + move.amountCents);
  return [...balanceStep(account, move.amountCents, 'exists'), entryStep(entry), ...statsSteps({ ...also, balanceCents: move.amountCents })];
}

/**
 * Gives a label's price back to the wallet (the carrier failed, or refunded an unused label).
 * `also`: other admin figures the refund moves (a refunded real label's margin), in the same stats
 * update, since a transaction may touch a stats shard only once.
 */
export const refund = (account: WalletAccount, move: WalletMove, also: StatsChange = {}): Step[] => credit(account, 'refund', move, also);

/**
 * A label's refund whose card part went back to the card that paid for it: the wallet's `refund`
 * entry of the whole price and a completed `card_refund` entry (tied to the order) of minus the
 * card's part, with ONE balance update of their difference (one operation per item in a
 * transaction), so the wallet keeps only what the card did not pay. `also` as for refund.
 */
export function refundToCard(account: WalletAccount, move: WalletMove, card: { cents: number; reason: string }, also: StatsChange = {}): Step[] {
  const credited = withBalanceAfter(creditEntry(account, 'refund', move), account.balanceCents + move.amountCents);
  const delta = move.amountCents - card.cents;
  const debited = completedNow({
    ...newEntry(account, {
      amountCents: -card.cents,
      type: 'card_refund',
      creditType: 'Card',
      paymentType: 'WALLET',
      provider: 'stripe',
      orderId: move.orderId,
    }),
    reason: card.reason,
  });
  return [
    ...balanceStep(account, delta, 'exists'),
    entryStep(credited),
    { ...entryStep(withBalanceAfter(debited, account.balanceCents + delta)), name: 'wallet.cardRefundEntry' },
    ...statsSteps({ ...also, balanceCents: delta }),
  ];
}

/**
 * The step that ends a pending entry; completing also requires the amount it was made for. `also`
 * sets more of the entry's fields (a top-up's PaymentIntent, a refused withdrawal's reason).
 */
function endPendingStep(
  entry: Pick<LedgerEntry, 'userId' | 'id'> & { amountCents?: number },
  outcome: 'completed' | 'failed' | 'cancelled',
  now: string,
  also: Partial<Pick<LedgerEntry, 'paymentIntent' | 'reason'> & { balanceAfterCents: number }> = {},
): Step {
  const completing = outcome === 'completed';
  const extra = Object.entries(also).filter(([, v]) => (typeof v === 'string' && v !== '') || typeof v === 'number');
  return {
    name: 'wallet.entry',
    item: {
      Update: {
        TableName: tableName(),
        Key: entryKey(entry.userId, entry.id),
        UpdateExpression: ['SET #status = :outcome, completedAt = :now', ...extra.map(([k]) => `${k} = :${k}`)].join(', '),
        ConditionExpression: completing ? '#status = :pending AND amountCents = :amount' : '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':outcome': outcome,
          ':now': now,
          ':pending': 'pending',
          ...(completing ? { ':amount': entry.amountCents } : {}),
          ...Object.fromEntries(extra.map(([k, v]) => [`:${k}`, v])),
        },
      },
    },
  };
}

/**
 * Completes a pending top-up: credits its amount to the balance and counts it in the admin figures.
 * A card top-up keeps Stripe's PaymentIntent, so a withdrawal can refund it later, and a lookup
 * from it, so a dispute or a dashboard refund of it finds the entry.
 */
export function completeTopUp(account: WalletAccount, entry: LedgerEntry, now: string, paymentIntent?: string): Step[] {
  return [
    endPendingStep(entry, 'completed', now, { paymentIntent, balanceAfterCents: account.balanceCents + entry.amountCents }),
    ...intentRef(paymentIntent, entry.userId, entry.id),
    ...balanceStep(account, entry.amountCents, 'exists'),
    ...statsSteps({ balanceCents: entry.amountCents, topUps: 1, topUpCents: entry.amountCents }),
  ];
}

/**
 * Ends a pending top-up that was not paid: `failed` (the payment was refused) or `cancelled` (the
 * payer left the checkout, or it expired unpaid). No money moves either way, so the entry's key is
 * enough (no read first).
 */
export const failTopUp = (entry: Pick<LedgerEntry, 'userId' | 'id'>, now: string, outcome: 'failed' | 'cancelled' = 'failed'): Step[] => [
  endPendingStep(entry, outcome, now),
];

/**
 * A card payment made for one label: the pending payment entry completes (+price) and the label's
 * debit entry is written (-price) in the same transaction. They cancel out, so the balance is only
 * checked, not changed (the entries' balance after is exact). Fails as `wallet.entry` when the
 * payment is no longer pending or was for another amount.
 */
export function settleAndSpend(account: WalletAccount, paymentEntryId: string, move: WalletMove, now: string, paymentIntent?: string): Step[] {
  const before = account.balanceCents;
  return [
    endPendingStep({ userId: account.id, id: paymentEntryId, amountCents: move.amountCents }, 'completed', now, {
      paymentIntent,
      balanceAfterCents: before + move.amountCents,
    }),
    ...intentRef(paymentIntent, account.id, paymentEntryId),
    unchangedBalanceStep(account),
    { ...entryStep(withBalanceAfter(labelDebitEntry(account, move), before)), name: 'wallet.debitEntry' },
  ];
}

/**
 * A card payment of a label's shortfall: the pending top-up completes (+topUpCents) and
 * the label's debit entry is written (-price), with ONE balance update of their difference (DynamoDB
 * allows one operation per item in a transaction) on the condition that the balance still covers
 * what the card did not pay (price - topUpCents). Fails as `wallet.balance` when it no longer does
 * (spent meanwhile): the caller then completes the top-up alone (completeTopUp) and fails the order,
 * and as `wallet.entry` when the payment is no longer pending or was for another amount.
 */
export function settleShortfallAndSpend(
  account: WalletAccount,
  payment: { id: string; amountCents: number },
  move: WalletMove,
  now: string,
  paymentIntent?: string,
): Step[] {
  const before = account.balanceCents;
  const delta = payment.amountCents - move.amountCents;
  return [
    endPendingStep({ userId: account.id, id: payment.id, amountCents: payment.amountCents }, 'completed', now, {
      paymentIntent,
      balanceAfterCents: before + payment.amountCents,
    }),
    ...intentRef(paymentIntent, account.id, payment.id),
    ...balanceStep(account, delta, 'covers'),
    { ...entryStep(withBalanceAfter(labelDebitEntry(account, move), before + delta)), name: 'wallet.debitEntry' },
    ...statsSteps({ balanceCents: delta, topUps: 1, topUpCents: payment.amountCents }),
  ];
}

/**
 * The step named `wallet.balance` that moves `cents` between spendable and held: `hold` takes them
 * from the balance (which must cover them), `release` gives them back, `payOut` lets them go.
 */
function holdStep(account: WalletAccount, cents: number, move: 'hold' | 'release' | 'payOut'): Step[] {
  if (move === 'hold')
    return accountStep(
      account,
      'SET balanceCents = balanceCents - :cents, heldCents = if_not_exists(heldCents, :zero) + :cents',
      'balanceCents >= :cents',
      { ':cents': cents, ':zero': 0 },
      -cents,
    );
  if (move === 'release')
    return accountStep(account, 'SET balanceCents = balanceCents + :cents, heldCents = heldCents - :cents', 'heldCents >= :cents', { ':cents': cents }, cents);
  return accountStep(account, 'SET heldCents = heldCents - :cents', 'heldCents >= :cents', { ':cents': cents }, 0);
}

/** What a withdrawal's steps need of it: its id (also its entry's), its owner and the amount asked. */
export interface HeldWithdrawal {
  id: string;
  userId: string;
  amountCents: number;
}

/**
 * Puts `amountCents` on hold for withdrawal `withdrawalId`: spendable down, held up, and its pending
 * `withdrawal` entry (same id, minus the amount). Fails as `wallet.balance` when the spendable
 * balance is short. The admin figures do not move: we still owe the money.
 */
export function holdForWithdrawal(account: WalletAccount, withdrawalId: string, amountCents: number): Step[] {
  const entry = {
    ...newEntry(account, { amountCents: -amountCents, type: 'withdrawal', creditType: 'Credits', paymentType: 'WALLET', provider: 'wallet' }),
    id: withdrawalId,
  };
  return [...holdStep(account, amountCents, 'hold'), entryStep(entry)];
}

/** A refused withdrawal: its entry fails (carrying the reason the user reads) and the held cents go back to the balance. */
export const releaseHold = (account: WalletAccount, w: HeldWithdrawal, reason: string, now: string): Step[] => [
  endPendingStep({ userId: w.userId, id: w.id }, 'failed', now, { reason }),
  ...holdStep(account, w.amountCents, 'release'),
];

/**
 * Part of a withdrawal that will not be paid back (its card payment is disputed): `cents` go back
 * from held to the balance (where the dispute's own hold takes them), and the pending entry shrinks
 * to the rest, only if it still holds the amount read.
 */
export function shrinkHold(account: WalletAccount, w: HeldWithdrawal, cents: number): Step[] {
  return [
    {
      name: 'wallet.entry',
      item: {
        Update: {
          TableName: tableName(),
          Key: entryKey(w.userId, w.id),
          UpdateExpression: 'SET amountCents = :after',
          ConditionExpression: '#status = :pending AND amountCents = :before',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':after': -(w.amountCents - cents), ':before': -w.amountCents, ':pending': 'pending' },
        },
      },
    },
    ...holdStep(account, cents, 'release'),
  ];
}

/** A paid-back withdrawal: its entry completes, the held cents leave the wallet and the admin figures. */
export const payOutHold = (account: WalletAccount, w: HeldWithdrawal, now: string): Step[] => [
  endPendingStep({ userId: w.userId, id: w.id, amountCents: -w.amountCents }, 'completed', now, { balanceAfterCents: account.balanceCents }),
  ...holdStep(account, w.amountCents, 'payOut'),
  ...statsSteps({ balanceCents: -w.amountCents }),
];

/** The completed `adjustment` entry of an admin's adjustment, carrying the reason the user reads. */
export const adjustmentEntry = (user: EntryOwner, entryId: string, amountCents: number, reason: string): LedgerEntry =>
  completedNow({
    ...newEntry(user, { amountCents, type: 'adjustment', creditType: 'Credits', paymentType: 'WALLET', provider: 'wallet' }),
    id: entryId,
    reason,
  });

/**
 * An admin's adjustment with its entry (adjustmentEntry; credit > 0, debit < 0). A debit fails as
 * `wallet.balance` when it would take the spendable balance below zero; a credit when the account is gone.
 */
export function adjust(account: WalletAccount, entry: LedgerEntry): Step[] {
  const { amountCents } = entry;
  return [
    ...balanceStep(account, amountCents, amountCents < 0 ? 'covers' : 'exists'),
    entryStep(withBalanceAfter(entry, account.balanceCents + amountCents)),
    ...statsSteps({ balanceCents: amountCents }),
  ];
}

/**
 * `steps` with their balance update (`wallet.balance`) also conditioned on the account's `version`
 * being `version`, the one read: the audit log then records the exact balance before and after an
 * admin's action. A change in between (a purchase, another admin) fails the step as `wallet.balance`;
 * the caller reads the account again and retries.
 */
export function atVersion(list: Step[], version: number): Step[] {
  return list.map((s) => {
    const update = s.item.Update;
    if (s.name !== 'wallet.balance' || !update) return s;
    return {
      ...s,
      item: {
        Update: {
          ...update,
          ConditionExpression: `(${update.ConditionExpression ?? 'attribute_exists(pk)'}) AND version = :seenVersion`,
          ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':seenVersion': version },
        },
      },
    };
  });
}

/**
 * The step named `wallet.balance` that moves `cents` of a dispute: `hold` takes them from the
 * spendable balance whatever it holds (it may go below zero: the card holder's bank took the money
 * back already), `release` gives them back, `lose` lets them go.
 */
function disputeStep(account: WalletAccount, cents: number, move: 'hold' | 'release' | 'lose'): Step[] {
  if (move === 'hold')
    return accountStep(
      account,
      'SET balanceCents = if_not_exists(balanceCents, :zero) - :cents, disputedCents = if_not_exists(disputedCents, :zero) + :cents',
      'attribute_exists(pk)',
      { ':cents': cents, ':zero': 0 },
      -cents,
    );
  if (move === 'release')
    return accountStep(
      account,
      'SET balanceCents = balanceCents + :cents, disputedCents = disputedCents - :cents',
      'disputedCents >= :cents',
      { ':cents': cents },
      cents,
    );
  return accountStep(account, 'SET disputedCents = disputedCents - :cents', 'disputedCents >= :cents', { ':cents': cents }, 0);
}

/** A completed debit entry of `type` that may take the balance below zero (money that already left us through the card network). */
function forcedDebit(account: WalletAccount, type: 'dispute' | 'card_refund', entryId: string, cents: number, reason: string): Step[] {
  const entry = completedNow({
    ...newEntry(account, { amountCents: -cents, type, creditType: 'Card', paymentType: 'WALLET', provider: 'stripe' }),
    id: entryId,
    reason,
  });
  return [...balanceStep(account, -cents, 'exists'), entryStep(withBalanceAfter(entry, account.balanceCents - cents)), ...statsSteps({ balanceCents: -cents })];
}

/**
 * A dispute opened on a card payment: `cents` leave the spendable balance for `disputedCents`, even
 * below zero, with a pending `dispute` entry (id `entryId`) carrying the reason the user reads. The
 * admin figures do not move: the dispute may still be won.
 */
export function holdForDispute(account: WalletAccount, entryId: string, cents: number, reason: string): Step[] {
  const entry = {
    ...newEntry(account, { amountCents: -cents, type: 'dispute', creditType: 'Card', paymentType: 'WALLET', provider: 'stripe' }),
    id: entryId,
    reason,
  };
  return [...disputeStep(account, cents, 'hold'), entryStep(entry)];
}

/** What a dispute's closing steps need of its pending entry. */
export interface HeldDispute {
  userId: string;
  /** The pending `dispute` entry. */
  entryId: string;
  cents: number;
}

/** A dispute won: its entry is cancelled (with the reason) and the held cents go back to the balance. */
export const releaseDispute = (account: WalletAccount, d: HeldDispute, reason: string, now: string): Step[] => [
  endPendingStep({ userId: d.userId, id: d.entryId }, 'cancelled', now, { reason }),
  ...disputeStep(account, d.cents, 'release'),
];

/** A dispute lost: its entry completes (with the reason), the held cents leave the wallet and the admin figures. */
export const loseDispute = (account: WalletAccount, d: HeldDispute, reason: string, now: string): Step[] => [
  endPendingStep({ userId: d.userId, id: d.entryId, amountCents: -d.cents }, 'completed', now, { reason, balanceAfterCents: account.balanceCents }),
  ...disputeStep(account, d.cents, 'lose'),
  ...statsSteps({ balanceCents: -d.cents }),
];

/**
 * A dispute lost that was never held (its `closed` event came before its `created`): a completed
 * `dispute` debit that may take the balance below zero.
 */
export const debitLostDispute = (account: WalletAccount, entryId: string, cents: number, reason: string): Step[] =>
  forcedDebit(account, 'dispute', entryId, cents, reason);

/** A card payment refunded from Stripe's dashboard: a completed `card_refund` debit that may take the balance below zero. */
export const debitCardRefund = (account: WalletAccount, entryId: string, cents: number, reason: string): Step[] =>
  forcedDebit(account, 'card_refund', entryId, cents, reason);

/**
 * A carrier's postage adjustment of label `orderId`: `cents` above zero were charged after USPS
 * weighed or measured it (debited whatever the balance, even below zero: the carrier has taken them
 * from our account already), below zero given back. A completed `postage_adjustment` entry with the
 * carrier's reason.
 */
export function postageAdjustment(account: WalletAccount, entryId: string, orderId: string, cents: number, reason: string): Step[] {
  const entry = completedNow({
    ...newEntry(account, { amountCents: -cents, type: 'postage_adjustment', creditType: 'Credits', paymentType: 'WALLET', provider: 'wallet', orderId }),
    id: entryId,
    reason,
  });
  return [...balanceStep(account, -cents, 'exists'), entryStep(withBalanceAfter(entry, account.balanceCents - cents)), ...statsSteps({ balanceCents: -cents })];
}
