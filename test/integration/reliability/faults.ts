/**
 * DynamoDB faults at every step of the money flows, against DynamoDB Local through the real
 * handlers. For each flow the command sequence of a clean run is pinned first; then, for every
 * command N of it and every fault kind (throttling, timeouts before and after DynamoDB applied the
 * command, transaction conflicts), the N-th command fails once and we check:
 * - no money was created or lost: the user's ledger sums to the balance, every order is paid exactly
 *   once, and the admin stats moved by exactly what the user's balance and labels moved;
 * - the caller learned the truth: a 2xx only when the work is done, otherwise an answer it may retry
 *   (5xx, 409, 429 — expectRetryable explains why no other 4xx);
 * - the same request again (same Idempotency-Key, or the same webhook event) completes exactly once:
 *   one order, one debit, one credit.
 * Faults are injected by a middleware on the product's own `db` client (helpers.ts), removed after.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../functions/config';
import { closeLocalCheckout, getLocalCheckout } from '../../../functions/data/local-checkouts';
import { getTotals, type Totals } from '../../../functions/data/stats';
import { SHARDS } from '../../../functions/data/shards';
import { getLocalRefund } from '../../../functions/data/local-refunds';
import { createUser, getUserById } from '../../../functions/data/users';
import { createApiKey } from '../../../functions/data/api-keys';
import { handler as createCheckoutSession } from '../../../functions/handlers/payments/create-checkout-session';
import { handler as createTopup } from '../../../functions/handlers/payments/create-topup';
import { handler as hoodpayWebhook } from '../../../functions/handlers/payments/hoodpay-webhook';
import { handler as stripeWebhook } from '../../../functions/handlers/payments/stripe-webhook';
import { handler as createLabel } from '../../../functions/handlers/shipping/create-label';
import { handler as createReturnLabel } from '../../../functions/handlers/shipping/create-return-label';
import { listOutbox } from '../../../functions/data/outbox';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../functions/data/client';
import { PurchaseRefused } from '../../../functions/providers/carrier/carrier';
import { returnQuote } from '../return-label';
import { makeQuote } from '../../../functions/postage/quotes';
import { handler as adjustWallet } from '../../../functions/handlers/admin/adjust-wallet';
import { handler as approveWithdrawal } from '../../../functions/handlers/admin/approve-withdrawal';
import { handler as rejectWithdrawal } from '../../../functions/handlers/admin/reject-withdrawal';
import { handler as approveApproval } from '../../../functions/handlers/admin/approve-approval';
import { handler as rejectApproval } from '../../../functions/handlers/admin/reject-approval';
import { getApproval } from '../../../functions/data/approvals';
import { findAuditRecords } from '../../../functions/data/audit';
import { handler as requestWithdrawal } from '../../../functions/handlers/wallet/request-withdrawal';
import { handler as refundLabel } from '../../../functions/handlers/shipping/refund-label';
import { handler as downloadOrder } from '../../../functions/handlers/shipping/download-order';
import { handler as updateLabelFormat } from '../../../functions/handlers/auth/update-label-format';
import { labelFileKey } from '../../../functions/labels/label-files';
import { getLabelStore } from '../../../functions/providers/registry/blobs';
import { handler as createScanForm } from '../../../functions/handlers/shipping/create-scan-form';
import { handler as bookPickup } from '../../../functions/handlers/shipping/book-pickup';
import { handler as cancelPickup } from '../../../functions/handlers/shipping/cancel-pickup';
import { todayInEastern } from '../../../domain/ship-date';
import { handler as easyPostWebhook } from '../../../functions/handlers/tracking/easypost-webhook';
import { sandboxInvoiceEvent } from '../../../functions/postage/sandbox-adjustments';
import { getOrder, newOrder } from '../../../functions/data/orders';
import { inviteMember, joinTeam } from '../../../functions/data/members';
import { readMonths } from '../../../functions/data/savings';
import { failAndRefund, labelRequestOf } from '../../../functions/labels/buy-label';
import { recheckClosedPurchases } from '../../../functions/labels/closed-purchases';
import { placeCreditOrder, REFUNDED_BEFORE } from '../../../functions/labels/credit-orders';
import { dueRechecks } from '../../../functions/data/purchase-rechecks';
import { ProviderUnavailable } from '../../../functions/errors';
import { getCarrier as getRealCarrier } from '../../../functions/providers/registry/carrier';
import { settleRefunds } from '../../../functions/labels/label-refunds';
import { recoverExpiredPurchases } from '../../../functions/labels/recovery';
import { logger } from '../../../functions/observability/logger';
import { signSessionToken } from '../../session-token';
import type { ApiHandler } from '../../../functions/http/handler';
import { hoodpaySandboxWebhookPayload } from '../../../functions/providers/payments/sandbox-checkout';
import { stripeSandboxEvent } from '../../../functions/providers/payments/sandbox-stripe-event';
import { signedStripeEvent, stripeDispute, stripeRefundedCharge } from '../handlers/payments/payments';
import { apiEvent, call } from '../../unit/functions/api-event';
import { ledgerOf } from '../ledger-invariant';
import { carrierWatch } from '../watch-carrier';
import {
  expectRetryable,
  expectTableConsistent,
  expectUserConsistent,
  FAULT_KINDS,
  faultApplies,
  installFaultInjector,
  labelForm,
  newUser,
  storedItems,
  type FaultInjector,
  type FaultKind,
  type TestUser,
} from './helpers';

const GET = 'GetItemCommand';
/** The read a signed-in request starts with: its session and the account's session epoch, together. */
const SESSION = 'TransactGetItemsCommand';
const WRITE = 'TransactWriteItemsCommand';
/** The wallet's consistent read of the account's balances before a change it has no fresh figures for (transactWallet). */
const BALANCES = 'GetItemCommand';
/** A purchase's lease renewal or takeover (a conditional UpdateItem). */
const RENEW = 'UpdateItemCommand';
const QUERY = 'QueryCommand';
/** A scheduled job's read of its due items: one Query per shard of its queue, sent together (functions/data/shards.ts). */
const DUE: string[] = Array.from({ length: SHARDS }, () => QUERY);
/** An API key's use counted in its minute's window, or its lastUsedAt written (UpdateItem). */
const KEY_TOUCH = 'UpdateItemCommand';
/** The account's webhook endpoints, read once before a change that writes an event (functions/webhooks/outbox.ts). */
const ENDPOINTS = 'QueryCommand';

/** One request of a flow, ready to be sent (and sent again: same key, same event). */
interface Run {
  user: TestUser;
  send(): ReturnType<typeof call>;
  /** The work is done: the label exists, the top-up is credited, or the failed label is refunded. */
  done(): Promise<boolean>;
  /** The exact state once done, exactly once. */
  expectDoneOnce(): Promise<void>;
}

interface Flow {
  name: string;
  /**
   * The commands a clean run sends, in order. A signed-in request starts with the read of its
   * session (SESSION), and every mail is preceded by the read of the address's suppression.
   */
  commands: string[];
  /** The status of a finished request (201 label, 200 webhook, 502 refunded label). */
  finalStatus: number;
  /** The status of the same request sent again once it finished, when not finalStatus (409 for a refunded label: never a 5xx). */
  againStatus?: number;
  prepare(): Promise<Run>;
  setup?(): void;
  teardown?(): void;
}

const post = (handler: ApiHandler, path: string, init: { token?: string; body: string; headers?: Record<string, string>; params?: Record<string, string> }) =>
  call(
    handler,
    apiEvent({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
      body: init.body,
      ...(init.params ? { params: init.params } : {}),
    }),
  );

/** A Stripe event delivered to its webhook, signed. */
const deliver = (event: { payload: string; signatureHeader: string }) =>
  post(stripeWebhook, '/stripe/webhook', { body: event.payload, headers: { 'stripe-signature': event.signatureHeader } });

/** Stripe's signed `paid` event for the sandbox checkout `user` starts with `body` (a top-up's amount, or a label's order). */
async function paidCheckoutEvent(user: TestUser, body: object): Promise<{ payload: string; signatureHeader: string }> {
  const started = await post(createCheckoutSession, '/stripe/create-checkout-session', { token: user.token, body: JSON.stringify(body) });
  const checkout = await getLocalCheckout(String(started.json?.id));
  if (!checkout) throw new Error('no sandbox checkout');
  return stripeSandboxEvent(checkout, 'paid');
}

