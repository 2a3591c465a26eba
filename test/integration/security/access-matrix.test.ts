/**
 * The access matrix: every entry of domain/api/route-table.ts, called through its real handler by each
 * of the five callers of actors.ts, answers exactly what the table below says. The table is written
 * out by hand, route by route, so a new route cannot ship without someone deciding who may call
 * it: a route without a row fails, and so does a row without a route.
 *
 * Every cell gets a fresh world (owner, second user, admin), so cells never share codes, wallets or
 * rate limits. Requests are valid (so a 2xx proves the caller really got through, not only past
 * the token check), and "other"/"admin" aim at the owner's ids where the route takes one.
 *
 * Reading the columns: anonymous = no token; otp = the owner's sign-in token (password passed, code
 * not yet); user = the owner, verified; other = a second verified user on the owner's ids; admin =
 * an admin on the owner's ids; key = an API key of the owner's with every scope, which acts as the
 * owner where a key may go and is refused 403 on the person's own routes (/auth/*, /account/*,
 * support), the code step and admin routes (domain/api/key-scope.ts).
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { listAddresses, saveAddress } from '../../../functions/data/addresses';
import { listPackages, savePackage } from '../../../functions/data/packages';
import { createApiKey, hashApiKey, listApiKeys } from '../../../functions/data/api-keys';
import { createWebhook, getWebhook } from '../../../functions/data/webhooks';
import { getDelivery } from '../../../functions/data/webhook-deliveries';
import { storedDelivery } from '../webhook-receiver';
import { getOrder } from '../../../functions/data/orders';
import { getPickup } from '../../../functions/data/pickups';
import { todayInEastern } from '../../../domain/ship-date';
import { getAdjustment, listAdjustments } from '../../../functions/data/postage-adjustments';
import { adjustSandboxLabel } from '../../../functions/postage/sandbox-adjustments';
import { storeResetToken, storeSignInCode } from '../../../functions/data/one-time-codes';
import { getUserById } from '../../../functions/data/users';
import { getMembership, inviteMember, listMembers } from '../../../functions/data/members';
import { signInviteToken } from '../../../functions/accounts/invite-tokens';
import { labelFileKey } from '../../../functions/labels/label-files';
import { getLabelStore } from '../../../functions/providers/registry/blobs';
import { listPasskeys, storePasskey } from '../../../functions/data/passkeys';
import { getTotpSecret, storePendingTotp, useTotpStep } from '../../../functions/data/totp-secrets';
import { newTotpSecret } from '../../../functions/accounts/totp';
import { replaceRecoveryCodes } from '../../../functions/accounts/second-factor';
import { Secret, TOTP } from 'otpauth';
import { softwarePasskey } from '../../fixtures/software-passkey';
import { signUnsubscribeToken } from '../../../functions/notifications/unsubscribe-tokens';
import { signReturnLabelToken } from '../../../functions/labels/return-label-links';
import { buyReturn, returnQuote } from '../return-label';
import { getCardCheckout } from '../../../functions/providers/registry/payments';
import { afterShipSignature } from '../../../functions/tracking/aftership-events';
import { easyPostSignature } from '../../../functions/tracking/easypost-events';
import { afterShipWebhookSecret, easyPostWebhookSecret } from '../../../functions/tracking/webhook-secrets';
import { routes, type RouteKey } from '../../../domain/api/routes';
import { hashResetToken, hashSignInCode, newResetToken } from '../../../functions/security/secrets';
import { creditWallet } from '../wallet-credit';
import { readBatch } from '../../../functions/batches/batches';
import { uploadBatch } from '../../../functions/batches/upload';
import { purchaseBatch } from '../../../functions/batches/purchase';
import { batchQueueIdle } from '../../../functions/batches/queue';
import { runBatchToEnd } from '../../../functions/batches/run';
import { logger } from '../../../functions/observability/logger';
import { batchCsv, sampleRow, sampleRows } from '../../fixtures/batch-csv';
import {
  ACTORS,
  actorAccount,
  actorToken,
  address,
  buyLabel,
  expectRefusal,
  idempotencyKey,
  invoke,
  labelOrder,
  newAccount,
  newWorld,
  PASSWORD,
  routeKeys,
  type Account,
  type Actor,
  type Answer,
  type Req,
  type TableKey,
  type World,
} from './actors';

type Statuses = Record<Actor, number>;

/** Anyone, token or not: the token is ignored. */
const PUBLIC = (ok: number): Statuses => ({ anonymous: ok, otp: ok, user: ok, other: ok, admin: ok, key: ok });
/** No token 401; a sign-in token 403 (code not entered yet); any verified account acts on its own data, and so does the owner's key. */
const VERIFIED = (ok: number): Statuses => ({ anonymous: 401, otp: 403, user: ok, other: ok, admin: ok, key: ok });
/** Like VERIFIED, but the path names the owner's item: anyone else gets 404, exactly like an unknown id; the owner's key acts as the owner. */
const OWNED = (ok: number): Statuses => ({ anonymous: 401, otp: 403, user: ok, other: 404, admin: 404, key: ok });
/** A person's own route (/auth/*, /account/*, support): as VERIFIED, but no API key reaches it (403). */
const PERSONAL = (ok: number): Statuses => ({ ...VERIFIED(ok), key: 403 });
/** A person's own route naming the owner's item: as OWNED, but no API key reaches it (403). */
const PERSONAL_OWNED = (ok: number): Statuses => ({ ...OWNED(ok), key: 403 });
/** The code routes: any session of the account the body's email names; another account's email is 403; no key. */
const CODE = (ok: number): Statuses => ({ anonymous: 401, otp: ok, user: ok, other: 403, admin: 403, key: 403 });
/** Admin routes: 401 without a token, 403 for every non-admin session and every key. */
const ADMIN = (ok: number): Statuses => ({ anonymous: 401, otp: 403, user: 403, other: 403, admin: ok, key: 403 });

interface Cell {
  world: World;
  actor: Actor;
  /** The calling account (undefined when anonymous). */
  caller: Account | undefined;
  /** What prepare() made for this cell. */
  fx: Record<string, string>;
  /** The call acted as the owner: the owner's session, or the owner's key where it was let through. */
  asOwner: boolean;
}

interface Row {
  expect: Statuses;
  /** Why these answers are the right ones. */
  why: string;
  /** Data the request needs, made in the cell's own world before the call. */
  prepare?: (world: World) => Promise<Record<string, string>>;
  /** The request, without the token (the test adds the actor's). */
  request?: (cell: Cell) => Req;
  /** Checks on the data after the call. */
  after?: (cell: Cell, res: Answer) => Promise<void>;
}

