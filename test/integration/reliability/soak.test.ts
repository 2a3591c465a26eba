/**
 * A mixed soak through the local front (real HTTP, real handlers, sandbox payment pages, DynamoDB
 * Local): 20 users run 300 random operations in total, all users at once — top-ups through the
 * sandbox checkout pages (Stripe and Hoodpay), webhook replays of events already applied, wallet
 * label purchases (new keys, repeated keys, double submits), label downloads, address saves, and
 * bursts where one user's top-up, purchase and download run at the same moment.
 *
 * Each user's operations come from a seeded generator and run in order, so a model of that user
 * (balance, labels, addresses) predicts every answer exactly. At the end the table itself must
 * agree: every balance is its ledger sum, every order has its debit and every debit its order, and
 * the counters (public labels counter, admin stats) equal the labels, users and balances stored.
 * The seed is printed at the start (stdout and a test annotation) and heads every failure message;
 * SOAK_SEED=<seed> replays the same operations of each user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATES } from '../../../functions/accounts/limits';
import { labelPriceCents } from '../../../domain/pricing';
import { getLocalCheckout } from '../../../functions/data/local-checkouts';
import { getStats } from '../../../functions/data/stats';
import { createUser } from '../../../functions/data/users';
import { signSessionToken } from '../../session-token';
import { hoodpaySandboxWebhookPayload } from '../../../functions/providers/payments/sandbox-checkout';
import { stripeSandboxEvent } from '../../../functions/providers/payments/sandbox-stripe-event';
import { startFront, type Front } from '../../../infra/local/server';
import {
  address,
  expectTableConsistent,
  labelForm,
  newUser,
  replayHint,
  runSeed,
  seededRandom,
  storedItems,
  withSeedInFailures,
  type TestUser,
} from './helpers';

const USERS = 20;
const OPERATIONS = 300;

let front: Front;
beforeAll(async () => {
  front = await startFront({ port: 0, spa: 'none' });
});
afterAll(() => front.close());

type Random = ReturnType<typeof seededRandom>;

/** What one user's answers must be, kept as the operations run. */
interface Model {
  user: TestUser;
  balanceCents: number;
  labels: { orderId: string; tracking: string; key: string }[];
  streets: Set<string>;
  /** Webhook deliveries already applied, to be delivered again. */
  events: ({ kind: 'stripe'; payload: string; signature: string } | { kind: 'hoodpay'; paymentId: string })[];
  topUps: number;
  topUpCents: number;
  /** Payment sessions opened in the current window of the per-user checkout rate. */
  checkouts: number;
}

const STREETS = ['1 Elm St', '22 Pine Rd', '303 Cedar Ave', '4 Birch Ln', '55 Maple Dr', '6 Walnut Ct'];
/** Label types and weights that have a price (labelPriceCents > 0). */
const FORMS = [
  { labelType: 'priority', weight: 1 },
  { labelType: 'usps_priority', weight: 2 },
  { labelType: 'usps_priority', weight: 31 },
  { labelType: 'usps_ground', weight: 12.5 },
  { labelType: 'ground_lbs', weight: 0.5 },
  { labelType: 'ground_lbs', weight: 70 },
];

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