const entriesOf = async (userId: string) => (await ledgerOf(userId)).entries.map((e) => [e.type, e.amountCents, e.status]).sort();
/** The user's savings aggregates, as stored: one entry a month. */
const savingsOf = async (userId: string) => (await readMonths(userId)).months.map(({ labels, paidCents }) => ({ labels, paidCents }));

let keys = 0;
/** A wallet label purchase of $6 from a $20 wallet. */
function creditLabelFlow(name: string, carrierDown: boolean): Flow {
  return {
    name,
    // the user, order + debit, the lease renewed before create (and before buy), the label (after the
    // account's webhook endpoints are read) or the wallet's balances and the refund, the user read back
    commands: carrierDown ? [SESSION, GET, WRITE, BALANCES, WRITE] : [SESSION, GET, WRITE, ENDPOINTS, WRITE, GET],
    finalStatus: carrierDown ? 502 : 201,
    againStatus: carrierDown ? 409 : 201,
    setup: carrierDown
      ? () => {
          vi.stubEnv('CARRIER_PROVIDER', 'easypost');
          vi.stubEnv('EASYPOST_API_KEY', 'EZTK-test');
          vi.stubEnv('EASYPOST_API_URL', 'http://127.0.0.1:9'); // nothing listens there: the carrier is down
          resetConfigForTests();
        }
      : undefined,
    teardown: carrierDown
      ? () => {
          vi.unstubAllEnvs();
          resetConfigForTests();
        }
      : undefined,
    async prepare() {
      const user = await newUser('fault-label', 2000);
      const key = `fault-key-${++keys}`;
      const orders = () => storedItems(user.id, 'ORDER#');
      return {
        user,
        send: () => post(createLabel, '/shipping/create-label', { token: user.token, body: JSON.stringify(labelForm()), headers: { 'idempotency-key': key } }),
        done: async () => (await orders()).some((o) => o.status === (carrierDown ? 'failed' : 'created')),
        async expectDoneOnce() {
          expect((await orders()).map((o) => o.status)).toEqual([carrierDown ? 'failed' : 'created']);
          expect(await entriesOf(user.id)).toEqual(
            carrierDown
              ? [
                  ['label', -600, 'completed'],
                  ['refund', 600, 'completed'],
                  ['topup', 2000, 'completed'],
                ]
              : [
                  ['label', -600, 'completed'],
                  ['topup', 2000, 'completed'],
                ],
          );
          // The label's savings counted once (completeOrder's transaction), none for a failed one.
          expect(await savingsOf(user.id)).toEqual(carrierDown ? [] : [{ labels: 1, paidCents: 600 }]);
        },
      };
    },
  };
}

/**
 * A wallet purchase by an API key instead of a session: the key's lookup, its rate window and its
 * lastUsedAt (bookkeeping: a fault there must not fail the purchase) come before the same purchase.
 */
const apiKeyLabelFlow: Flow = {
  name: 'credit label purchase with an API key',
  // the key by its hash, its minute's count, lastUsedAt on the lookup item and the record, then the
  // purchase: the account, the key's name (the debit names it), order + debit, ... as a session's
  commands: [GET, KEY_TOUCH, KEY_TOUCH, KEY_TOUCH, GET, GET, WRITE, ENDPOINTS, WRITE, GET],
  finalStatus: 201,
  againStatus: 201,
  async prepare() {
    const user = await newUser('fault-apikey', 2000);
    const { key: apiKey } = await createApiKey(user.id, { name: 'Fault key', scopes: ['labels'] });
    const key = `fault-key-${++keys}`;
    const orders = () => storedItems(user.id, 'ORDER#');
    return {
      user,
      send: () => post(createLabel, '/shipping/create-label', { token: apiKey, body: JSON.stringify(labelForm()), headers: { 'idempotency-key': key } }),
      done: async () => (await orders()).some((o) => o.status === 'created'),
      async expectDoneOnce() {
        expect((await orders()).map((o) => o.status)).toEqual(['created']);
        expect(await entriesOf(user.id)).toEqual([
          ['label', -600, 'completed'],
          ['topup', 2000, 'completed'],
        ]);
      },
    };
  },
};

/**
 * A team member's wallet purchase: the owner's $20 wallet pays, and the debit names the member. The
 * session read carries the membership; the member is read once more, to be named.
 */
const memberLabelFlow: Flow = {
  name: "team member's credit label purchase",
  // the account, the member (to name them), order + debit, the lease renewed before create and buy, the webhook endpoints, the label, the account read back
  commands: [SESSION, GET, GET, WRITE, ENDPOINTS, WRITE, GET],
  finalStatus: 201,
  againStatus: 201,
  async prepare() {
    const user = await newUser('fault-team', 2000);
    const person = await newUser('fault-member');
    await joinTeam(await inviteMember(user, user.email, person.email, 'shipper'), person);
    const key = `fault-key-${++keys}`;
    const orders = () => storedItems(user.id, 'ORDER#');
    return {
      user,
      send: () => post(createLabel, '/shipping/create-label', { token: person.token, body: JSON.stringify(labelForm()), headers: { 'idempotency-key': key } }),
      done: async () => (await orders()).some((o) => o.status === 'created'),
      async expectDoneOnce() {
        expect((await orders()).map((o) => o.status)).toEqual(['created']);
        const { entries } = await ledgerOf(user.id);
        expect(entries.map((e) => [e.type, e.amountCents, e.status, (e.actedBy as { id?: string } | undefined)?.id ?? null]).sort()).toEqual([
          ['label', -600, 'completed', person.id],
          ['topup', 2000, 'completed', null],
        ]);
        expect(await storedItems(person.id, 'ORDER#')).toEqual([]);
      },
    };
  },
};

/**
 * A wallet purchase from a quote in rates mode: the quote's price, and its claim in the same
 * transaction as the order and the debit, so a retry after any fault neither buys twice nor finds
 * its own quote used.
 */
const quotedLabelFlow: Flow = {
  name: 'credit label purchase from a quote (rates mode)',
  // the user, order + quote claim + debit, the lease renewed before create and buy, the webhook endpoints, the label, the user read back
  commands: [SESSION, GET, WRITE, ENDPOINTS, WRITE, GET],
  finalStatus: 201,
  againStatus: 201,
  setup: () => {
    vi.stubEnv('PRICING_MODE', 'rates');
    resetConfigForTests();
  },
  teardown: () => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  },
  async prepare() {
    const user = await newUser('fault-quote', 5000);
    const key = `fault-key-${++keys}`;
    const form = labelForm();
    const quote = await makeQuote(user.id, form);
    const row = quote.rates.find((r) => r.service === 'usps_ground_advantage')!;
    const orders = () => storedItems(user.id, 'ORDER#');
    const body = JSON.stringify({ ...form, labelType: undefined, service: row.service, quoteId: quote.quoteId });
    return {
      user,
      send: () => post(createLabel, '/shipping/create-label', { token: user.token, body, headers: { 'idempotency-key': key } }),
      done: async () => (await orders()).some((o) => o.status === 'created'),
      async expectDoneOnce() {
        expect((await orders()).map((o) => [o.status, o.priceCents, o.serviceId])).toEqual([['created', row.priceCents, 'usps_ground_advantage']]);
        expect(await entriesOf(user.id)).toEqual([
          ['label', -row.priceCents!, 'completed'],
          ['topup', 5000, 'completed'],
        ]);
      },
    };
  },
};

/** What EasyPost's client throws when the buy call's answer does not come in time. */
const lostBuyAnswer = () => new ProviderUnavailable('USPS label service', 'POST /v2/shipments/shp_1/buy failed: TimeoutError (a lost answer)');

/**
 * A wallet label purchase whose buy call's answer is lost (the suite's file must watch the carrier,
 * test/integration/watch-carrier.ts). `sold`: the carrier sold the label, and the purchase, asking
 * it, records the label. Otherwise the buy never reached the carrier: the request answers 409 and
 * leaves the order processing, and the scheduled recovery (run here after each request, as of a
 * moment when the shipment is old) refunds it. Either way one debit, and a refund only when nothing
 * was sold.
 */