/** The origin links point at in tests (APP_URL's default), which passkeys are bound to. */
const APP_ORIGIN = 'http://localhost:3000';
const totpCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
/** The owner with an authenticator app set up (its confirming step long past). */
const ownerTotp = async (w: World) => {
  const { secret } = newTotpSecret(w.owner.email);
  await storePendingTotp(w.owner.id, secret);
  await useTotpStep(w.owner.id, (await getTotpSecret(w.owner.id))!, 1, true);
  return { secret };
};
/** The owner with a stored passkey (not a usable one: the rows that use it only list or delete it). */
const ownerPasskey = async (w: World) => {
  const credentialId = `cred-${Math.random().toString(36).slice(2)}`;
  await storePasskey(w.owner.id, { credentialId, publicKey: 'AAAA', counter: 0, transports: [], name: 'Laptop', createdAt: new Date().toISOString() });
  return { credentialId };
};
const ownerAddress = async (w: World) => ({ addressId: (await saveAddress(w.owner.id, address('Owner Home', '78701', '9 Owner Rd'))).id });
const ownerPackage = async (w: World) => ({ packageId: (await savePackage(w.owner.id, { name: 'Owner box', weight: 2, length: 10, width: 6, height: 4 })).id });
/** The owner's package, and whether it is the owner's default after the call. */
const ownerDefault = async (world: World, fx: Record<string, string>) => (await listPackages(world.owner.id)).find((p) => p.id === fx.packageId)?.isDefault;
const ownerLabel = async (w: World) => {
  const label = await buyLabel(w.owner);
  return { shipOrderId: label.shipOrderId, tracking: label.tracking };
};
/** The owner's label re-rated by the sandbox carrier through the webhook's code path: one postage adjustment. */
const ownerAdjustment = async (w: World) => {
  const { shipOrderId } = await ownerLabel(w);
  const order = (await getOrder(w.owner.id, shipOrderId))!;
  await adjustSandboxLabel(order, { amountCents: 150, reason: 'Weight' }, logger);
  return { adjustmentId: (await listAdjustments(w.owner.id, { limit: 1 })).items[0]!.id };
};
/** A pickup of the labels named, today, at the sample sender's address. */
const pickupOf = (orderIds: string[]) => ({ date: todayInEastern(), windowStart: '09:00', windowEnd: '17:00', address: address('Ann Sender'), orderIds });
const ownerScanForm = async (w: World) => {
  const { shipOrderId } = await ownerLabel(w);
  const res = await invoke('POST /shipping/scan-forms', { token: w.owner.token, body: { orderIds: [shipOrderId] } });
  return { scanFormId: String(res.json?.id) };
};
const ownerPickup = async (w: World) => {
  const { shipOrderId } = await ownerLabel(w);
  const res = await invoke('POST /shipping/pickups', { token: w.owner.token, body: pickupOf([shipOrderId]) });
  return { pickupId: String(res.json?.id) };
};
const ownerWithdrawal = async (w: World) => {
  await creditWallet(w.owner, 500);
  const res = await invoke('POST /wallet/withdrawals', { token: w.owner.token, body: { amount: 2 } });
  return { withdrawalId: String(res.json?.id) };
};
/** The owner's batch, its rows priced by the (in-process) batch worker. */
async function ownerBatch(w: World): Promise<{ batchId: string }> {
  const { batchId } = await uploadBatch(w.owner.id, Buffer.from(batchCsv(sampleRows(2))), undefined);
  await batchQueueIdle();
  return { batchId };
}
const ownerBoughtBatch = async (w: World) => {
  await creditWallet(w.owner, 1200);
  const { batchId } = await ownerBatch(w);
  await purchaseBatch({ userId: w.owner.id, batchId, body: { paymentMethod: 'credits' }, key: idempotencyKey(), log: logger });
  await runBatchToEnd(batchId, logger);
  return { batchId };
};
/** An adjustment of $200 to the owner's wallet asked by another admin, waiting for a second one. */
const ownerPendingAdjustment = async (w: World) => {
  const asker = await newAccount('admin', 'matrix');
  const res = await invoke('POST /admin/users/{id}/adjustments', {
    token: asker.token,
    params: { id: w.owner.id },
    headers: { 'idempotency-key': idempotencyKey() },
    body: { amountCents: 20_000, reason: 'Goodwill credit' },
  });
  return { approvalId: String((res.json?.pendingApproval as { id?: string } | null)?.id) };
};
/** The owner's webhook endpoint (to an address nobody listens on). */
const ownerWebhook = async (w: World) => ({
  endpointId: (await createWebhook(w.owner.id, { url: 'https://shop.example/hooks', events: ['label.created'] })).id,
});
/** The owner's endpoint with one delivery, given up already (so only a resend makes it pending). */
const ownerWebhookDelivery = async (w: World) => {
  const fx = await ownerWebhook(w);
  return { ...fx, deliveryId: await storedDelivery(w.owner.id, fx.endpointId, 'failed') };
};
/** A file answer's text (handlers send files base64-encoded, as API Gateway expects). */
const csvText = (res: Answer) => Buffer.from(res.body ?? '', 'base64').toString('utf8');
/** An invitation into the owner's team (not yet accepted). */
const ownerInvitation = async (w: World) => {
  const email = uniqueEmail();
  return { memberId: (await inviteMember(w.owner, w.owner.email, email, 'shipper')).id, email };
};
/** A third account's invitation of the owner's email into its team, and the mailed link's token. */
const invitationToOwner = async (w: World) => {
  const team = await newAccount('user', 'matrix-team');
  const member = await inviteMember(team, team.email, w.owner.email, 'viewer');
  return { token: await signInviteToken({ accountId: team.id, memberId: member.id }) };
};
const uniqueEmail = () => `matrix-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

const matrix: Record<TableKey, Row> = {
  'POST /auth/register': {
    expect: PUBLIC(201),
    why: 'anyone may sign up; a token sent along changes nothing (an admin token does not make an admin)',
    request: () => ({ body: { name: 'New Person', email: uniqueEmail(), password: PASSWORD, recaptchaToken: 't' } }),
    after: async (_cell, res) => {
      const id = (res.json?.user as { id: string }).id;
      expect((await getUserById(id))?.role).toBe('user');
    },
  },
  'POST /auth/login': {
    expect: PUBLIC(200),
    why: 'the password is the credential here (each caller signs in as itself); a token sent along is ignored',
    request: ({ world, caller }) => ({ body: { email: (caller ?? world.owner).email, password: PASSWORD, recaptchaToken: 't' } }),
  },
  'POST /auth/send-otp': {
    expect: CODE(200),
    why: "the body's email must be the token's account, so nobody can mail codes to (or for) someone else",
    request: ({ world }) => ({ body: { email: world.owner.email } }),
  },
  'POST /auth/resend-otp': {
    expect: CODE(200),
    why: 'same rule as send-otp',
    request: ({ world }) => ({ body: { email: world.owner.email } }),
  },
  'POST /auth/verify-otp': {
    expect: CODE(200),
    why: "a right code works only with a session of its own account: another account's token cannot use it",
    prepare: async (w) => {
      await storeSignInCode(w.owner.id, hashSignInCode(w.owner.id, 'ABC234'));
      return {};
    },
    request: ({ world }) => ({ body: { email: world.owner.email, otp: 'ABC234' } }),
    after: async ({ actor, world }, res) => {
      // A refused caller must not have spent (or used) the owner's code: it still verifies.
      if (res.statusCode === 200) return;
      const retry = await invoke('POST /auth/verify-otp', { token: world.owner.otpToken, body: { email: world.owner.email, otp: 'ABC234' } });
      expect(retry.statusCode, `owner's code after ${actor}`).toBe(200);
    },
  },
  'POST /auth/verify-totp': {
    expect: CODE(200),
    why: "like verify-otp: the owner's app code works only with a session of the owner's account",
    prepare: ownerTotp,
    request: ({ world, fx }) => ({ body: { email: world.owner.email, code: totpCode(fx.secret!) } }),
  },
  'POST /auth/verify-recovery-code': {
    expect: CODE(200),
    why: "like verify-otp: the owner's recovery code works only with a session of the owner's account, and a refused caller does not spend it",
    prepare: async (w) => ({ code: (await replaceRecoveryCodes(w.owner.id))[0]! }),
    request: ({ world, fx }) => ({ body: { email: world.owner.email, code: fx.code } }),
  },
  'POST /auth/passkey/options': {
    expect: CODE(200),
    why: "the owner's passkey list and a challenge go only to a session of the owner's account",
    prepare: ownerPasskey,
    request: ({ world }) => ({ body: { email: world.owner.email } }),
  },
  'POST /auth/passkey/verify': {
    expect: CODE(200),
    why: "an assertion of the owner's passkey ends only the owner's sign-in",
    prepare: async (w) => {
      const key = softwarePasskey();
      const reg = await invoke('POST /auth/passkeys/options', { token: w.owner.token });
      await invoke('POST /auth/passkeys', { token: w.owner.token, body: { response: key.register(reg.json as never, APP_ORIGIN) } });
      const options = await invoke('POST /auth/passkey/options', { token: w.owner.otpToken, body: { email: w.owner.email } });
      return { response: JSON.stringify(key.signIn(options.json as never, APP_ORIGIN)) };
    },
    request: ({ world, fx }) => ({ body: { email: world.owner.email, response: JSON.parse(fx.response!) as unknown } }),
  },
  'GET /auth/security': { expect: PERSONAL(200), why: "the caller's own second factors and devices; no id in the path to aim elsewhere" },
  'POST /auth/totp/start': { expect: PERSONAL(200), why: "starts an authenticator app on the caller's own account" },
  'POST /auth/totp/confirm': {
    expect: { anonymous: 401, otp: 403, user: 200, other: 409, admin: 409, key: 403 },
    why: "confirms the caller's own pending app: the owner's is confirmed, the others have none pending (409), and the owner's stays pending",
    prepare: async (w) => {
      const { secret } = newTotpSecret(w.owner.email);
      await storePendingTotp(w.owner.id, secret);
      return { secret };
    },
    request: ({ fx }) => ({ body: { code: totpCode(fx.secret!) } }),
    after: async ({ actor, world, asOwner }) => {
      expect((await getTotpSecret(world.owner.id))?.confirmed, `owner's app after ${actor}`).toBe(asOwner);
    },
  },
  'POST /auth/totp/remove': {
    expect: { anonymous: 401, otp: 403, user: 200, other: 409, admin: 409, key: 403 },
    why: "removes the caller's own app: the others have none (409) and cannot reach the owner's",
    prepare: ownerTotp,
    request: () => ({ body: { password: PASSWORD } }),
    after: async ({ actor, world, asOwner }) => {
      expect(await getTotpSecret(world.owner.id), `owner's app after ${actor}`).toEqual(asOwner ? undefined : expect.objectContaining({ confirmed: true }));
    },
  },
  'POST /auth/passkeys/options': { expect: PERSONAL(200), why: "a new passkey's challenge for the caller's own account" },
  'POST /auth/passkeys': {
    expect: { anonymous: 401, otp: 403, user: 200, other: 400, admin: 400, key: 403 },
    why: "the answer must meet the caller's own challenge: the owner's challenge is not another account's (400), so nobody adds a passkey to the owner",
    prepare: async (w) => {
      const reg = await invoke('POST /auth/passkeys/options', { token: w.owner.token });
      return { response: JSON.stringify(softwarePasskey().register(reg.json as never, APP_ORIGIN)) };
    },
    request: ({ fx }) => ({ body: { response: JSON.parse(fx.response!) as unknown } }),
    after: async ({ actor, world, asOwner }) => {
      expect(await listPasskeys(world.owner.id), `owner's passkeys after ${actor}`).toHaveLength(asOwner ? 1 : 0);
    },
  },
  'DELETE /auth/passkeys/{id}': {
    expect: PERSONAL_OWNED(200),
    why: "the key is the caller's: another user's (or an admin's) delete of the owner's passkey finds nothing",
    prepare: ownerPasskey,
    request: ({ fx }) => ({ params: { id: fx.credentialId! } }),
    after: async ({ actor, world, asOwner }) => {
      expect(await listPasskeys(world.owner.id), `owner's passkeys after ${actor}`).toHaveLength(asOwner ? 0 : 1);
    },
  },
  'POST /auth/recovery-codes': { expect: PERSONAL(200), why: "new recovery codes for the caller's own account" },
  'DELETE /auth/devices': { expect: PERSONAL(200), why: "forgets the caller's own remembered devices" },
  'POST /auth/forgot-password': {
    expect: PUBLIC(200),
    why: 'public, and the same answer whether the account exists',
    request: ({ world }) => ({ body: { email: world.owner.email } }),
  },
  'POST /auth/reset-password': {
    expect: PUBLIC(200),
    why: 'the emailed link is the credential; no session needed or used',
    prepare: async (w) => {
      const token = newResetToken(w.owner.id);
      await storeResetToken(w.owner.id, hashResetToken(token));
      return { token };
    },
    request: ({ fx }) => ({ body: { token: fx.token, password: 'N3w!passw0rd' } }),
  },
  'GET /auth/captcha-challenge': { expect: PUBLIC(200), why: 'the sign-up and sign-in forms need it before any session' },
  'GET /auth/profile': { expect: PERSONAL(200), why: "the caller's own profile; no id in the path to aim elsewhere" },
  'PUT /auth/profile': {
    expect: PERSONAL(200),
    why: 'changes only the caller',
    request: () => ({ body: { name: 'Renamed Person' } }),
    after: async ({ world, asOwner }) => {
      if (!asOwner) expect((await getUserById(world.owner.id))?.name).toBe(world.owner.name);
    },
  },
  'GET /auth/get-profile-picture': { expect: PERSONAL(200), why: "the caller's own avatar" },
  'POST /auth/logout': {
    expect: PERSONAL(200),
    why: "ends the caller's own session only: the owner's session outlives everyone else's logout",
    after: async ({ world, asOwner }) => {
      expect((await invoke('GET /auth/profile', { token: world.owner.token })).statusCode).toBe(asOwner ? 401 : 200);
    },
  },
  'GET /auth/sessions': {
    expect: PERSONAL(200),
    why: "lists the caller's own sessions, the caller's marked",
    after: async ({ actor }, res) => {
      if (res.statusCode !== 200) return;
      const sessions = res.json?.sessions as { current: boolean }[];
      expect(
        sessions.filter((s) => s.current),
        actor,
      ).toHaveLength(1);
    },
  },
  'DELETE /auth/sessions': {
    expect: PERSONAL(200),
    why: "ends the caller's other sessions, never another account's; the caller's own goes on",
    after: async ({ world, caller }) => {
      if (caller) expect((await invoke('GET /auth/profile', { token: caller.token })).statusCode).toBe(200);
      expect((await invoke('GET /auth/profile', { token: world.owner.token })).statusCode).toBe(200);
    },
  },
  'PUT /auth/notifications': {
    expect: PERSONAL(200),
    why: "changes only the caller's own mail settings",
    request: () => ({ body: { delivered: false, exception: true, unused: true } }),
    after: async ({ world, asOwner }) => {
      if (!asOwner) expect((await getUserById(world.owner.id))?.notifications).toBeUndefined();
    },
  },
  'PUT /auth/label-format': {
    expect: PERSONAL(200),
    why: "changes only the caller's own default label file",
    request: () => ({ body: { format: 'zpl' } }),
    after: async ({ world, asOwner }) => {
      if (!asOwner) expect((await getUserById(world.owner.id))?.labelFormat).toBeUndefined();
    },
  },
  'POST /notifications/unsubscribe': {
    expect: PUBLIC(200),
    why: "the mail's signed token is the only credential (it names the account and the setting); tokens are ignored",
    prepare: async (w) => ({ token: await signUnsubscribeToken({ userId: w.owner.id, kind: 'delivered' }) }),
    request: ({ fx }) => ({ query: { token: fx.token! } }),
    after: async ({ world }) => {
      expect((await getUserById(world.owner.id))?.notifications).toMatchObject({ delivered: false });
    },
  },
  'GET /auth/users': { expect: ADMIN(200), why: 'every account with its balance: admins only' },
  'GET /auth/addresses': {
    expect: PERSONAL(200),
    why: "the caller's own list; the leak check proves the second user does not see the owner's",
    prepare: ownerAddress,
  },
  'POST /auth/addresses': {
    expect: PERSONAL(201),
    why: "saved under the caller's own key",
    request: () => ({ body: address('Work', '73301', '5 Oak St') }),
  },
  'POST /addresses/verify': {
    expect: VERIFIED(200),
    why: 'any verified session may check an address (it spends provider calls, so never anonymous); nothing is stored',
    request: () => ({ body: address('Work', '73301', '5 Oak St') }),
  },
  'DELETE /auth/addresses/{id}': {
    expect: PERSONAL_OWNED(200),
    why: "the key is the caller's: another user's (or an admin's) delete of the owner's id finds nothing",
    prepare: ownerAddress,
    request: ({ fx }) => ({ params: { id: fx.addressId as string } }),
    after: async ({ actor, world, fx, asOwner }) => {
      const still = (await listAddresses(world.owner.id)).some((a) => a.id === fx.addressId);
      expect(still, `owner's address after ${actor}`).toBe(!asOwner);
    },
  },
  'GET /auth/packages': {
    expect: PERSONAL(200),
    why: "the caller's own list; the leak check proves the second user does not see the owner's",
    prepare: ownerPackage,
    after: async ({ actor, fx, asOwner }, res) => {
      if (res.statusCode !== 200) return;
      const seen = (res.json as unknown as { id: string }[]).some((p) => p.id === fx.packageId);
      expect(seen, `owner's package seen by ${actor}`).toBe(asOwner);
    },
  },
  'POST /auth/packages': {
    expect: PERSONAL(201),
    why: "saved under the caller's own key",
    request: () => ({ body: { name: 'Flat mailer', weight: 1, length: 12, width: 9, height: 1 } }),
  },
  'PUT /auth/packages/{id}/default': {
    expect: PERSONAL_OWNED(200),
    why: "the key is the caller's: another user's (or an admin's) default of the owner's package finds nothing",
    prepare: ownerPackage,
    request: ({ fx }) => ({ params: { id: fx.packageId! } }),
    after: async ({ actor, world, fx, asOwner }) => {
      expect(await ownerDefault(world, fx), `owner's default after ${actor}`).toBe(asOwner);
    },
  },
  'DELETE /auth/packages/{id}/default': {
    expect: PERSONAL_OWNED(200),
    why: "the key is the caller's: nobody else can clear the owner's default",
    prepare: async (w) => {
      const fx = await ownerPackage(w);
      await invoke('PUT /auth/packages/{id}/default', { token: w.owner.token, params: { id: fx.packageId } });
      return fx;
    },
    request: ({ fx }) => ({ params: { id: fx.packageId! } }),
    after: async ({ actor, world, fx, asOwner }) => {
      expect(await ownerDefault(world, fx), `owner's default after ${actor}`).toBe(!asOwner);
    },
  },
  'DELETE /auth/packages/{id}': {
    expect: PERSONAL_OWNED(200),
    why: "the key is the caller's: another user's (or an admin's) delete of the owner's package finds nothing",
    prepare: ownerPackage,
    request: ({ fx }) => ({ params: { id: fx.packageId! } }),
    after: async ({ actor, world, fx, asOwner }) => {
      const still = (await listPackages(world.owner.id)).some((p) => p.id === fx.packageId);
      expect(still, `owner's package after ${actor}`).toBe(!asOwner);
    },
  },
  'POST /account/webhooks': {
    expect: PERSONAL(201),
    why: "registered under the caller's own account",
    request: () => ({ body: { url: 'https://shop.example/hooks', events: ['label.created'] } }),
  },
  'GET /account/webhooks': {
    expect: PERSONAL(200),
    why: "the caller's own list; the leak check proves the second user does not see the owner's",
    prepare: ownerWebhook,
    after: async ({ actor, fx }, res) => {
      if (res.statusCode !== 200) return;
      const seen = (res.json as unknown as { id: string }[]).some((e) => e.id === fx.endpointId);
      expect(seen, `owner's endpoint seen by ${actor}`).toBe(actor === 'user');
    },
  },
  'DELETE /account/webhooks/{id}': {
    expect: PERSONAL_OWNED(200),
    why: "the key is the caller's account: nobody else can delete the owner's endpoint",
    prepare: ownerWebhook,
    request: ({ fx }) => ({ params: { id: fx.endpointId! } }),
    after: async ({ actor, world, fx }) => {
      expect(!!(await getWebhook(world.owner.id, fx.endpointId!)), `owner's endpoint after ${actor}`).toBe(actor !== 'user');
    },
  },
  'GET /account/webhooks/{id}/deliveries': {
    expect: PERSONAL_OWNED(200),
    why: "the endpoint is read under the caller's account first: another account's endpoint is a 404",
    prepare: ownerWebhookDelivery,
    request: ({ fx }) => ({ params: { id: fx.endpointId! } }),
  },
  'POST /account/webhooks/{id}/deliveries/{deliveryId}/resend': {
    expect: PERSONAL_OWNED(200),
    why: "the endpoint is read under the caller's account first: nobody else can resend the owner's deliveries",
    prepare: ownerWebhookDelivery,
    request: ({ fx }) => ({ params: { id: fx.endpointId!, deliveryId: fx.deliveryId! } }),
    after: async ({ actor, fx }) => {
      const d = await getDelivery({ endpointId: fx.endpointId!, deliveryId: fx.deliveryId! });
      expect(d?.status, `owner's delivery after ${actor}`).toBe(actor === 'user' ? 'pending' : 'failed');
    },
  },
  'POST /stripe/create-checkout-session': {
    expect: VERIFIED(200),
    why: "a top-up of the caller's own wallet",
    request: () => ({ body: { amount: 10 } }),
  },
  'POST /stripe/webhook': {
    expect: PUBLIC(200),
    why: "Stripe's signature is the only credential (an ignored event type, validly signed, is acknowledged); tokens are ignored",
    request: () => {
      const payload = JSON.stringify({
        id: `evt_matrix_${idempotencyKey()}`,
        object: 'event',
        livemode: false,
        type: 'customer.created',
        data: { object: {} },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: getCardCheckout().webhookSecret() });
      return { raw: payload, headers: { 'stripe-signature': signature } };
    },
  },
  'POST /hoodpay/topup': {
    expect: VERIFIED(200),
    why: "a crypto top-up of the caller's own wallet",
    request: () => ({ body: { amount: 10, creditType: 'Crypto' } }),
  },
  'POST /easypost/webhook': {
    expect: PUBLIC(200),
    why: "EasyPost's HMAC signature is the only credential (an event about no label of ours, validly signed, is acknowledged); tokens are ignored",
    request: () => {
      const raw = JSON.stringify({ id: `evt_matrix_${idempotencyKey()}`, object: 'Event', description: 'batch.created', result: {} });
      return { raw, headers: { 'x-hmac-signature': easyPostSignature(raw, easyPostWebhookSecret()) } };
    },
  },
  'POST /aftership/webhook': {
    expect: PUBLIC(200),
    why: "AfterShip's HMAC signature is the only credential (an event that is not a tracking update is acknowledged); tokens are ignored",
    request: () => {
      const raw = JSON.stringify({ event: 'edd_revise', event_id: idempotencyKey(), msg: {} });
      return { raw, headers: { 'aftership-hmac-sha256': afterShipSignature(raw, afterShipWebhookSecret()) } };
    },
  },
  'POST /hoodpay/webhook': {
    expect: PUBLIC(200),
    why: 'a notification only names a payment, re-read from Hoodpay; an unknown one is acknowledged and changes nothing',
    request: () => ({ body: { eventType: 'PAYMENT_COMPLETED', forPaymentEvents: { id: `hp_local_${idempotencyKey()}`, status: 'COMPLETED' } } }),
  },
  'GET /hoodpay/transactions': {
    expect: VERIFIED(200),
    why: "users see their own entries even when asking for a type; admins asking for a type see everyone's",
    prepare: async (w) => {
      await creditWallet(w.owner, 500);
      return {};
    },
    // One page of 100 holds every top-up this file has made by then (a few per cell).
    request: () => ({ query: { type: 'topup', limit: '100' } }),
    after: async ({ actor, world, asOwner }, res) => {
      const owners = ((res.json?.data ?? []) as { userId: string }[]).filter((e) => e.userId === world.owner.id);
      expect(owners.length, `owner's entries seen by ${actor}`).toBe(asOwner || actor === 'admin' ? 1 : 0);
    },
  },
  'POST /shipping/rates': {
    expect: VERIFIED(200),
    why: "prices the caller's own form and signs the quote for the caller alone; nothing of another account is read",
    request: () => ({ body: labelOrder() }),
  },
  'POST /shipping/create-label': {
    expect: VERIFIED(201),
    why: "bought from the caller's own wallet",
    prepare: async (w) => {
      await Promise.all([creditWallet(w.owner, 2000), creditWallet(w.other, 2000), creditWallet(w.admin, 2000)]);
      return {};
    },
    request: () => ({ headers: { 'idempotency-key': idempotencyKey() }, body: labelOrder() }),
  },
  'GET /shipping/orders': {
    expect: VERIFIED(200),
    why: "the caller's own orders; the leak check proves the second user does not see the owner's",
    prepare: ownerLabel,
    after: async ({ actor, fx, asOwner }, res) => {
      const seen = ((res.json?.orders ?? []) as { shipOrderId: string }[]).some((o) => o.shipOrderId === fx.shipOrderId);
      if (res.statusCode === 200) expect(seen, `owner's order seen by ${actor}`).toBe(asOwner);
    },
  },
  'GET /shipping/download-order/{shipOrderId}': {
    expect: OWNED(200),
    why: "the order is read under the caller's key: the owner's PDF is a 404 for anyone else, admins included",
    prepare: ownerLabel,
    request: ({ fx }) => ({ params: { shipOrderId: fx.shipOrderId as string }, query: { format: 'zpl' } }),
    after: async ({ actor, world, fx, asOwner }) => {
      // Only the owner's download records the label as served (which ends its instant refund).
      const order = await getOrder(world.owner.id, fx.shipOrderId as string);
      if (asOwner) expect(order?.downloadedAt, `owner's label after ${actor}`).toEqual(expect.any(String));
      else expect(order?.downloadedAt, `owner's label after ${actor}`).toBeNull();
      // Nobody else's download makes (and keeps) the owner's label in another format either.
      const zpl = await getLabelStore().get(labelFileKey(order?.labelKey as string, { format: 'zpl', dpi: 203 }));
      if (asOwner) expect(zpl, `owner's ZPL after ${actor}`).toBeDefined();
      else expect(zpl, `owner's ZPL after ${actor}`).toBeUndefined();
    },
  },
  'POST /shipping/orders/{shipOrderId}/refund': {
    expect: OWNED(200),
    why: "the order is read under the caller's key: anyone else's refund of the owner's label is a 404, admins included",
    prepare: ownerLabel,
    request: ({ fx }) => ({ params: { shipOrderId: fx.shipOrderId as string } }),
    after: async ({ actor, world, fx, asOwner }) => {
      const order = await getOrder(world.owner.id, fx.shipOrderId as string);
      expect(order?.status, `owner's label after ${actor}`).toBe(asOwner ? 'refunded' : 'created');
    },
  },
  'POST /shipping/orders/{shipOrderId}/return': {
    expect: OWNED(201),
    why: "the outbound is read under the caller's key: anyone else's return of the owner's label is a 404, admins included, even with the owner's quote",
    prepare: async (w) => {
      const label = await ownerLabel(w);
      await Promise.all([creditWallet(w.other, 2000), creditWallet(w.admin, 2000)]);
      return { ...label, quoteId: (await returnQuote(w.owner, label.shipOrderId)).quoteId };
    },
    request: ({ fx }) => ({
      params: { shipOrderId: fx.shipOrderId as string },
      headers: { 'idempotency-key': idempotencyKey() },
      body: { quoteId: fx.quoteId },
    }),
    after: async ({ actor, world, fx, asOwner }) => {
      const outbound = await getOrder(world.owner.id, fx.shipOrderId as string);
      expect(outbound?.returnIds?.length ?? 0, `returns of the owner's label after ${actor}`).toBe(asOwner ? 1 : 0);
    },
  },
  'GET /shipping/return-label': {
    expect: PUBLIC(200),
    why: "the mailed link's signed token is the only credential (it names one return label); tokens are ignored",
    prepare: async (w) => {
      const { shipOrderId } = await ownerLabel(w);
      const res = await buyReturn(w.owner, shipOrderId);
      const returned = (await getOrder(w.owner.id, (res.json as { label: { shipOrderId: string } }).label.shipOrderId))!;
      return { token: await signReturnLabelToken(returned) };
    },
    request: ({ fx }) => ({ query: { token: fx.token! } }),
  },
  'GET /shipping/adjustments': {
    expect: VERIFIED(200),
    why: "the caller's own adjustments; the leak check proves another account does not see the owner's",
    prepare: ownerAdjustment,
    after: async ({ actor, fx, asOwner }, res) => {
      const seen = ((res.json?.adjustments ?? []) as { id: string }[]).some((a) => a.id === fx.adjustmentId);
      if (res.statusCode === 200) expect(seen, `owner's adjustment seen by ${actor}`).toBe(asOwner);
    },
  },
  'POST /shipping/adjustments/{adjustmentId}/dispute': {
    expect: OWNED(201),
    why: "the adjustment is read under the caller's key: anyone else's dispute of the owner's is a 404, admins included",
    prepare: ownerAdjustment,
    request: ({ fx }) => ({ params: { adjustmentId: fx.adjustmentId as string }, body: { message: 'My scale said 2 lb, not 3 lb.' } }),
    after: async ({ actor, world, fx, asOwner }) => {
      const adjustment = await getAdjustment(world.owner.id, fx.adjustmentId as string);
      expect(adjustment?.disputedAt ?? null, `owner's adjustment after ${actor}`).toEqual(asOwner ? expect.any(String) : null);
    },
  },
  'POST /shipping/scan-forms': {
    expect: OWNED(201),
    why: "labels are read under the caller's key: the owner's labels are a 404 for anyone else, admins included, and go on no form of theirs",
    prepare: ownerLabel,
    request: ({ fx }) => ({ body: { orderIds: [fx.shipOrderId] } }),
    after: async ({ actor, world, fx, asOwner }) => {
      const order = (await getOrder(world.owner.id, fx.shipOrderId as string)) as { scanFormId?: string } | undefined;
      expect(order?.scanFormId, `owner's label after ${actor}`).toEqual(asOwner ? expect.any(String) : undefined);
    },
  },
  'GET /shipping/scan-forms': {
    expect: VERIFIED(200),
    why: "the caller's own forms; the leak check proves another account does not see the owner's",
    prepare: ownerScanForm,
    after: async ({ actor, fx, asOwner }, res) => {
      const seen = ((res.json?.scanForms ?? []) as { id: string }[]).some((f) => f.id === fx.scanFormId);
      if (res.statusCode === 200) expect(seen, `owner's form seen by ${actor}`).toBe(asOwner);
    },
  },
  'GET /shipping/scan-forms/{id}/pdf': {
    expect: OWNED(200),
    why: "the form is read under the caller's key: the owner's PDF is a 404 for anyone else, admins included",
    prepare: ownerScanForm,
    request: ({ fx }) => ({ params: { id: fx.scanFormId as string } }),
  },
  'POST /shipping/pickups': {
    expect: OWNED(201),
    why: "labels are read under the caller's key: a pickup of the owner's labels is a 404 for anyone else, admins included",
    prepare: ownerLabel,
    request: ({ fx }) => ({ body: pickupOf([fx.shipOrderId as string]) }),
    after: async ({ actor, world, asOwner }, res) => {
      const booked = res.statusCode === 201 ? await getPickup(world.owner.id, String(res.json?.id)) : undefined;
      expect(booked?.status, `owner's pickup after ${actor}`).toBe(asOwner ? 'scheduled' : undefined);
    },
  },
  'GET /shipping/pickups': {
    expect: VERIFIED(200),
    why: "the caller's own pickups; the leak check proves another account does not see the owner's",
    prepare: ownerPickup,
    after: async ({ actor, fx, asOwner }, res) => {
      const seen = ((res.json?.pickups ?? []) as { id: string }[]).some((p) => p.id === fx.pickupId);
      if (res.statusCode === 200) expect(seen, `owner's pickup seen by ${actor}`).toBe(asOwner);
    },
  },
  'DELETE /shipping/pickups/{id}': {
    expect: OWNED(200),
    why: "the pickup is read under the caller's key: anyone else's cancel of the owner's is a 404, admins included",
    prepare: ownerPickup,
    request: ({ fx }) => ({ params: { id: fx.pickupId as string } }),
    after: async ({ actor, world, fx, asOwner }) => {
      const pickup = await getPickup(world.owner.id, fx.pickupId as string);
      expect(pickup?.status, `owner's pickup after ${actor}`).toBe(asOwner ? 'canceled' : 'scheduled');
    },
  },
  'POST /shipping/track': {
    expect: VERIFIED(200),
    why: 'tracking numbers are public, as on usps.com; the answer has places and scans only, never names, streets or account data',
    prepare: ownerLabel,
    request: ({ fx }) => ({ body: { trackingNumber: fx.tracking } }),
    after: async (_cell, res) => {
      expect(res.body).not.toMatch(/Ann Sender|Bo Receiver|Main St|Elm St/);
    },
  },
  'POST /support': {
    expect: PERSONAL(201),
    why: "stored under the caller and answered to the caller's own email, whatever email the body names",
    request: ({ world }) => ({ body: { email: world.owner.email, subject: 'Other', message: 'Please help me with my labels.' } }),
  },
  'GET /admin/stats': { expect: ADMIN(200), why: 'business figures: admins only' },
  'GET /shipping/savings': {
    expect: VERIFIED(200),
    why: "the caller's own savings; the leak check proves another account's labels are not counted",
    prepare: ownerLabel,
    after: async ({ actor, asOwner }, res) => {
      if (res.statusCode === 200) expect(res.json?.labels, `owner's label counted for ${actor}`).toBe(asOwner ? 1 : 0);
    },
  },
  'GET /wallet/balance-history': {
    expect: VERIFIED(200),
    why: "the caller's own ledger; the leak check proves another account's top-up is not in it",
    prepare: async (w) => {
      await creditWallet(w.owner, 500);
      return {};
    },
    after: async ({ actor, asOwner }, res) => {
      const days = (res.json?.days ?? []) as { balanceCents: number }[];
      if (res.statusCode === 200) expect(days.at(-1)?.balanceCents, `owner's balance seen by ${actor}`).toBe(asOwner ? 500 : 0);
    },
  },
  'GET /wallet/withdrawals': {
    expect: VERIFIED(200),
    why: "the caller's own requests; the leak check proves the second user does not see the owner's",
    prepare: ownerWithdrawal,
    after: async ({ actor, fx, asOwner }, res) => {
      const seen = ((res.json?.withdrawals ?? []) as { id: string }[]).some((w) => w.id === fx.withdrawalId);
      if (res.statusCode === 200) expect(seen, `owner's request seen by ${actor}`).toBe(asOwner);
    },
  },
  'POST /wallet/withdrawals': {
    expect: PERSONAL(201),
    why: "a hold on the caller's own wallet, asked by a signed-in person: a key never takes money out",
    prepare: async (w) => {
      await Promise.all([creditWallet(w.owner, 500), creditWallet(w.other, 500), creditWallet(w.admin, 500)]);
      return {};
    },
    request: () => ({ body: { amount: 2 } }),
  },
  'GET /admin/withdrawals': { expect: ADMIN(200), why: "every user's withdrawal requests: admins only" },
  'POST /admin/withdrawals/{id}/approve': {
    expect: ADMIN(200),
    why: 'paying money out of a wallet is for admins only',
    prepare: ownerWithdrawal,
    request: ({ fx }) => ({ params: { id: fx.withdrawalId as string }, body: { note: 'Paid by bank transfer' } }),
  },
  'POST /admin/withdrawals/{id}/reject': {
    expect: ADMIN(200),
    why: 'deciding on a request is for admins only',
    prepare: ownerWithdrawal,
    request: ({ fx }) => ({ params: { id: fx.withdrawalId as string }, body: { reason: 'Please ask again next month' } }),
  },
  'POST /admin/users/{id}/adjustments': {
    expect: ADMIN(201),
    why: "changing someone's balance by hand is for admins only",
    request: ({ world }) => ({
      params: { id: world.owner.id },
      headers: { 'idempotency-key': idempotencyKey() },
      body: { amountCents: 100, reason: 'Goodwill credit' },
    }),
    after: async ({ actor, world }) => {
      expect((await getUserById(world.owner.id))?.balanceCents ?? 0, `owner's balance after ${actor}`).toBe(actor === 'admin' ? 100 : 0);
    },
  },
  'GET /admin/approvals': { expect: ADMIN(200), why: 'requests waiting for a second admin: admins only' },
  'POST /admin/approvals/{id}/approve': {
    expect: ADMIN(200),
    why: "a second admin's approval moves money: admins only (the asking admin is a second admin here, not the matrix's)",
    prepare: ownerPendingAdjustment,
    request: ({ fx }) => ({ params: { id: fx.approvalId as string }, body: {} }),
    after: async ({ actor, world }) => {
      expect((await getUserById(world.owner.id))?.balanceCents ?? 0, `owner's balance after ${actor}`).toBe(actor === 'admin' ? 20_000 : 0);
    },
  },
  'POST /admin/approvals/{id}/reject': {
    expect: ADMIN(200),
    why: 'refusing a pending request is for admins only',
    prepare: ownerPendingAdjustment,
    request: ({ fx }) => ({ params: { id: fx.approvalId as string }, body: { reason: 'Not agreed' } }),
  },
  'GET /admin/audit': { expect: ADMIN(200), why: 'who did what to whose money: admins only' },
  'GET /exports/audit.csv': { expect: ADMIN(200), why: 'the audit log as a file: admins only' },
  'GET /receipts/{receipt}': {
    expect: OWNED(200),
    why: "the receipt is read from the caller's own ledger: the owner's label receipt is a 404 for anyone else, admins included",
    prepare: ownerLabel,
    request: ({ fx }) => ({ params: { receipt: `${fx.shipOrderId}.pdf` } }),
  },
  'GET /exports/orders.csv': {
    expect: VERIFIED(200),
    why: "the caller's own orders as CSV; the check proves nobody else's tracking number is in it",
    prepare: ownerLabel,
    after: async ({ actor, fx, asOwner }, res) => {
      if (res.statusCode === 200) expect(csvText(res).includes(fx.tracking as string), `owner's order in ${actor}'s export`).toBe(asOwner);
    },
  },
  'GET /exports/transactions.csv': {
    expect: VERIFIED(200),
    why: "the caller's own ledger as CSV (scope=all, every user's top-ups, is the admin's only: test/integration/handlers/exports)",
    prepare: ownerLabel,
    after: async ({ actor, fx, asOwner }, res) => {
      if (res.statusCode === 200) expect(csvText(res).includes(fx.shipOrderId as string), `owner's entries in ${actor}'s export`).toBe(asOwner);
    },
  },
  // Batch labels
  'GET /shipping/batches/template.csv': { expect: PUBLIC(200), why: 'the CSV template holds no data: anyone may download it' },
  'GET /shipping/batches': {
    expect: VERIFIED(200),
    why: "the caller's own batches; the leak check proves the second user does not see the owner's",
    prepare: ownerBatch,
    after: async ({ actor, fx, asOwner }, res) => {
      const seen = ((res.json?.batches ?? []) as { batchId: string }[]).some((b) => b.batchId === fx.batchId);
      if (res.statusCode === 200) expect(seen, `owner's batch seen by ${actor}`).toBe(asOwner);
    },
  },
  'POST /shipping/batches': {
    expect: VERIFIED(201),
    why: "a verified user stores a batch of their own; the caller's id is the owner, whatever the CSV says",
    request: () => ({ raw: batchCsv(sampleRows(2)), contentType: 'text/csv' }),
  },
  'GET /shipping/batches/{batchId}': {
    expect: OWNED(200),
    why: "a batch is checked against the caller: the owner's batch is a 404 for anyone else, admins included",
    prepare: ownerBatch,
    request: ({ fx }) => ({ params: { batchId: fx.batchId as string } }),
  },
  'PUT /shipping/batches/{batchId}/rows/{row}': {
    expect: OWNED(200),
    why: "only the owner fixes a row of their batch; anyone else's edit is a 404 and changes nothing",
    prepare: ownerBatch,
    request: ({ fx }) => ({ params: { batchId: fx.batchId as string, row: '2' }, body: { fields: sampleRow({ toName: 'Fixed Name' }) } }),
    after: async ({ actor, world, fx, asOwner }) => {
      const batch = await readBatch(world.owner.id, fx.batchId as string);
      expect(batch.rows[0]?.fields.toName, `owner's row after ${actor}`).toBe(asOwner ? 'Fixed Name' : 'Receiver 1');
    },
  },
  'DELETE /shipping/batches/{batchId}/rows/{row}': {
    expect: OWNED(200),
    why: "only the owner drops a row of their batch; anyone else's is a 404 and changes nothing",
    prepare: ownerBatch,
    request: ({ fx }) => ({ params: { batchId: fx.batchId as string, row: '2' } }),
    after: async ({ actor, world, fx, asOwner }) => {
      const batch = await readBatch(world.owner.id, fx.batchId as string);
      expect(batch.rows[0]?.status, `owner's row after ${actor}`).toBe(asOwner ? 'dropped' : 'ready');
    },
  },
  'POST /shipping/batches/{batchId}/purchase': {
    expect: OWNED(200),
    why: "only the owner buys their batch (with their own wallet); anyone else's purchase is a 404 and spends nothing",
    prepare: async (w) => {
      await creditWallet(w.owner, 1200);
      return ownerBatch(w);
    },
    request: ({ fx }) => ({ params: { batchId: fx.batchId as string }, headers: { 'idempotency-key': idempotencyKey() }, body: { paymentMethod: 'credits' } }),
    after: async ({ actor, world, fx, asOwner }) => {
      await batchQueueIdle();
      const batch = await readBatch(world.owner.id, fx.batchId as string);
      expect(batch.status, `owner's batch after ${actor}`).toBe(asOwner ? 'done' : 'draft');
    },
  },
  'GET /shipping/batches/{batchId}/labels.pdf': {
    expect: OWNED(200),
    why: "the merged labels are read from the caller's own batch: a 404 for anyone else, admins included",
    prepare: ownerBoughtBatch,
    request: ({ fx }) => ({ params: { batchId: fx.batchId as string }, query: { format: 'letter' } }),
  },
  'GET /shipping/batches/{batchId}/results.csv': {
    expect: OWNED(200),
    why: "the results are read from the caller's own batch (tracking numbers): a 404 for anyone else, admins included",
    prepare: ownerBoughtBatch,
    request: ({ fx }) => ({ params: { batchId: fx.batchId as string } }),
  },
  'GET /api/counter': { expect: PUBLIC(200), why: 'the landing page counter' },
  'POST /account/api-keys': {
    expect: PERSONAL(201),
    why: 'a signed-in person makes keys for their own account; a key cannot make keys',
    request: () => ({ body: { name: 'Shop sync', scopes: ['read'] } }),
    after: async ({ actor, world, asOwner }) => {
      // The world holds one key of the owner's already.
      expect(await listApiKeys(world.owner.id), `owner's keys after ${actor}`).toHaveLength(asOwner ? 2 : 1);
    },
  },
  'GET /account/api-keys': {
    expect: PERSONAL(200),
    why: "the caller's own keys; never the key text nor its hash",
    after: async ({ actor, world }, res) => {
      expect(res.body ?? '', `keys answered to ${actor}`).not.toContain(world.ownerKey);
      expect(res.body ?? '', `keys answered to ${actor}`).not.toContain(hashApiKey(world.ownerKey));
      const seen = Array.isArray(res.json) && (res.json as { name: string }[]).some((k) => k.name === 'matrix key');
      expect(seen, `owner's key seen by ${actor}`).toBe(actor === 'user');
    },
  },
  'DELETE /account/api-keys/{id}': {
    expect: PERSONAL_OWNED(200),
    why: "only the owner revokes their key; another account's id is a 404 and the key keeps working",
    prepare: async (w) => ({ keyId: (await createApiKey(w.owner.id, { name: 'Spare', scopes: ['read'] })).apiKey.id }),
    request: ({ fx }) => ({ params: { id: fx.keyId as string } }),
    after: async ({ actor, world, fx, asOwner }) => {
      const spare = (await listApiKeys(world.owner.id)).find((k) => k.id === fx.keyId);
      expect(spare?.revokedAt, `owner's key after ${actor}`).toEqual(asOwner ? expect.any(String) : undefined);
    },
  },
  'GET /account/members': {
    expect: PERSONAL(200),
    why: "the caller's own team (a person on their own account owns it); the leak check proves the second user does not see the owner's",
    prepare: ownerInvitation,
    after: async ({ actor, fx }, res) => {
      const listed = JSON.stringify(res.json);
      expect(listed.includes(fx.email as string), `the owner's invitation listed to ${actor}`).toBe(actor === 'user');
    },
  },
  'POST /account/members': {
    expect: PERSONAL(201),
    why: "invites into the caller's own team",
    request: () => ({ body: { email: uniqueEmail(), role: 'viewer' } }),
  },
  'DELETE /account/members/{id}': {
    expect: PERSONAL_OWNED(200),
    why: "the member is under the caller's team: another user's (or an admin's) delete of the owner's invitation finds nothing",
    prepare: ownerInvitation,
    request: ({ fx }) => ({ params: { id: fx.memberId as string } }),
    after: async ({ actor, world, fx }) => {
      const still = (await listMembers(world.owner.id)).some((m) => m.id === fx.memberId);
      expect(still, `owner's invitation after ${actor}`).toBe(actor !== 'user');
    },
  },
  'POST /account/members/accept': {
    expect: { anonymous: 401, otp: 403, user: 200, other: 403, admin: 403, key: 403 },
    why: "the link is for the owner's email: only the owner's verified session joins; anyone else with the link is refused",
    prepare: invitationToOwner,
    request: ({ fx }) => ({ body: { token: fx.token as string } }),
    after: async ({ actor, world }) => {
      expect(Boolean(await getMembership(world.owner.id)), `the owner joined after ${actor}`).toBe(actor === 'user');
    },
  },
};