function api(user: TestUser | undefined, path: string, init: { method?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}) {
  return fetch(front.url + path, {
    method: init.method ?? (init.body !== undefined || init.raw !== undefined ? 'POST' : 'GET'),
    headers: {
      'content-type': 'application/json',
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      ...init.headers,
    },
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
}

/** Pays a sandbox checkout with its page's Pay button, which delivers the provider's event. */
async function payPage(id: string): Promise<void> {
  const res = await fetch(`${front.url}/_local/checkout/${id}/pay`, { method: 'POST', headers: { accept: 'application/json' } });
  expect(res.status, `paying checkout ${id}`).toBe(200);
  expect(await res.json()).toEqual({ status: 'paid', webhookStatus: 200 });
}

const dollars = (cents: number) => Number((cents / 100).toFixed(2));

// ---------------------------------------------------------------------------------------------
// Operations: each sends real requests and checks every answer against the model.
// ---------------------------------------------------------------------------------------------

/**
 * Opens a payment session, as the model expects under the per-user checkout rate: 200 below it; at
 * it, 429 (nothing opened: undefined) or, when the rate's window has turned meanwhile, 200 again.
 */
async function openCheckout(m: Model, path: string, body: unknown): Promise<Response | undefined> {
  const res = await api(m.user, path, { body });
  if (m.checkouts >= RATES.checkoutUser.max) {
    expect([200, 429]).toContain(res.status);
    if (res.status === 429) return undefined;
    m.checkouts = 0;
  }
  expect(res.status).toBe(200);
  m.checkouts++;
  return res;
}

async function topUpStripePage(m: Model, r: Random) {
  const cents = r.int(100, 8000);
  const res = await openCheckout(m, '/stripe/create-checkout-session', { amount: dollars(cents) });
  if (!res) return;
  await payPage((await json<{ id: string }>(res)).id);
  m.balanceCents += cents;
  m.topUps++;
  m.topUpCents += cents;
}

/** Delivers the signed Stripe event itself (what the page would), keeping it for replays. */
async function topUpStripeEvent(m: Model, r: Random) {
  const cents = r.int(100, 8000);
  const res = await openCheckout(m, '/stripe/create-checkout-session', { amount: dollars(cents) });
  if (!res) return;
  const checkout = await getLocalCheckout((await json<{ id: string }>(res)).id);
  if (!checkout) throw new Error('no sandbox checkout');
  const { payload, signatureHeader } = stripeSandboxEvent(checkout, 'paid');
  const hook = await api(undefined, '/stripe/webhook', { raw: payload, headers: { 'stripe-signature': signatureHeader } });
  expect(hook.status).toBe(200);
  m.events.push({ kind: 'stripe', payload, signature: signatureHeader });
  m.balanceCents += cents;
  m.topUps++;
  m.topUpCents += cents;
}

async function topUpHoodpay(m: Model, r: Random) {
  const cents = r.int(100, 8000);
  const res = await openCheckout(m, '/hoodpay/topup', { amount: dollars(cents), creditType: r.pick(['Crypto', 'Bitcoin']) });
  if (!res) return;
  const paymentId = (await json<{ data: { hoodpayOrderId: string } }>(res)).data.hoodpayOrderId;
  await payPage(paymentId);
  m.events.push({ kind: 'hoodpay', paymentId });
  m.balanceCents += cents;
  m.topUps++;
  m.topUpCents += cents;
}

/** Delivers an event that was already applied again: acknowledged, and not a cent moves. */
async function replay(m: Model, r: Random) {
  if (m.events.length === 0) return topUpHoodpay(m, r);
  const event = r.pick(m.events);
  const res =
    event.kind === 'stripe'
      ? await api(undefined, '/stripe/webhook', { raw: event.payload, headers: { 'stripe-signature': event.signature } })
      : await api(undefined, '/hoodpay/webhook', { body: hoodpaySandboxWebhookPayload(event.paymentId, 'paid') });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ received: true });
}

let keyCount = 0;
/** Buys one label with a new key: 201 and the price debited when affordable, else 402 and nothing. */
async function buy(m: Model, r: Random, options: { form?: (typeof FORMS)[number]; concurrent?: boolean } = {}) {
  const key = `soak-${++keyCount}`;
  const form = options.form ?? r.pick(FORMS);
  const price = labelPriceCents(form.labelType, form.weight);
  const affordable = m.balanceCents >= price;
  const res = await api(m.user, '/shipping/create-label', { body: labelForm(form), headers: { 'idempotency-key': key } });
  const body = await json<{ label: { shipOrderId: string; tracking: string; status: string; priceCents: number }; balanceCents: number; message: string }>(res);
  if (!affordable) {
    expect(res.status, JSON.stringify(body)).toBe(402);
    return;
  }
  expect(res.status, JSON.stringify(body)).toBe(201);
  expect(body.label).toMatchObject({ status: 'created', priceCents: price });
  m.balanceCents -= price;
  // With a top-up of the same user in flight, the answer may or may not include it yet.
  if (!options.concurrent) expect(body.balanceCents).toBe(m.balanceCents);
  m.labels.push({ orderId: body.label.shipOrderId, tracking: body.label.tracking, key });
}