let recoveryRuns = 0;
function lostBuyAnswerFlow(sold: boolean): Flow {
  return {
    // Short: describe.each cuts a name at 40 characters.
    name: `purchase, buy answer lost (${sold ? 'sold' : 'none sold'})`,
    // the user, order + debit, the lease renewed before create and before buy; then the label and
    // the user read back; or (409) the recovery: due purchases, the lease taken over, the user, the
    // wallet's balances, failed + refund
    commands: sold ? [SESSION, GET, WRITE, ENDPOINTS, WRITE, GET] : [SESSION, GET, WRITE, ...DUE, RENEW, GET, BALANCES, WRITE],
    finalStatus: sold ? 201 : 409,
    async prepare() {
      const user = await newUser('fault-lost', 2000);
      const key = `fault-lost-${++keys}`;
      const orders = () => storedItems(user.id, 'ORDER#');
      carrierWatch.buyLabel.mockImplementationOnce(async (req, real, beforeCall) => {
        if (sold) await real.buyLabel(req, beforeCall);
        else
          await real.buyLabel(req, async (step) => {
            await beforeCall?.(step);
            if (step === 'buy') throw lostBuyAnswer();
          });
        throw lostBuyAnswer();
      });
      const request = () =>
        post(createLabel, '/shipping/create-label', { token: user.token, body: JSON.stringify(labelForm()), headers: { 'idempotency-key': key } });
      return {
        user,
        send: sold
          ? request
          : async () => {
              const res = await request();
              // A run that fails as a whole (its Query) is the next run's work.
              const counts = await recoverExpiredPurchases(logger, new Date(Date.now() + ++recoveryRuns * 10 * 60_000)).catch(() => undefined);
              // Ended: by this run, or before (the request answers how). Read without a DynamoDB command of its own.
              if (counts?.refunded === 1 || res.json?.message === REFUNDED_BEFORE) return res;
              // Not ended yet (a fault stopped this run): what the request and the run together answer.
              const json = { message: 'The order is not ended yet; the next recovery run ends it.' };
              return { statusCode: 503, json, body: JSON.stringify(json), headers: {} };
            },
        done: async () => (await orders()).some((o) => o.status === (sold ? 'created' : 'failed')),
        async expectDoneOnce() {
          expect((await orders()).map((o) => o.status)).toEqual([sold ? 'created' : 'failed']);
          expect(await entriesOf(user.id)).toEqual(
            sold
              ? [
                  ['label', -600, 'completed'],
                  ['topup', 2000, 'completed'],
                ]
              : [
                  ['label', -600, 'completed'],
                  ['refund', 600, 'completed'],
                  ['topup', 2000, 'completed'],
                ],
          );
          expect(carrierWatch.refundLabel).not.toHaveBeenCalled();
          const [order] = await orders();
          const { getCarrier } = await vi.importActual<typeof import('../../../functions/providers/registry/carrier')>(
            '../../../functions/providers/registry/carrier',
          );
          const held = await getCarrier().findPurchase(labelRequestOf(order as never));
          expect(held.state).toBe(sold ? 'bought' : 'started');
          if (sold && held.state === 'bought') expect(order?.tracking).toBe(held.label.tracking);
        },
      };
    },
  };
}

/** A $25 card top-up settled by Stripe's signed event. */
const stripeTopUpFlow: Flow = {
  name: 'card top-up webhook (Stripe)',
  commands: [GET, ENDPOINTS, BALANCES, WRITE],
  finalStatus: 200,
  async prepare() {
    const user = await newUser('fault-stripe');
    const event = await paidCheckoutEvent(user, { amount: 25 });
    return {
      user,
      send: () => deliver(event),
      done: async () => (await getUserById(user.id, { consistent: true }))?.balanceCents === 2500,
      expectDoneOnce: async () => expect(await entriesOf(user.id)).toEqual([['topup', 2500, 'completed']]),
    };
  },
};

/** A $12.34 crypto top-up: Hoodpay's notification, then the payment read back from Hoodpay. */
const hoodpayTopUpFlow: Flow = {
  name: 'crypto top-up webhook (Hoodpay)',
  // payment reference, the payment read back (the sandbox keeps it in the table), the entry, the settlement
  commands: [GET, GET, GET, ENDPOINTS, BALANCES, WRITE],
  finalStatus: 200,
  async prepare() {
    const user = await newUser('fault-hoodpay');
    const started = await post(createTopup, '/hoodpay/topup', { token: user.token, body: JSON.stringify({ amount: 12.34, creditType: 'Crypto' }) });
    const paymentId = String((started.json?.data as { hoodpayOrderId?: string } | undefined)?.hoodpayOrderId);
    // What the sandbox page's Pay button does before it notifies the webhook.
    expect(await closeLocalCheckout(paymentId, 'paid')).toBe(true);
    const body = JSON.stringify(hoodpaySandboxWebhookPayload(paymentId, 'paid'));
    return {
      user,
      send: () => post(hoodpayWebhook, '/hoodpay/webhook', { body }),
      done: async () => (await getUserById(user.id, { consistent: true }))?.balanceCents === 1234,
      expectDoneOnce: async () => expect(await entriesOf(user.id)).toEqual([['topup', 1234, 'completed']]),
    };
  },
};

/** A $6 label paid by card: Stripe's event settles the payment through the wallet and buys the label. */
const cardLabelFlow: Flow = {
  name: 'card label payment webhook (Stripe)',
  // payment entry, order, user, settlement (+price, -price, order processing), the lease renewed
  // before create and before buy, the webhook endpoints, label created
  commands: [GET, GET, GET, WRITE, ENDPOINTS, WRITE],
  finalStatus: 200,
  async prepare() {
    const user = await newUser('fault-card');
    const event = await paidCheckoutEvent(user, { metadata: { orderDetails: labelForm({ paymentMethod: 'purchase' }) } });
    const orders = () => storedItems(user.id, 'ORDER#');
    return {
      user,
      send: () => deliver(event),
      done: async () => (await orders()).some((o) => o.status === 'created'),
      async expectDoneOnce() {
        expect((await orders()).map((o) => o.status)).toEqual(['created']);
        expect(await entriesOf(user.id)).toEqual([
          ['label', -600, 'completed'],
          ['topup', 600, 'completed'],
        ]);
      },
    };
  },
};

const PUT = 'PutItemCommand';

/** An admin with a full session token (the factory reads the account back: one GetItem). */
async function newAdmin(): Promise<{ id: string; token: string }> {
  const admin = await createUser({
    name: 'Fault Admin',
    email: `fault-admin${++keys}-${Date.now()}@example.com`,
    passwordHash: 'x',
    verified: true,
    role: 'admin',
  });
  return { id: admin.id, token: await signSessionToken({ userId: admin.id, role: 'admin', scope: 'full' }) };
}

/** A user with a $10 card top-up settled through the sandbox's signed Stripe event (so it has a PaymentIntent to refund). */
async function userWithCardTopUp(prefix: string): Promise<TestUser> {
  const user = await newUser(prefix);
  expect((await deliver(await paidCheckoutEvent(user, { amount: 10 }))).statusCode).toBe(200);
  return user;
}

const withdrawalsOf = (userId: string) => storedItems(userId, 'WITHDRAWAL#');
const heldOf = async (userId: string) => (await getUserById(userId, { consistent: true }))?.heldCents;

/** A $5 withdrawal request from a $10 wallet: the hold, the request, its pointer and gate, then the mail. */
const withdrawalRequestFlow: Flow = {
  name: 'withdrawal request',
  // the user and the month's gate, the hold, the mail
  commands: [SESSION, GET, GET, WRITE, GET, PUT],
  finalStatus: 201,
  againStatus: 409,
  async prepare() {
    const user = await newUser('fault-withdraw', 1000);
    return {
      user,
      send: () => post(requestWithdrawal, '/wallet/withdrawals', { token: user.token, body: JSON.stringify({ amount: 5 }) }),
      done: async () => (await heldOf(user.id)) === 500,
      async expectDoneOnce() {
        expect((await withdrawalsOf(user.id)).map((w) => w.status)).toEqual(['pending']);
        expect(await entriesOf(user.id)).toEqual([
          ['topup', 1000, 'completed'],
          ['withdrawal', -500, 'pending'],
        ]);
      },
    };
  },
};