describe('access matrix', () => {
  it('has exactly one expected row per route of domain/api/route-table.ts', () => {
    const rows = Object.keys(matrix).sort();
    const table = routeKeys(routes);
    expect(
      table.filter((k) => !rows.includes(k)),
      'routes without an expected row',
    ).toEqual([]);
    expect(
      rows.filter((k) => !table.includes(k)),
      'rows without a route',
    ).toEqual([]);
  });

  it.each(routeKeys(routes))('%s answers each caller as expected', async (key) => {
    const row = matrix[key as TableKey];
    if (!row) throw new Error(`no expected row for ${key}`);
    const actual = {} as Statuses;
    await Promise.all(
      ACTORS.map(async (actor) => {
        const world = await newWorld('matrix');
        const cell: Cell = { world, actor, caller: actorAccount(world, actor), fx: (await row.prepare?.(world)) ?? {}, asOwner: actor === 'user' };
        const res = await invoke(key as RouteKey, { ...row.request?.(cell), token: actorToken(world, actor) });
        const status = (actual[actor] = res.statusCode ?? 0);
        cell.asOwner = actor === 'user' || (actor === 'key' && status < 400);
        if (status !== row.expect[actor]) return; // the table comparison below reports it
        if (status >= 400) expectRefusal(res, `${key} as ${actor}`);
        // Nothing the second user is ever answered may name the owner.
        if (actor === 'other') {
          expect(res.body ?? '', `${key}: answer to the second user`).not.toContain(world.owner.id);
          expect(res.body ?? '', `${key}: answer to the second user`).not.toContain(world.owner.email);
        }
        await row.after?.(cell, res);
      }),
    );
    expect(actual, row.why).toEqual(row.expect);
  });
});