/** The same key again (a retry after a lost answer): the first order, charged once. */
async function repeatKey(m: Model, r: Random) {
  if (m.labels.length === 0) return buy(m, r);
  const first = r.pick(m.labels);
  const res = await api(m.user, '/shipping/create-label', { body: labelForm(r.pick(FORMS)), headers: { 'idempotency-key': first.key } });
  expect(res.status).toBe(201);
  const body = await json<{ label: { shipOrderId: string }; balanceCents: number }>(res);
  expect(body.label.shipOrderId).toBe(first.orderId);
  expect(body.balanceCents).toBe(m.balanceCents);
}

/** A double click: one key sent twice at once buys one label, and both answers name it. */
async function doubleSubmit(m: Model, r: Random) {
  const key = `soak-${++keyCount}`;
  const form = labelForm(r.pick(FORMS));
  const price = labelPriceCents(form.labelType, form.weight);
  const send = () => api(m.user, '/shipping/create-label', { body: form, headers: { 'idempotency-key': key } });
  // A repeat that outwaits a slow first purchase answers 409 with Retry-After: the client asks again
  // with the same key and must then get the one label, as a browser's retry would.
  const answerOf = async (pending: Promise<Response>): Promise<Response> => {
    let answer = await pending;
    for (let tries = 0; answer.status === 409 && tries < 20; tries++) {
      expect(answer.headers.get('retry-after')).not.toBeNull();
      await answer.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 500));
      answer = await send();
    }
    return answer;
  };
  const answers = await Promise.all([answerOf(send()), answerOf(send())]);
  const bodies = await Promise.all(answers.map((a) => json<{ label?: { shipOrderId: string; tracking: string } }>(a)));
  if (m.balanceCents < price) {
    expect(answers.map((a) => a.status)).toEqual([402, 402]);
    return;
  }
  expect(
    answers.map((a) => a.status),
    JSON.stringify(bodies),
  ).toEqual([201, 201]);
  expect(bodies[0]?.label?.shipOrderId).toBe(bodies[1]?.label?.shipOrderId);
  m.balanceCents -= price;
  m.labels.push({ orderId: bodies[0]!.label!.shipOrderId, tracking: bodies[0]!.label!.tracking, key });
}