/** An admin approving a $5 request of a user with a $10 card top-up: one card refund (sandbox), then the pay-out. */
const withdrawalApproveFlow: Flow = {
  name: 'withdrawal approval (card refund)',
  // the admin (the factory's check, then for the audit record), the pointer, the request, the user's
  // wallet, the ledger, approving + reservation, the sandbox refund, its record, the wallet for the
  // audit record, the pay-out with its audit record, the mail
  commands: [SESSION, GET, GET, GET, GET, GET, QUERY, WRITE, PUT, WRITE, GET, WRITE, GET, PUT],
  finalStatus: 200,
  againStatus: 409,
  async prepare() {
    const [user, admin] = await Promise.all([userWithCardTopUp('fault-approve'), newAdmin()]);
    const asked = await post(requestWithdrawal, '/wallet/withdrawals', { token: user.token, body: JSON.stringify({ amount: 5 }) });
    const id = String(asked.json?.id);
    return {
      user,
      send: () => post(approveWithdrawal, `/admin/withdrawals/${id}/approve`, { token: admin.token, body: '{}', params: { id } }),
      done: async () => (await withdrawalsOf(user.id)).some((w) => w.status === 'approved'),
      async expectDoneOnce() {
        expect((await withdrawalsOf(user.id)).map((w) => w.status)).toEqual(['approved']);
        expect(await entriesOf(user.id)).toEqual([
          ['topup', 1000, 'completed'],
          ['withdrawal', -500, 'completed'],
        ]);
        expect(await heldOf(user.id)).toBe(0);
        const topUp = (await ledgerOf(user.id)).entries.find((e) => e.type === 'topup');
        expect(topUp?.refundedCents).toBe(500);
        expect(await getLocalRefund(`prepaidship-withdrawal-${id}-${String(topUp?.id)}`)).toMatchObject({ amountCents: 500 });
      },
    };
  },
};

/** An admin rejecting a $5 request: the hold goes back, the month's turn too. */
const withdrawalRejectFlow: Flow = {
  name: 'withdrawal rejection',
  // the admin (the factory's check, then for the audit record), the pointer, the request, the gate,
  // the wallet and an open second-admin approval, the release with its audit record, the mail
  commands: [SESSION, GET, GET, GET, GET, GET, GET, GET, WRITE, GET, PUT],
  finalStatus: 200,
  againStatus: 409,
  async prepare() {
    const [user, admin] = await Promise.all([newUser('fault-reject', 1000), newAdmin()]);
    const asked = await post(requestWithdrawal, '/wallet/withdrawals', { token: user.token, body: JSON.stringify({ amount: 5 }) });
    const id = String(asked.json?.id);
    const body = JSON.stringify({ reason: 'Not this month' });
    return {
      user,
      send: () => post(rejectWithdrawal, `/admin/withdrawals/${id}/reject`, { token: admin.token, body, params: { id } }),
      done: async () => (await withdrawalsOf(user.id)).some((w) => w.status === 'rejected'),
      async expectDoneOnce() {
        expect((await withdrawalsOf(user.id)).map((w) => w.status)).toEqual(['rejected']);
        expect(await entriesOf(user.id)).toEqual([
          ['topup', 1000, 'completed'],
          ['withdrawal', -500, 'failed'],
        ]);
        expect(await getUserById(user.id, { consistent: true })).toMatchObject({ balanceCents: 1000, heldCents: 0 });
      },
    };
  },
};

/** An admin crediting $2.50, with one Idempotency-Key for the request and its retries. */
const adjustmentFlow: Flow = {
  name: 'admin adjustment',
  // the admin, the user and the admin for the audit record, the adjustment with its audit record, then
  // the entry and the user read back
  commands: [SESSION, GET, GET, GET, ENDPOINTS, WRITE, GET, GET],
  finalStatus: 201,
  async prepare() {
    const [user, admin] = await Promise.all([newUser('fault-adjust', 1000), newAdmin()]);
    const key = `fault-adjust-${++keys}`;
    const body = JSON.stringify({ amountCents: 250, reason: 'Goodwill' });
    return {
      user,
      send: () =>
        post(adjustWallet, `/admin/users/${user.id}/adjustments`, { token: admin.token, body, headers: { 'idempotency-key': key }, params: { id: user.id } }),
      done: async () => (await getUserById(user.id, { consistent: true }))?.balanceCents === 1250,
      expectDoneOnce: async () =>
        expect(await entriesOf(user.id)).toEqual([
          ['adjustment', 250, 'completed'],
          ['topup', 1000, 'completed'],
        ]),
    };
  },
};

/**
 * A second admin deciding a $200 credit a first admin asked for: approving makes the adjustment,
 * rejecting moves nothing; either way the approval is decided once, with its audit record.
 */
function secondAdminFlow(decision: 'approve' | 'reject'): Flow {
  return {
    name: `second admin ${decision === 'approve' ? 'approval' : 'rejection'} of an adjustment`,
    // the admin, the approval and the admin for the audit record, the wallet, (approving a credit)
    // the endpoints its wallet.credited goes to, the decision (with the adjustment) and its audit record
    commands: decision === 'approve' ? [SESSION, GET, GET, GET, GET, ENDPOINTS, WRITE] : [SESSION, GET, GET, GET, GET, WRITE],
    finalStatus: 200,
    againStatus: 409,
    async prepare() {
      const [user, asker, decider] = await Promise.all([newUser(`fault-${decision}-adj`, 1000), newAdmin(), newAdmin()]);
      const asked = await post(adjustWallet, `/admin/users/${user.id}/adjustments`, {
        token: asker.token,
        body: JSON.stringify({ amountCents: 20_000, reason: 'Goodwill' }),
        headers: { 'idempotency-key': `fault-ask-${++keys}` },
        params: { id: user.id },
      });
      const id = String((asked.json?.pendingApproval as { id?: string } | null)?.id);
      const body = JSON.stringify(decision === 'approve' ? {} : { reason: 'Not agreed' });
      const approval = () => getApproval(id);
      return {
        user,
        send: () =>
          post(decision === 'approve' ? approveApproval : rejectApproval, `/admin/approvals/${id}/${decision}`, { token: decider.token, body, params: { id } }),
        done: async () => (await approval())?.status === (decision === 'approve' ? 'approved' : 'rejected'),
        async expectDoneOnce() {
          expect(await entriesOf(user.id)).toEqual(
            decision === 'approve'
              ? [
                  ['adjustment', 20_000, 'completed'],
                  ['topup', 1000, 'completed'],
                ]
              : [['topup', 1000, 'completed']],
          );
          const log = await findAuditRecords({ subject: user.id }, { limit: 10 });
          expect(log.items.map((r) => r.action)).toEqual([decision === 'approve' ? 'adjustment' : 'approval.rejected', 'adjustment.requested']);
        },
      };
    },
  };
}

const DAY_MS = 86_400_000;
let jobRuns = 0;
/** A moment later than any lease or poll a refund case has set so far: each scheduled run sees its refund due again. */
const jobNow = () => new Date(Date.now() + ++jobRuns * 2 * DAY_MS);

/**
 * A user whose $20 wallet bought a $6 label through the real handler, and downloaded its PDF unless
 * `downloaded` is false (a label never downloaded is credited when its refund is asked).
 */
async function userWithLabel(prefix: string, downloaded = true): Promise<{ user: TestUser; orderId: string }> {
  const user = await newUser(prefix, 2000);
  const bought = await post(createLabel, '/shipping/create-label', {
    token: user.token,
    body: JSON.stringify(labelForm()),
    headers: { 'idempotency-key': `fault-refund-${++keys}` },
  });
  const orderId = String((bought.json?.label as { shipOrderId?: string } | undefined)?.shipOrderId);
  if (downloaded) {
    const pdf = await call(
      downloadOrder,
      apiEvent({
        method: 'GET',
        path: `/shipping/download-order/${orderId}`,
        headers: { authorization: `Bearer ${user.token}` },
        params: { shipOrderId: orderId },
      }),
    );
    expect(pdf.statusCode, pdf.body).toBe(200);
  }
  return { user, orderId };
}

/** The shipper's refund request of `orderId`, through the real handler. */
const askRefund = (user: TestUser, orderId: string) =>
  call(
    refundLabel,
    apiEvent({
      method: 'POST',
      path: `/shipping/orders/${orderId}/refund`,
      headers: { authorization: `Bearer ${user.token}` },
      params: { shipOrderId: orderId },
    }),
  );

/**
 * The one order of a refund case refunded, once: the label's debit stays, one refund entry of its
 * price, and its savings were added once and taken back once from the month it was counted in
 * (a second take-back would leave -1 label, a missing one +1).
 */
async function expectRefundedOnce(user: TestUser, orderId: string): Promise<void> {
  const order = await getOrder(user.id, orderId);
  expect(order?.status).toBe('refunded');
  expect(order?.savingsMonth).toEqual(expect.any(String));
  expect(await entriesOf(user.id)).toEqual([
    ['label', -600, 'completed'],
    ['refund', 600, 'completed'],
    ['topup', 2000, 'completed'],
  ]);
  expect(await savingsOf(user.id)).toEqual([{ labels: 0, paidCents: 0 }]);
}

/**
 * The run of a shipper's refund request of `orderId`: done once the scheduled settlement, run at each
 * look, finds the order refunded.
 */
const refundRequestRun = (user: TestUser, orderId: string, expectDoneOnce: () => Promise<void>): Run => ({
  user,
  send: () => askRefund(user, orderId),
  done: async () => {
    await settleRefunds(logger, jobNow());
    return (await getOrder(user.id, orderId))?.status === 'refunded';
  },
  expectDoneOnce,
});

/**
 * A shipper's refund of an unused $6 label (the sandbox refunds at once): the order moves to
 * refund_pending, then refunded with the wallet's credit, then the mail. Whatever a fault stops,
 * the request is done once the scheduled settlement has run (no one pressing anything more).
 */
const labelRefundFlow: Flow = {
  name: 'label refund request',
  // the order, the acceptance-scan check's tracker read (the sandbox tracker reads the local advance
  // control's LOCALTRACK# forced steps; AfterShip asks over HTTP instead), created ->
  // refund_pending, the user (for the entry), refunded + credit (and the savings back), the mail
  commands: [SESSION, GET, GET, WRITE, GET, ENDPOINTS, WRITE, GET, PUT],
  finalStatus: 200,
  againStatus: 409,
  async prepare() {
    const { user, orderId } = await userWithLabel('fault-refund');
    return refundRequestRun(user, orderId, () => expectRefundedOnce(user, orderId));
  },
};

/**
 * A shipper's refund of an unused $6 label never downloaded: the user read, created ->
 * refund_pending with the wallet's credit in one transaction, the mail, then (the sandbox refunds
 * at once) refunded with no money. Whatever a fault stops, the price is credited once: with the
 * move, never again when the carrier decides.
 */
const earlyCreditFlow: Flow = {
  name: 'label refund request, never downloaded (credited at once)',
  // the order, the tracker read, the user, refund_pending + credit (and the savings back), the mail, refunded
  commands: [SESSION, GET, GET, GET, ENDPOINTS, WRITE, GET, PUT, WRITE],
  finalStatus: 200,
  againStatus: 409,
  async prepare() {
    const { user, orderId } = await userWithLabel('fault-early', false);
    return refundRequestRun(user, orderId, async () => {
      await expectRefundedOnce(user, orderId);
      expect(await getOrder(user.id, orderId)).toMatchObject({ creditedEarly: true, downloadedAt: null });
    });
  },
};

/**
 * The scheduled settlement of a pending refund the carrier has since refunded: the lease taken over,
 * the carrier asked, refunded + credit, the mail. The job's "answer" is 200 when it refunded the
 * order and 503 otherwise (a later run does it): what a run reports in its counts.
 */
const refundSettleFlow: Flow = {
  name: 'label refund settled by the scheduled job',
  // the due refunds, the lease taken over, the user, refunded + credit, the mail
  commands: [...DUE, 'UpdateItemCommand', GET, ENDPOINTS, WRITE, GET, PUT],
  finalStatus: 200,
  againStatus: 503,
  async prepare() {
    const { user, orderId } = await userWithLabel('fault-settle');
    // Asked while the sandbox keeps refunds submitted, then decided at once from here on.
    vi.stubEnv('SANDBOX_REFUND_DELAY_SECONDS', '3600');
    resetConfigForTests();
    const asked = await askRefund(user, orderId);
    vi.unstubAllEnvs();
    resetConfigForTests();
    expect(asked.json?.status, asked.body).toBe('refund_pending');
    return {
      user,
      send: async () => {
        // A run that fails as a whole (its Query) is reported by the runner and is the next run's work.
        const counts = await settleRefunds(logger, jobNow()).catch(() => ({ refunded: 0 }));
        const settled = counts.refunded === 1;
        const json = settled ? { counts } : { message: 'The refund is not settled yet; the next run tries again.', counts };
        return { statusCode: settled ? 200 : 503, json, body: JSON.stringify(json), headers: {} };
      },
      done: async () => (await getOrder(user.id, orderId))?.status === 'refunded',
      expectDoneOnce: () => expectRefundedOnce(user, orderId),
    };
  },
};

/**
 * A shipper's refund of an unused $6 label paid by card (the sandbox carrier refunds at once): the
 * card part planned and reserved on the payment, the sandbox Stripe's refund recorded, then
 * refunded with the wallet's credit and the card's debit, then the mail. Whatever a fault stops,
 * the scheduled settlement finishes it with one card refund of $6 and the wallet as before.
 */
const cardLabelRefundFlow: Flow = {
  name: 'card label refund request',
  // the order, the tracker read, created -> refund_pending, the user, the label's payment among the
  // entries made around the order, the plan + reservation, the sandbox Stripe's refund record,
  // refunded + credit + card debit (and the savings back), the mail
  commands: [SESSION, GET, GET, WRITE, GET, QUERY, WRITE, PUT, ENDPOINTS, WRITE, GET, PUT],
  finalStatus: 200,
  againStatus: 409,
  async prepare() {
    const user = await newUser('fault-card-refund-label');
    expect((await deliver(await paidCheckoutEvent(user, { metadata: { orderDetails: labelForm({ paymentMethod: 'purchase' }) } }))).statusCode).toBe(200);
    const [order] = await storedItems(user.id, 'ORDER#');
    const orderId = String(order?.id);
    return refundRequestRun(user, orderId, async () => {
      expect(await getOrder(user.id, orderId)).toMatchObject({ status: 'refunded', cardRefundCents: 600, cardRefundId: expect.any(String) });
      expect(await entriesOf(user.id)).toEqual([
        ['card_refund', -600, 'completed'],
        ['label', -600, 'completed'],
        ['refund', 600, 'completed'],
        ['topup', 600, 'completed'],
      ]);
      expect(await getLocalRefund(`label-refund-${orderId}`)).toMatchObject({ amountCents: 600 });
      expect((await ledgerOf(user.id)).entries.find((e) => e.type === 'topup')?.refundedCents).toBe(600);
    });
  },
};

/** The PaymentIntent of the user's one card top-up (userWithCardTopUp). */
async function paymentIntentOf(userId: string): Promise<string> {
  const topUp = (await ledgerOf(userId)).entries.find((e) => e.type === 'topup');
  return String(topUp?.paymentIntent);
}
const disputedOf = async (userId: string) => (await getUserById(userId, { consistent: true }))?.disputedCents;

/** Stripe's `charge.dispute.created` on a $10 card top-up: the $10 held at once, with a pending dispute entry, then the mail. */
const disputeOpenedFlow: Flow = {
  name: 'card dispute opened webhook (Stripe)',
  // the PaymentIntent's lookup, the top-up, the user, the hold + entry + state + event record, the mail
  commands: [GET, GET, GET, WRITE, GET, PUT],
  finalStatus: 200,
  async prepare() {
    const user = await userWithCardTopUp('fault-dispute');
    const event = signedStripeEvent('charge.dispute.created', stripeDispute(await paymentIntentOf(user.id), 1000, 'needs_response'));
    return {
      user,
      send: () => deliver(event),
      done: async () => (await disputedOf(user.id)) === 1000,
      expectDoneOnce: async () =>
        expect(await entriesOf(user.id)).toEqual([
          ['dispute', -1000, 'pending'],
          ['topup', 1000, 'completed'],
        ]),
    };
  },
};

/** Stripe's `charge.dispute.closed` (lost) of an open $10 dispute: the hold leaves the wallet for good. */
const disputeLostFlow: Flow = {
  name: 'card dispute lost webhook (Stripe)',
  // the PaymentIntent's lookup, the top-up, the user, the dispute's entry, the loss + state + event record, the mail
  commands: [GET, GET, GET, GET, WRITE, GET, PUT],
  finalStatus: 200,
  async prepare() {
    const user = await userWithCardTopUp('fault-dispute-lost');
    const pi = await paymentIntentOf(user.id);
    expect((await deliver(signedStripeEvent('charge.dispute.created', stripeDispute(pi, 1000, 'needs_response')))).statusCode).toBe(200);
    const event = signedStripeEvent('charge.dispute.closed', stripeDispute(pi, 1000, 'lost'));
    return {
      user,
      send: () => deliver(event),
      done: async () => (await ledgerOf(user.id)).entries.some((e) => e.type === 'dispute' && e.status === 'completed'),
      async expectDoneOnce() {
        expect(await entriesOf(user.id)).toEqual([
          ['dispute', -1000, 'completed'],
          ['topup', 1000, 'completed'],
        ]);
        expect(await disputedOf(user.id)).toBe(0);
      },
    };
  },
};