async function download(m: Model, r: Random) {
  if (m.labels.length === 0) return buy(m, r);
  const label = r.pick(m.labels);
  const res = await api(m.user, `/shipping/download-order/${label.orderId}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${label.tracking}.pdf"`);
  expect(
    Buffer.from(await res.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
}

/** Saves one of a few places: new ones 201, ones saved before 409, decided by the table. */
async function saveAddress(m: Model, r: Random) {
  const street = r.pick(STREETS);
  const res = await api(m.user, '/auth/addresses', { body: address(`Contact ${r.int(1, 99)}`, street, '78701') });
  expect(res.status, street).toBe(m.streets.has(street) ? 409 : 201);
  m.streets.add(street);
}

/** One user's top-up, purchase and download at the same moment: the balance sees all of them. */
async function burst(m: Model, r: Random) {
  const form = r.pick(FORMS);
  // Each task takes its random choices before its first request, so the order below fixes them.
  const tasks = [topUpHoodpay(m, r)];
  if (m.labels.length) tasks.push(download(m, r));
  // Bought only when the balance before the top-up covers it: then the answer is 201 either way.
  if (m.balanceCents >= labelPriceCents(form.labelType, form.weight)) tasks.push(buy(m, r, { form, concurrent: true }));
  await Promise.all(tasks);
}

const OPERATION_WEIGHTS = {
  topUpStripePage: 3,
  topUpStripeEvent: 1,
  topUpHoodpay: 2,
  replay: 2,
  buy: 6,
  repeatKey: 1,
  doubleSubmit: 1,
  download: 2,
  saveAddress: 2,
  burst: 1,
};
type Operation = keyof typeof OPERATION_WEIGHTS;
const OPERATIONS_BY_NAME: Record<Operation, (m: Model, r: Random) => Promise<void>> = {
  topUpStripePage,
  topUpStripeEvent,
  topUpHoodpay,
  replay,
  buy: (m, r) => buy(m, r),
  repeatKey,
  doubleSubmit,
  download,
  saveAddress,
  burst,
};

describe('mixed soak', () => {
  it(`keeps every cent and every count through ${OPERATIONS} random operations of ${USERS} concurrent users`, { timeout: 120_000 }, async ({ annotate }) => {
    const seed = runSeed();
    console.log(`mixed soak ${replayHint(seed)}`);
    await annotate(replayHint(seed));
    await withSeedInFailures(seed, () => soak(seed));
  });
});

/** The soak itself: every user's seeded operations at once, then the whole-table checks. */
async function soak(seed: number): Promise<void> {
  const models: Model[] = await Promise.all(
    Array.from({ length: USERS }, async () => ({
      user: await newUser('soak'),
      balanceCents: 0,
      labels: [],
      streets: new Set<string>(),
      events: [],
      topUps: 0,
      checkouts: 0,
      topUpCents: 0,
    })),
  );
  const problems: string[] = [];
  const ran: Record<string, number> = {};
  await Promise.all(
    models.map(async (m, i) => {
      const r = seededRandom((seed + Math.imul(i + 1, 0x9e3779b9)) >>> 0);
      const count = OPERATIONS / USERS;
      for (let step = 0; step < count; step++) {
        // Everyone starts with a top-up, so purchases mostly succeed; 402s still happen.
        const op: Operation = step === 0 ? 'topUpStripePage' : r.weighted(OPERATION_WEIGHTS);
        ran[op] = (ran[op] ?? 0) + 1;
        try {
          await OPERATIONS_BY_NAME[op](m, r);
        } catch (err) {
          problems.push(`user ${i} step ${step} ${op}: ${err instanceof Error ? err.message : String(err)}`);
          return; // this user's model is no longer trustworthy
        }
      }
    }),
  );
  expect(problems, `seed ${seed}`).toEqual([]);
  // Every kind of operation ran at least once, or the soak would prove less than it claims.
  expect(Object.keys(ran).sort(), JSON.stringify(ran)).toEqual(Object.keys(OPERATION_WEIGHTS).sort());

  // Each user's own view agrees with the model...
  for (const m of models) {
    const profile = await json<{ balanceCents: number }>(await api(m.user, '/auth/profile'));
    expect(profile.balanceCents, m.user.email).toBe(m.balanceCents);
    const orders = await json<{ orders: { shipOrderId: string; status: string }[]; totalOrders: number }>(await api(m.user, '/shipping/orders?limit=100'));
    expect(orders.orders.map((o) => o.shipOrderId).sort()).toEqual(m.labels.map((l) => l.orderId).sort());
    expect(orders.totalOrders).toBe(m.labels.length);
    expect((await storedItems(m.user.id, 'ADDR#')).length).toBe(m.streets.size);
  }

  // ...and the table and its counters agree with both.
  const totals = await expectTableConsistent({ settled: true });
  expect(totals).toEqual({
    users: USERS,
    labels: models.reduce((n, m) => n + m.labels.length, 0),
    balanceCents: models.reduce((n, m) => n + m.balanceCents, 0),
  });
  const stats = await getStats();
  expect({ topUps: stats.window.topUps, topUpCents: stats.window.topUpCents, labels: stats.window.labels }).toEqual({
    topUps: models.reduce((n, m) => n + m.topUps, 0),
    topUpCents: models.reduce((n, m) => n + m.topUpCents, 0),
    labels: totals.labels,
  });
  // The same figures as the public counter and the admin dashboard serve them.
  expect(await json<{ count: number }>(await fetch(`${front.url}/api/counter`))).toEqual({ count: totals.labels });
  // The dashboard needs a stored admin (the factory checks an admin claim against the account),
  // who is one more user.
  const stored = await createUser({ name: 'Soak Admin', email: `soak-admin-${seed}@example.com`, passwordHash: 'x', verified: true, role: 'admin' });
  const admin = { token: await signSessionToken({ userId: stored.id, role: 'admin', scope: 'full' }) } as TestUser;
  const dashboard = await json<{ users: number; labels: { total: number }; balances: { cents: number } }>(await api(admin, '/admin/stats'));
  expect({ users: dashboard.users, labels: dashboard.labels.total, cents: dashboard.balances.cents }).toEqual({
    users: totals.users + 1,
    labels: totals.labels,
    cents: totals.balanceCents,
  });
}