/**
 * EasyPost's `shipment.invoice.updated` for a $6 label USPS re-rated at $1.50 more: the invoice's
 * claim, the adjustment and the wallet's debit in one transaction, then the shipper's mail. A retry
 * after any fault (EasyPost sends the event again) debits once; a mail the fault kept from going out
 * waits in its queue for the scheduled work.
 */
const postageAdjustmentFlow: Flow = {
  name: 'postage adjustment webhook (EasyPost)',
  // the label by tracking number, the user, the invoice's claim, claim + adjustment + debit, the user (mail), the mail, marked sent
  commands: [QUERY, GET, GET, ENDPOINTS, BALANCES, WRITE, GET, GET, PUT, 'UpdateItemCommand'],
  finalStatus: 200,
  async prepare() {
    const user = await newUser('fault-adjust', 2000);
    const bought = await post(createLabel, '/shipping/create-label', {
      token: user.token,
      body: JSON.stringify(labelForm()),
      headers: { 'idempotency-key': `fault-key-${++keys}` },
    });
    expect(bought.statusCode).toBe(201);
    const [order] = await storedItems(user.id, 'ORDER#');
    const event = sandboxInvoiceEvent((await getOrder(user.id, String(order!.id)))!, { amountCents: 150, reason: 'Weight' });
    return {
      user,
      send: () => post(easyPostWebhook, '/easypost/webhook', { body: event.rawBody, headers: { 'x-hmac-signature': event.signature } }),
      done: async () => (await ledgerOf(user.id)).entries.some((e) => e.type === 'postage_adjustment'),
      async expectDoneOnce() {
        expect(await entriesOf(user.id)).toEqual([
          ['label', -600, 'completed'],
          ['postage_adjustment', -150, 'completed'],
          ['topup', 2000, 'completed'],
        ]);
        expect((await storedItems(user.id, 'POSTADJ#')).map((a) => a.amountCents)).toEqual([150]);
      },
    };
  },
};

let sweepRuns = 0;
/** Each sweep run ten minutes after the last: an order the previous run took is due again. */
const sweepNow = () => new Date(Date.now() + ++sweepRuns * 10 * 60_000);

/**
 * The scheduled sweep of failed orders, for an order refunded while its shipment was unbought, whose
 * label the carrier sold after all (the stalled buy completed, its process dead): the recheck taken,
 * the order read, the carrier asked (it holds the label: its refund is asked there), the recheck
 * ended. The run's "answer" is 200 when it refunded the label at the carrier, 503 otherwise (what
 * its counts report). The shipper's money never moves here.
 */
const closedOrderSweepFlow: Flow = {
  name: 'sweep: label sold for a failed order',
  commands: [...DUE, 'UpdateItemCommand', GET, 'DeleteItemCommand'],
  finalStatus: 200,
  againStatus: 503,
  async prepare() {
    const user = await newUser('fault-sweep', 2000);
    const placed = await placeCreditOrder(user, newOrder(user.id, labelForm() as never, 600, 'processing'), `fault-sweep-${++keys}`);
    if (placed.kind !== 'placed') throw new Error(placed.kind);
    const order = await failAndRefund(user, placed.order, 'the purchase was interrupted', logger);
    const carrier = getRealCarrier();
    const sold = await carrier.buyLabel(labelRequestOf(order));
    const label = { ...order, carrierRef: sold.carrierRef, tracking: sold.tracking };
    const rechecked = async () => (await dueRechecks(new Date(Date.now() + 7 * DAY_MS), 100)).some((r) => r.orderId === order.id);
    return {
      user,
      send: async () => {
        const counts = await recheckClosedPurchases(logger, sweepNow()).catch(() => ({ refundedAtCarrier: 0 }));
        const refunded = counts.refundedAtCarrier === 1;
        const json = refunded ? { counts } : { message: 'No label was refunded at the carrier by this run.', counts };
        return { statusCode: refunded ? 200 : 503, json, body: JSON.stringify(json), headers: {} };
      },
      done: async () => (await carrier.refundStatus(label)) !== undefined && !(await rechecked()),
      async expectDoneOnce() {
        expect(await carrier.refundStatus(label)).toEqual({ status: 'refunded' });
        expect(await rechecked()).toBe(false);
        expect((await getOrder(user.id, order.id))?.status).toBe('failed');
        expect(await entriesOf(user.id)).toEqual([
          ['label', -600, 'completed'],
          ['refund', 600, 'completed'],
          ['topup', 2000, 'completed'],
        ]);
      },
    };
  },
};

/** Stripe's `charge.refunded` for $4 of a $10 card top-up refunded in its dashboard: a $4 debit. */
const dashboardRefundFlow: Flow = {
  name: 'card refund from the dashboard webhook (Stripe)',
  // the PaymentIntent's lookup, the top-up, the user, the debit + figure + event record, the mail
  commands: [GET, GET, GET, WRITE, GET, PUT],
  finalStatus: 200,
  async prepare() {
    const user = await userWithCardTopUp('fault-card-refund');
    const event = signedStripeEvent('charge.refunded', stripeRefundedCharge(await paymentIntentOf(user.id), 1000, 400));
    return {
      user,
      send: () => deliver(event),
      done: async () => (await ledgerOf(user.id)).entries.some((e) => e.type === 'card_refund'),
      expectDoneOnce: async () =>
        expect(await entriesOf(user.id)).toEqual([
          ['card_refund', -400, 'completed'],
          ['topup', 1000, 'completed'],
        ]),
    };
  },
};

/** A pickup of `orderIds` today at the sample sender's address, as the shipper's page sends it. */
const pickupForm = (orderIds: string[]) =>
  JSON.stringify({ date: todayInEastern(), windowStart: '09:00', windowEnd: '17:00', address: labelForm().from, orderIds });
const bookedPickup = (user: TestUser, orderId: string) => post(bookPickup, '/shipping/pickups', { token: user.token, body: pickupForm([orderId]) });

/**
 * A SCAN form for one label: nothing is stored before the carrier made the form, then the form and
 * its label's claim are one transaction. Whatever a fault stops, the label ends on one form.
 */
const scanFormFlow: Flow = {
  name: 'SCAN form',
  // the labels, the form with their claims
  commands: [SESSION, 'BatchGetItemCommand', WRITE],
  finalStatus: 201,
  againStatus: 409,
  async prepare() {
    const { user, orderId } = await userWithLabel('fault-scan');
    return {
      user,
      send: () => post(createScanForm, '/shipping/scan-forms', { token: user.token, body: JSON.stringify({ orderIds: [orderId] }) }),
      done: async () => typeof ((await getOrder(user.id, orderId)) as { scanFormId?: string } | undefined)?.scanFormId === 'string',
      async expectDoneOnce() {
        const forms = await storedItems(user.id, 'SCANFORM#');
        expect(forms.map((f) => f.orderIds)).toEqual([[orderId]]);
        expect(((await getOrder(user.id, orderId)) as { scanFormId?: string } | undefined)?.scanFormId).toBe(forms[0]!.id);
      },
    };
  },
};

/** A pickup booked for one label: a retry of the same pickup answers the one booked, never a second. */
const pickupBookingFlow: Flow = {
  name: 'pickup booking',
  // the labels, the caller's pickups (the same one booked already?), the pickup
  commands: [SESSION, 'BatchGetItemCommand', QUERY, PUT],
  finalStatus: 201,
  async prepare() {
    const { user, orderId } = await userWithLabel('fault-pickup');
    return {
      user,
      send: () => bookedPickup(user, orderId),
      done: async () => (await storedItems(user.id, 'PICKUP#')).length > 0,
      expectDoneOnce: async () => expect((await storedItems(user.id, 'PICKUP#')).map((p) => p.status)).toEqual(['scheduled']),
    };
  },
};

/** A pickup canceled: at the carrier, then here once. */
const pickupCancelFlow: Flow = {
  name: 'pickup cancel',
  // the pickup, scheduled -> canceled
  commands: [SESSION, GET, RENEW],
  finalStatus: 200,
  againStatus: 409,
  async prepare() {
    const { user, orderId } = await userWithLabel('fault-pickup-cancel');
    const id = String((await bookedPickup(user, orderId)).json?.id);
    return {
      user,
      send: () =>
        call(cancelPickup, apiEvent({ method: 'DELETE', path: `/shipping/pickups/${id}`, headers: { authorization: `Bearer ${user.token}` }, params: { id } })),
      done: async () => (await storedItems(user.id, 'PICKUP#'))[0]?.status === 'canceled',
      expectDoneOnce: async () => expect((await storedItems(user.id, 'PICKUP#')).map((p) => p.status)).toEqual(['canceled']),
    };
  },
};

/**
 * A return label bought from its quote, mailed to the outbound recipient (`carrierDown`: the carrier
 * refuses the purchase after the charge). Whatever a fault stops, the return is paid once and linked
 * to its outbound once; with the carrier down its price comes back and nothing is mailed.
 */
function returnLabelFlow(name: string, carrierDown: boolean): Flow {
  return {
    name,
    // the outbound, the user, order + link + debit; the carrier refuses: the wallet's balances, failed + refund. Or the lease
    // renewed before create and buy, the webhook endpoints, the label, the user read back, the mail's
    // notice, the suppression read (the notice's, then the mailer's), the mail, the notice marked sent
    commands: carrierDown ? [SESSION, GET, GET, WRITE, BALANCES, WRITE] : [SESSION, GET, GET, WRITE, ENDPOINTS, WRITE, GET, PUT, GET, GET, PUT, RENEW],
    finalStatus: carrierDown ? 502 : 201,
    againStatus: carrierDown ? 409 : 201,
    async prepare() {
      const user = await newUser('fault-return', 2000);
      const email = `fault-return-${++keys}-${Date.now()}@example.com`;
      const bought = await post(createLabel, '/shipping/create-label', {
        token: user.token,
        body: JSON.stringify(labelForm({ to: { ...labelForm().to, email } })),
        headers: { 'idempotency-key': `fault-return-${++keys}` },
      });
      const outboundId = String((bought.json?.label as { shipOrderId?: string } | undefined)?.shipOrderId);
      const { quoteId } = await returnQuote(user, outboundId);
      if (carrierDown) carrierWatch.buyLabel.mockRejectedValueOnce(new PurchaseRefused('USPS label service', 'HTTP 422 (a refused purchase)'));
      const key = `fault-return-${++keys}`;
      const returns = async () => (await storedItems(user.id, 'ORDER#')).filter((o) => o.returnOf === outboundId);
      const mailNotice = async () => {
        const [ret] = await returns();
        if (!ret) return undefined;
        const key = { pk: `NOTICE#${String(ret.id)}`, sk: 'recipient_return_label' };
        return (await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
      };
      return {
        user,
        send: () =>
          post(createReturnLabel, `/shipping/orders/${outboundId}/return`, {
            token: user.token,
            body: JSON.stringify({ quoteId }),
            headers: { 'idempotency-key': key },
            params: { shipOrderId: outboundId },
          }),
        // The mail is queued (a notice): sent at once, or by the scheduled retry when a fault stopped its first try.
        done: async () =>
          (await returns()).some((o) => o.status === (carrierDown ? 'failed' : 'created')) && (carrierDown || (await mailNotice()) !== undefined),
        async expectDoneOnce() {
          const [ret, ...more] = await returns();
          expect(more).toEqual([]);
          expect(ret?.status).toBe(carrierDown ? 'failed' : 'created');
          expect((await getOrder(user.id, outboundId))?.returnIds).toEqual([ret!.id]);
          expect(await entriesOf(user.id)).toEqual(
            carrierDown
              ? [
                  ['label', -600, 'completed'],
                  ['label', -600, 'completed'],
                  ['refund', 600, 'completed'],
                  ['topup', 2000, 'completed'],
                ]
              : [
                  ['label', -600, 'completed'],
                  ['label', -600, 'completed'],
                  ['topup', 2000, 'completed'],
                ],
          );
          expect((await listOutbox({ to: email })).length).toBeLessThanOrEqual(carrierDown ? 0 : 1);
          expect(await mailNotice()).toEqual(carrierDown ? undefined : expect.objectContaining({ kind: 'recipient_return_label' }));
        },
      };
    },
  };
}

/** Return labels: bought like a label, linked to their outbound in the same transaction, mailed once. */
export const returnLabelFlows: Flow[] = [returnLabelFlow('return label', false), returnLabelFlow('return label, carrier refuses (refund)', true)];

/** A download of `orderId` through the real handler, with `query` (format, dpi) when given. */
const downloadRequest = (user: TestUser, orderId: string, query?: Record<string, string>) =>
  call(
    downloadOrder,
    apiEvent({
      method: 'GET',
      path: `/shipping/download-order/${orderId}`,
      headers: { authorization: `Bearer ${user.token}` },
      params: { shipOrderId: orderId },
      ...(query ? { query } : {}),
    }),
  );

/** The ZPL file kept for the order's label, if any. */
const keptZpl = async (user: TestUser, orderId: string) => {
  const order = await getOrder(user.id, orderId);
  return order?.labelKey ? getLabelStore().get(labelFileKey(order.labelKey, { format: 'zpl', dpi: 203 })) : undefined;
};

/**
 * A label's first download as ZPL: recorded as served, converted and kept. Whatever a fault stops,
 * the download again answers the ZPL, the label is recorded once and no money moves.
 */
const zplDownloadFlow: Flow = {
  name: 'first label download as ZPL',
  // the order, its download recorded
  commands: [SESSION, GET, RENEW],
  finalStatus: 200,
  async prepare() {
    const { user, orderId } = await userWithLabel('fault-zpl', false);
    return {
      user,
      send: () => downloadRequest(user, orderId, { format: 'zpl' }),
      done: async () => (await keptZpl(user, orderId)) !== undefined,
      async expectDoneOnce() {
        expect((await getOrder(user.id, orderId))?.downloadedAt).toEqual(expect.any(String));
        expect(new TextDecoder().decode(await keptZpl(user, orderId))).toMatch(/^\^XA[\s\S]*\^XZ\n$/);
        expect(await entriesOf(user.id)).toEqual([
          ['label', -600, 'completed'],
          ['topup', 2000, 'completed'],
        ]);
      },
    };
  },
};

/** The shipper's default label file saved, then a download naming no format answering it. */
const defaultFormatFlow: Flow = {
  name: 'default label format saved',
  // the user updated
  commands: [SESSION, RENEW],
  finalStatus: 200,
  async prepare() {
    const { user, orderId } = await userWithLabel('fault-default-format');
    return {
      user,
      send: () =>
        call(
          updateLabelFormat,
          apiEvent({
            method: 'PUT',
            path: '/auth/label-format',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
            body: JSON.stringify({ format: 'zpl' }),
          }),
        ),
      done: async () => (await getUserById(user.id))?.labelFormat?.format === 'zpl',
      async expectDoneOnce() {
        expect((await getUserById(user.id))?.labelFormat).toEqual({ format: 'zpl', dpi: 203 });
        const file = await downloadRequest(user, orderId);
        expect(file.headers?.['content-type']).toBe('application/zpl');
      },
    };
  },
};

/** Label formats: no money moves, but a download is recorded once and a kept file answers again. */
export const labelFormatFlows: Flow[] = [zplDownloadFlow, defaultFormatFlow];

/** A purchase made with an API key: the key's own reads and writes come first. */
export const apiKeyFlows: Flow[] = [apiKeyLabelFlow];

/** The end of a shipping day: no money moves, but a label must end on one form and a pickup be booked or canceled once. */
export const shippingDayFlows: Flow[] = [scanFormFlow, pickupBookingFlow, pickupCancelFlow];

export const flows: Flow[] = [
  creditLabelFlow('credit label purchase', false),
  creditLabelFlow('credit label purchase with the carrier down (refund)', true),
  memberLabelFlow,
  quotedLabelFlow,
  lostBuyAnswerFlow(true),
  lostBuyAnswerFlow(false),
  stripeTopUpFlow,
  hoodpayTopUpFlow,
  cardLabelFlow,
  withdrawalRequestFlow,
  withdrawalApproveFlow,
  withdrawalRejectFlow,
  adjustmentFlow,
  secondAdminFlow('approve'),
  secondAdminFlow('reject'),
  labelRefundFlow,
  earlyCreditFlow,
  refundSettleFlow,
  cardLabelRefundFlow,
  disputeOpenedFlow,
  disputeLostFlow,
  dashboardRefundFlow,
  closedOrderSweepFlow,
  postageAdjustmentFlow,
];

/**
 * Faults the product does not survive yet, as `flow|command index|kind`: those cases run with
 * `it.fails`, so fixing one makes its case fail until it is taken off this list. (Empty since
 * settleEntry and settleCardOrder rethrow cancellations that are not condition failures, and
 * functions/data/client.ts retries transactions cancelled by a conflict.)
 */
const KNOWN_BUGS = new Set<string>([]);

/**
 * The fault cases of `selected` flows, with the checks after each; a test file runs some of the
 * flows, so the files can run side by side (each has a table of its own).
 */
export function describeFaults(selected: Flow[]): void {
  let faults: FaultInjector;
  beforeAll(() => {
    faults = installFaultInjector();
  });
  afterAll(async () => {
    faults.remove();
    // Every run of every flow, faults included, left the table whole: nothing stuck, nothing owed.
    await expectTableConsistent({ settled: true });
  });

  /** The stats moved by exactly what this user's balance and labels moved: nobody else's money changed. */
  async function expectStatsMoved(before: Totals, user: { balanceCents: number; labels: number }, start: { balanceCents: number; labels: number }) {
    const now = await getTotals();
    expect({ balanceCents: now.balanceCents - before.balanceCents, labels: now.labels - before.labels, users: now.users - before.users }).toEqual({
      balanceCents: user.balanceCents - start.balanceCents,
      labels: user.labels - start.labels,
      users: 0,
    });
  }

  describe.each(selected)('$name', (flow) => {
    beforeAll(() => flow.setup?.());
    afterAll(() => flow.teardown?.());

    it('sends the pinned command sequence when nothing fails', async () => {
      const run = await flow.prepare();
      faults.record();
      const res = await run.send();
      const { commands } = faults.stop();
      expect(res.statusCode).toBe(flow.finalStatus);
      // When this changes, the cases below no longer hit every step: update `commands`.
      expect(commands, JSON.stringify(commands)).toEqual(flow.commands);
      expect(await run.done()).toBe(true);
      await run.expectDoneOnce();
    });

    // A fan-out over the shards is SHARDS Queries alike, sent together: its first and its last stand for all.
    const inFanOut = (i: number) => flow.commands.slice(Math.max(0, i - 1), i + 2).filter((c) => c === QUERY).length === 3;
    const cases = flow.commands.flatMap((command, i) =>
      inFanOut(i) ? [] : FAULT_KINDS.filter((kind) => faultApplies(kind, command)).map((kind) => ({ at: i + 1, command, kind })),
    );
    const test = (c: { at: number; kind: FaultKind }) => (KNOWN_BUGS.has(`${flow.name}|${c.at}|${c.kind}`) ? it.fails : it);

    for (const c of cases) {
      test(c)(`survives ${c.kind} on command ${c.at} (${c.command})`, { timeout: 45_000 }, async () => {
        const run = await flow.prepare();
        // What the wallet owes: spendable plus held plus disputed (a withdrawal's or a dispute's hold is still counted as the user's money).
        const owed = await getUserById(run.user.id, { consistent: true });
        const start = { balanceCents: owed ? owed.balanceCents + owed.heldCents + owed.disputedCents : Number.NaN, labels: owed?.labelCount ?? 0 };
        const stats = await getTotals();

        faults.arm(c.at, c.kind);
        const first = await run.send().finally(() => expect(faults.stop().fired).toBe(c.command));

        // No money created or lost, whatever the answer.
        const after = await expectUserConsistent(run.user.id);
        await expectStatsMoved(stats, after, start);
        if (first.statusCode === flow.finalStatus) {
          expect(await run.done(), `answered ${first.statusCode} but the work is not done`).toBe(true);
        } else {
          expectRetryable(first.statusCode ?? 0, first.json, `${c.kind} on command ${c.at}`);
        }

        // The same request again finishes the work, once. A 409 ("still being processed") may need
        // one more try; anything else must be final.
        // A retry of work that ended answers againStatus; one whose first try changed nothing is a new
        // first try and answers finalStatus.
        const endings = new Set([flow.finalStatus, flow.againStatus ?? flow.finalStatus]);
        let again = await run.send();
        for (let i = 0; again.statusCode === 409 && !endings.has(409) && i < 2; i++) again = await run.send();
        expect(endings, JSON.stringify(again.json)).toContain(again.statusCode);
        expect(await run.done()).toBe(true);
        await run.expectDoneOnce();
        const end = await expectUserConsistent(run.user.id, { settled: true });
        await expectStatsMoved(stats, end, start);
      });
    }
  });
}

/** Where inside the carrier a purchase's process dies (a Lambda killed at its timeout, a crash). */
const CARRIER_DEATHS = [
  { at: 'before the create-shipment call', step: 'create', ends: 'refunded', carrierHolds: 'none' },
  { at: 'between create-shipment and buy', step: 'buy', ends: 'refunded', carrierHolds: 'started' },
  { at: 'after the buy, before the label is recorded', step: 'bought', ends: 'created', carrierHolds: 'bought' },
] as const;

/**
 * A credit purchase whose process dies inside the carrier, at each point of CARRIER_DEATHS. The
 * suite's file must watch the carrier (test/integration/watch-carrier.ts). The dying process never
 * answers; then, with no one pressing anything, the scheduled recovery ends the order: a label only
 * when the carrier sold one, otherwise one refund, and nothing sold at the carrier for a refunded
 * order. The same request again answers how it ended (the label, or 409 and the refund).
 */
export function describeCarrierDeaths(): void {
  describe.each(CARRIER_DEATHS)('a purchase that dies $at', (death) => {
    it(`ends ${death.ends} by recovery, once; a retry answers it`, { timeout: 45_000 }, async () => {
      const user = await newUser('fault-carrier', 2000);
      const key = `fault-carrier-${++keys}`;
      let died!: () => void;
      const dead = new Promise<void>((r) => (died = r));
      const never = new Promise<never>(() => undefined);
      carrierWatch.buyLabel.mockImplementationOnce(async (req, real, beforeCall) => {
        const bought = await real.buyLabel(req, async (step) => {
          await beforeCall?.(step);
          if (step === death.step) {
            died();
            await never;
          }
        });
        if (death.step === 'bought') died();
        return never.then(() => bought);
      });
      const send = () =>
        post(createLabel, '/shipping/create-label', { token: user.token, body: JSON.stringify(labelForm()), headers: { 'idempotency-key': key } });
      void send();
      await dead;

      // Paid and processing: no cent lost meanwhile.
      const [order] = await storedItems(user.id, 'ORDER#');
      expect(order?.status).toBe('processing');
      await expectUserConsistent(user.id);

      const counts = await recoverExpiredPurchases(logger, new Date(Date.now() + 10 * 60_000));
      expect(counts).toEqual({ created: death.ends === 'created' ? 1 : 0, refunded: death.ends === 'refunded' ? 1 : 0, skipped: 0 });
      const ended = await getOrder(user.id, String(order!.id));
      expect(ended?.status).toBe(death.ends === 'created' ? 'created' : 'failed');
      expect(await entriesOf(user.id)).toEqual(
        death.ends === 'created'
          ? [
              ['label', -600, 'completed'],
              ['topup', 2000, 'completed'],
            ]
          : [
              ['label', -600, 'completed'],
              ['refund', 600, 'completed'],
              ['topup', 2000, 'completed'],
            ],
      );
      const { getCarrier } = await vi.importActual<typeof import('../../../functions/providers/registry/carrier')>(
        '../../../functions/providers/registry/carrier',
      );
      expect((await getCarrier().findPurchase(labelRequestOf(ended!))).state).toBe(death.carrierHolds);

      const again = await send();
      if (death.ends === 'created') {
        expect(again.statusCode).toBe(201);
        expect((again.json?.label as { tracking?: string } | undefined)?.tracking).toBe(ended?.tracking);
      } else expect(again.statusCode).toBe(409);
      expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
      await expectUserConsistent(user.id, { settled: true });
    });
  });
}
