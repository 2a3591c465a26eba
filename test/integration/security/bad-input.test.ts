/**
 * Bad input, generated: every route that takes a body gets at least 30 bodies built from its zod
 * schema to be refused (wrong types, missing fields, huge strings, bad numbers, hostile unicode,
 * prototype-pollution keys, deep nesting, 1 MiB, not JSON, not an object), every list route bad
 * query strings, every path-id route bad ids, and both webhooks bad bodies. Each answer must be a
 * 4xx with a JSON `{ message }` and nothing internal in it, and the table must be exactly as before:
 * a full scan after every request is compared with the scan before.
 *
 * Nothing is ignored in that comparison. Rate-limit and attempt records (LIMIT# counters, OTP tries, captcha
 * claims) are written only after a body has passed validation, so for a refused body even they must
 * not move; a difference there would mean some work ran before the refusal.
 */
import fc from 'fast-check';
import { ulid } from 'ulid';
import Stripe from 'stripe';
import type * as z from '../../../domain/schemas/zod';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addPasskeySchema,
  confirmTotpSchema,
  emailOnlySchema,
  loginSchema,
  registerSchema,
  removeTotpSchema,
  resetPasswordSchema,
  updateProfileSchema,
  verifyOtpSchema,
  verifyPasskeySchema,
  verifyRecoveryCodeSchema,
  verifyTotpSchema,
} from '../../../domain/schemas/auth';
import { addressSchema } from '../../../domain/schemas/addresses';
import { packageSchema } from '../../../domain/schemas/packages';
import { apiKeySchema } from '../../../domain/schemas/api-keys';
import { createApiKey } from '../../../functions/data/api-keys';
import { webhookSchema } from '../../../domain/schemas/webhooks';
import { createWebhook } from '../../../functions/data/webhooks';
import { storedDelivery } from '../webhook-receiver';
import { disputeAdjustmentSchema } from '../../../domain/schemas/adjustments';
import { getOrder } from '../../../functions/data/orders';
import { listAdjustments } from '../../../functions/data/postage-adjustments';
import { logger } from '../../../functions/observability/logger';
import { adjustSandboxLabel } from '../../../functions/postage/sandbox-adjustments';
import { labelOrderSchema, quoteRequestSchema, refundLabelSchema } from '../../../domain/schemas/labels';
import { returnLabelSchema } from '../../../domain/schemas/returns';
import { notificationSettingsBodySchema } from '../../../domain/schemas/notifications';
import { checkoutSessionSchema, topupSchema } from '../../../domain/schemas/payments';
import { supportSchema } from '../../../domain/schemas/support';
import { trackSchema } from '../../../domain/schemas/tracking';
import { adjustmentSchema, approveWithdrawalSchema, rejectWithdrawalSchema, withdrawalSchema } from '../../../domain/schemas/wallet';
import { batchPurchaseSchema, batchRowUpdateSchema } from '../../../domain/schemas/batches';
import { pickupSchema, scanFormSchema } from '../../../domain/schemas/shipping-day';
import { labelFormatBodySchema } from '../../../domain/schemas/label-formats';
import { LABEL_FORMATS } from '../../../domain/label-formats';
import { todayInEastern } from '../../../domain/ship-date';
import { approveApprovalSchema, rejectApprovalSchema } from '../../../domain/schemas/oversight';
import { uploadBatch } from '../../../functions/batches/upload';
import { batchCsv, sampleRow, sampleRows } from '../../fixtures/batch-csv';
import { saveAddress } from '../../../functions/data/addresses';
import { savePackage } from '../../../functions/data/packages';
import { getLocalCheckout } from '../../../functions/data/local-checkouts';
import { paymentIdFromWebhook } from '../../../functions/providers/payments/hoodpay-checkout';
import { stripeSandboxEvent } from '../../../functions/providers/payments/sandbox-stripe-event';
import { getCardCheckout } from '../../../functions/providers/registry/payments';
import { findRoute, routes, type RouteKey } from '../../../domain/api/routes';
import { inviteMember } from '../../../functions/data/members';
import { signInviteToken } from '../../../functions/accounts/invite-tokens';
import { acceptInviteSchema, inviteMemberSchema } from '../../../domain/schemas/members';
import { newResetToken } from '../../../functions/security/secrets';
import { AFTERSHIP_SIGNATURE_HEADER, afterShipSignature } from '../../../functions/tracking/aftership-events';
import { EASYPOST_SIGNATURE_HEADER, easyPostSignature } from '../../../functions/tracking/easypost-events';
import { afterShipWebhookSecret, easyPostWebhookSecret } from '../../../functions/tracking/webhook-secrets';
import {
  address,
  buyLabel,
  expectPrototypesClean,
  expectRefusal,
  idempotencyKey,
  invoke,
  labelOrder,
  newWorld,
  PASSWORD,
  routeKeys,
  scanTable,
  type Answer,
  type Req,
  type TableKey,
  type World,
} from './actors';
import { anyWebhookBody, badBodyStrategies, badIds, badQueries, hostileText, refusedOnly, type BadBody } from './bad-requests';

/** Bodies per route: at least this many, spread over the strategies. */
const BODIES_PER_ROUTE = 36;

let world: World;
/** Real data the refused requests could have touched: the second user's address and label, pending payments. */
let fixtures: {
  otherAddressId: string;
  otherPackageId: string;
  otherApiKeyId: string;
  otherEndpointId: string;
  ownEndpointId: string;
  otherDeliveryId: string;
  otherOrderId: string;
  otherTracking: string;
  otherBatchId: string;
  otherAdjustmentId: string;
  otherScanFormId: string;
  otherPickupId: string;
  /** An invitation into the second user's team, and its link's token (for someone else's email). */
  otherMemberId: string;
  otherInviteToken: string;
  stripePayload: string;
  hoodpayPaymentId: string;
};

beforeAll(async () => {
  world = await newWorld('bad');
  const [addr, pkg, label, otherKey] = await Promise.all([
    saveAddress(world.other.id, address('Other Home')),
    savePackage(world.other.id, { name: 'Other box', weight: 2, length: 10, width: 6, height: 4, isDefault: true }),
    buyLabel(world.other),
    createApiKey(world.other.id, { name: 'Other key', scopes: ['read'] }),
  ]);
  // A pending card top-up and a pending crypto top-up of the owner: what a forged webhook would aim at.
  const card = await invoke('POST /stripe/create-checkout-session', { token: world.owner.token, body: { amount: 40 } });
  const checkout = await getLocalCheckout((card.json as { id: string }).id);
  if (!checkout) throw new Error('no sandbox checkout');
  const crypto = await invoke('POST /hoodpay/topup', { token: world.owner.token, body: { amount: 40, creditType: 'Crypto' } });
  const batch = await uploadBatch(world.other.id, Buffer.from(batchCsv(sampleRows(1))), undefined);
  await adjustSandboxLabel((await getOrder(world.other.id, label.shipOrderId))!, { amountCents: 150, reason: 'Weight' }, logger);
  const [adjustment] = (await listAdjustments(world.other.id, { limit: 1 })).items;
  const form = await invoke('POST /shipping/scan-forms', { token: world.other.token, body: { orderIds: [label.shipOrderId] } });
  const pickup = await invoke('POST /shipping/pickups', { token: world.other.token, body: pickupOf([label.shipOrderId]) });
  const invitation = await inviteMember(world.other, world.other.email, 'invitee-of-other@example.com', 'viewer');
  const endpoint = await createWebhook(world.other.id, { url: 'https://shop.example/hooks', events: ['label.created'] });
  const deliveryId = await storedDelivery(world.other.id, endpoint.id, 'failed');
  fixtures = {
    otherMemberId: invitation.id,
    otherInviteToken: await signInviteToken({ accountId: world.other.id, memberId: invitation.id }),
    otherAddressId: addr.id,
    otherPackageId: pkg.id,
    otherApiKeyId: otherKey.apiKey.id,
    otherEndpointId: endpoint.id,
    ownEndpointId: (await createWebhook(world.owner.id, { url: 'https://shop.example/own', events: ['label.created'] })).id,
    otherDeliveryId: deliveryId,
    otherOrderId: label.shipOrderId,
    otherTracking: label.tracking,
    otherBatchId: batch.batchId,
    otherAdjustmentId: adjustment!.id,
    otherScanFormId: String(form.json?.id),
    otherPickupId: String(pickup.json?.id),
    stripePayload: stripeSandboxEvent(checkout, 'paid').payload,
    hoodpayPaymentId: (crypto.json as { data: { hoodpayOrderId: string } }).data.hoodpayOrderId,
  };
});

/** A pickup of the labels named, today, at the second user's home. */
const pickupOf = (orderIds: string[]) => ({ date: todayInEastern(), windowStart: '09:00', windowEnd: '17:00', address: address('Other Home'), orderIds });

/** The token a route's access level needs, so the refusal comes from the input and not from a missing token. */
function tokenFor(key: RouteKey): string | undefined {
  const access = findRoute(key).access;
  return { public: undefined, webhook: undefined, otp: world.owner.otpToken, user: world.owner.token, admin: world.admin.token }[access];
}

/**
 * Sends `req` and checks the answer is a refusal with the expected status and the table unchanged.
 * Returns the answer for extra checks.
 */
async function expectRefused(key: RouteKey, req: Req, statuses: number[], before: string[], what: string): Promise<Answer> {
  const res = await invoke(key, req);
  expectRefusal(res, `${key} ${what}`);
  expect(statuses, `${key} ${what}: ${res.body?.slice(0, 300)}`).toContain(res.statusCode);
  expect(await scanTable(), `${key} ${what}: the table changed`).toEqual(before);
  expectPrototypesClean();
  return res;
}

const short = (b: BadBody) => `${b.contentType} ${b.raw.length > 120 ? `${b.raw.slice(0, 120)}... (${b.raw.length} chars)` : b.raw}`;

// ------------------------------------------------------------------------------------------------
// Bodies
// ------------------------------------------------------------------------------------------------

interface BodyRow {
  schema: z.ZodMiniType;
  /** A body the schema accepts; every bad body is this one broken one way. */
  valid: () => Record<string, unknown>;
  headers?: () => Record<string, string>;
}

/** An address with its optional company, second street line and phone, so every strategy may break those too. */
const detailedAddress = (...args: Parameters<typeof address>) => ({ ...address(...args), company: 'Pine Co', street2: 'Suite 2', phone: '512-555-0100' });

const bodyRows: Partial<Record<TableKey, BodyRow>> = {
  'POST /auth/register': { schema: registerSchema, valid: () => ({ name: 'Bad Input', email: 'fresh@example.com', password: PASSWORD, recaptchaToken: 't' }) },
  'POST /auth/login': { schema: loginSchema, valid: () => ({ email: world.owner.email, password: PASSWORD, recaptchaToken: 't' }) },
  'POST /auth/send-otp': { schema: emailOnlySchema, valid: () => ({ email: world.owner.email }) },
  'POST /auth/resend-otp': { schema: emailOnlySchema, valid: () => ({ email: world.owner.email }) },
  'POST /auth/verify-otp': { schema: verifyOtpSchema, valid: () => ({ email: world.owner.email, otp: 'ABC234' }) },
  'POST /auth/verify-totp': { schema: verifyTotpSchema, valid: () => ({ email: world.owner.email, code: '123456', rememberDevice: true }) },
  'POST /auth/verify-recovery-code': { schema: verifyRecoveryCodeSchema, valid: () => ({ email: world.owner.email, code: 'ABCDE-23456' }) },
  'POST /auth/passkey/options': { schema: emailOnlySchema, valid: () => ({ email: world.owner.email }) },
  'POST /auth/passkey/verify': {
    schema: verifyPasskeySchema,
    valid: () => ({
      email: world.owner.email,
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
      },
    }),
  },
  'POST /auth/totp/confirm': { schema: confirmTotpSchema, valid: () => ({ code: '123456' }) },
  'POST /auth/totp/remove': { schema: removeTotpSchema, valid: () => ({ code: '123456' }) },
  'POST /auth/passkeys': {
    schema: addPasskeySchema,
    valid: () => ({
      name: 'Laptop',
      response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } },
    }),
  },
  'POST /auth/forgot-password': { schema: emailOnlySchema, valid: () => ({ email: world.owner.email }) },
  'POST /auth/reset-password': { schema: resetPasswordSchema, valid: () => ({ token: newResetToken(world.owner.id), password: 'N3w!passw0rd' }) },
  'PUT /auth/profile': { schema: updateProfileSchema, valid: () => ({ name: 'Some Name', password: 'N3w!passw0rd', currentPassword: PASSWORD }) },
  'PUT /auth/notifications': { schema: notificationSettingsBodySchema, valid: () => ({ delivered: true, exception: false, unused: true }) },
  'PUT /auth/label-format': { schema: labelFormatBodySchema, valid: () => ({ format: 'png', dpi: 300 }) },
  'POST /auth/addresses': { schema: addressSchema, valid: () => detailedAddress('New Place', '73301', '7 Pine St') },
  'POST /addresses/verify': { schema: addressSchema, valid: () => detailedAddress('New Place', '73301', '7 Pine St') },
  'POST /account/webhooks': { schema: webhookSchema, valid: () => ({ url: 'https://shop.example/hooks', events: ['label.created', 'tracking.updated'] }) },
  'POST /auth/packages': { schema: packageSchema, valid: () => ({ name: 'New box', weight: 2, length: 10, width: 6, height: 4, isDefault: true }) },
  'POST /account/api-keys': { schema: apiKeySchema, valid: () => ({ name: 'Shop sync', scopes: ['read', 'labels'] }) },
  'POST /stripe/create-checkout-session': { schema: checkoutSessionSchema, valid: () => ({ amount: 10 }) },
  'POST /hoodpay/topup': { schema: topupSchema, valid: () => ({ amount: 10, creditType: 'Crypto' }) },
  'POST /shipping/rates': { schema: quoteRequestSchema, valid: () => labelOrder({ from: detailedAddress() }) },
  'POST /shipping/create-label': {
    schema: labelOrderSchema,
    valid: () => labelOrder({ from: detailedAddress(), to: detailedAddress('Bo Receiver', '10001', '2 Elm St') }),
    headers: () => ({ 'idempotency-key': idempotencyKey() }),
  },
  'POST /shipping/orders/{shipOrderId}/refund': { schema: refundLabelSchema, valid: () => ({}) },
  'POST /shipping/orders/{shipOrderId}/return': {
    schema: returnLabelSchema,
    valid: () => ({ payment: 'now', email: 'back@example.com' }),
    headers: () => ({ 'idempotency-key': idempotencyKey() }),
  },
  'POST /shipping/track': { schema: trackSchema, valid: () => ({ trackingNumber: '9400100000000000000000' }) },
  'POST /shipping/adjustments/{adjustmentId}/dispute': { schema: disputeAdjustmentSchema, valid: () => ({ message: 'My scale said 2 lb, not 3 lb.' }) },
  'POST /shipping/scan-forms': { schema: scanFormSchema, valid: () => ({ date: todayInEastern(), from: detailedAddress() }) },
  'POST /shipping/pickups': {
    schema: pickupSchema,
    valid: () => ({ ...pickupOf([fixtures.otherOrderId]), address: detailedAddress(), instructions: 'Side door' }),
  },
  'POST /support': { schema: supportSchema, valid: () => ({ email: world.owner.email, subject: 'Other', message: 'Please help me with this.' }) },
  'POST /wallet/withdrawals': { schema: withdrawalSchema, valid: () => ({ amount: 5 }) },
  'POST /admin/withdrawals/{id}/approve': { schema: approveWithdrawalSchema, valid: () => ({ note: 'Paid by bank transfer' }) },
  'POST /admin/withdrawals/{id}/reject': { schema: rejectWithdrawalSchema, valid: () => ({ reason: 'Please ask again next month' }) },
  'POST /admin/users/{id}/adjustments': {
    schema: adjustmentSchema,
    valid: () => ({ amountCents: 100, reason: 'Goodwill credit' }),
    headers: () => ({ 'idempotency-key': idempotencyKey() }),
  },
  'POST /admin/approvals/{id}/approve': { schema: approveApprovalSchema, valid: () => ({ note: 'Paid by bank transfer' }) },
  'POST /admin/approvals/{id}/reject': { schema: rejectApprovalSchema, valid: () => ({ reason: 'Not agreed with the customer' }) },
  'PUT /shipping/batches/{batchId}/rows/{row}': { schema: batchRowUpdateSchema, valid: () => ({ fields: sampleRow() }) },
  'POST /shipping/batches/{batchId}/purchase': {
    schema: batchPurchaseSchema,
    valid: () => ({ paymentMethod: 'credits' }),
    headers: () => ({ 'idempotency-key': idempotencyKey() }),
  },
  'POST /account/members': { schema: inviteMemberSchema, valid: () => ({ email: 'invitee@example.com', role: 'shipper' }) },
  'POST /account/members/accept': { schema: acceptInviteSchema, valid: () => ({ token: fixtures.otherInviteToken }) },
};

/**
 * POSTs and PUTs that take no body by design: the one-click unsubscribe accepts whatever a mail
 * provider sends (RFC 8058's form-encoded `List-Unsubscribe=One-Click`) and reads only its signed
 * query token (test/integration/handlers/notifications/); logout reads only the caller's token; the
 * second-factor settings' POSTs start something on the caller's own account; "make default" is said
 * by its path.
 */
const BODILESS = new Set([
  'POST /notifications/unsubscribe',
  'POST /auth/logout',
  // Act on the caller's own account and read nothing from the body (second-factor settings).
  'POST /auth/totp/start',
  'POST /auth/passkeys/options',
  'POST /auth/recovery-codes',
  // Makes the caller's own package (named by the path) the default.
  'PUT /auth/packages/{id}/default',
  // Sends the caller's own delivery (named by the path) again.
  'POST /account/webhooks/{id}/deliveries/{deliveryId}/resend',
]);

/**
 * Routes that take a JSON body: every POST and PUT but the webhooks (which read their raw body
 * themselves), the file routes (a batch's CSV: 'bad CSV uploads' below) and BODILESS.
 */
const bodyRoutes = routes.filter(
  (r) => (r.method === 'POST' || r.method === 'PUT') && r.access !== 'webhook' && !('textBody' in r) && !BODILESS.has(`${r.method} ${r.path}`),
);

describe('bad bodies', () => {
  it('has a row for every route that takes a body, and no other', () => {
    expect(Object.keys(bodyRows).sort()).toEqual(routeKeys(bodyRoutes));
  });

  it.each(routeKeys(bodyRoutes))('%s refuses every generated bad body and writes nothing', async (key) => {
    const row = bodyRows[key as TableKey];
    if (!row) throw new Error(`no bad-body row for ${key}`);
    const strategies = refusedOnly(row.schema, badBodyStrategies(row.schema, row.valid()));
    const runsEach = Math.ceil(BODIES_PER_ROUTE / Object.keys(strategies).length);
    const before = await scanTable();
    let sent = 0;
    for (const [name, arb] of Object.entries(strategies)) {
      await fc.assert(
        fc.asyncProperty(arb, async (bad) => {
          sent++;
          const req = { raw: bad.raw, contentType: bad.contentType, token: tokenFor(key as RouteKey), headers: row.headers?.() };
          await expectRefused(key as RouteKey, req, [400, 415], before, `${name}: ${short(bad)}`);
        }),
        // A write would change every later comparison too: report the first failure as it is.
        { numRuns: runsEach, endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(30);
  });
});

/**
 * The address's optional fields, each broken one way on every route that takes an address: 400
 * naming the field by its path, and nothing changes (the generated bodies above break them at
 * random; these are the refusals a person meets).
 */
describe('bad company, second street line and phone', () => {
  const routesWithAddress: [RouteKey, (bad: Record<string, unknown>) => Record<string, unknown>, string][] = [
    ['POST /auth/addresses', (bad) => ({ ...detailedAddress(), ...bad }), ''],
    ['POST /addresses/verify', (bad) => ({ ...detailedAddress(), ...bad }), ''],
    ['POST /shipping/rates', (bad) => labelOrder({ from: { ...detailedAddress(), ...bad } }), 'from.'],
    ['POST /shipping/create-label', (bad) => labelOrder({ to: { ...detailedAddress('Bo Receiver', '10001'), ...bad } }), 'to.'],
  ];
  const badFields: [string, unknown, string][] = [
    ['phone', '555-0100', 'Phone must be a 10-digit US number'],
    ['phone', '+44 20 7946 0958', 'Phone must be a 10-digit US number'],
    ['phone', '512-555-0100 ext 4', 'Phone must be a 10-digit US number'],
    ['phone', 5125550100, 'Phone must be a 10-digit US number'],
    ['company', 'c'.repeat(101), 'Must be at most 100 characters'],
    ['company', 'Pine\r\nCo', 'Must be on one line'],
    ['company', ['Pine Co'], 'Must be text'],
    ['street2', 'see https://example.test/x', 'Links are not allowed here'],
    ['street2', 'Suite \u202E2', 'Contains characters that are not allowed'],
  ];
  const cases = routesWithAddress.flatMap(([key, body, prefix]) =>
    badFields.map(([field, value, message]) => ({ key, body, field: prefix + field, value, message })),
  );

  it.each(cases)('$key: $field $value answers 400 with "$message" and changes nothing', async ({ key, body, field, value, message }) => {
    const before = await scanTable();
    const req = { body: body({ [field.split('.').pop()!]: value }), token: tokenFor(key), headers: bodyRows[key as TableKey]?.headers?.() };
    const res = await expectRefused(key, req, [400], before, `${field} ${JSON.stringify(value)}`);
    expect((res.json as { fields?: Record<string, string> }).fields).toEqual({ [field]: message });
  });
});

describe('bad CSV uploads (POST /shipping/batches)', () => {
  it('refuses any text that is not a whole readable batch, and any other content type, writing nothing', async () => {
    const header = fc.constantFrom('', 'labelType,weight\r\n', batchCsv([sampleRow()]).split('\r\n')[0] + '\r\n');
    const body = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.tuple(header, fc.string({ maxLength: 200 })).map(([h, rest]) => h + rest),
      fc.constant(batchCsv([sampleRow()]).replace(/\r\n$/, ',extra\r\n')),
    );
    const contentType = fc.constantFrom('text/csv', 'text/csv', 'application/json', 'text/plain');
    const before = await scanTable();
    await fc.assert(
      fc.asyncProperty(body, contentType, async (raw, type) => {
        await expectRefused('POST /shipping/batches', { raw, contentType: type, token: world.owner.token }, [400, 415], before, `${type} ${raw.slice(0, 100)}`);
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });
});

// ------------------------------------------------------------------------------------------------
// Webhooks
// ------------------------------------------------------------------------------------------------

describe('bad webhook deliveries', () => {
  const webhookRoutes = routes.filter((r) => r.access === 'webhook');

  it('covers every webhook route', () => {
    expect(routeKeys(webhookRoutes)).toEqual(['POST /aftership/webhook', 'POST /easypost/webhook', 'POST /hoodpay/webhook', 'POST /stripe/webhook']);
  });

  // Carrier events: the realistic body is a "delivered" event for a label of ours, the one
  // that would move its status and mail its shipper if trusted. Every signature but the right one,
  // over any body, is refused and changes nothing.
  const carrierCases = [
    {
      key: 'POST /easypost/webhook' as const,
      header: EASYPOST_SIGNATURE_HEADER,
      sign: (body: string, secret: string) => easyPostSignature(body, secret),
      secret: () => easyPostWebhookSecret(),
      realistic: () =>
        JSON.stringify({
          id: 'evt_forged',
          object: 'Event',
          description: 'tracker.updated',
          result: {
            tracking_code: fixtures.otherTracking,
            status: 'delivered',
            tracking_details: [{ message: 'Delivered', status: 'delivered', datetime: '2030-01-01T12:00:00Z', tracking_location: { city: 'X', state: 'CA' } }],
          },
        }),
    },
    {
      key: 'POST /aftership/webhook' as const,
      header: AFTERSHIP_SIGNATURE_HEADER,
      sign: (body: string, secret: string) => afterShipSignature(body, secret),
      secret: () => afterShipWebhookSecret(),
      realistic: () =>
        JSON.stringify({
          event: 'tracking_update',
          event_id: 'forged',
          msg: {
            tracking_number: fixtures.otherTracking,
            slug: 'usps',
            tag: 'Delivered',
            checkpoints: [{ checkpoint_time: '2030-01-01T12:00:00Z', tag: 'Delivered', message: 'Delivered' }],
          },
        }),
    },
  ];
  it.each(carrierCases)('$key: a missing, forged, borrowed or misplaced signature is refused 400 and changes nothing', async (c) => {
    const realistic = fc.constant(c.realistic());
    const signature = (payload: string) =>
      fc.oneof(
        fc.constant(undefined),
        fc.string({ maxLength: 80 }),
        fc.string({ minLength: 1, maxLength: 40 }).map((other) => c.sign(payload, other)),
        fc
          .json()
          .filter((other) => other !== payload)
          .map((other) => c.sign(other, c.secret())),
        fc.constant(c.sign(payload, c.secret()).toUpperCase()).filter((h) => h !== c.sign(payload, c.secret())),
      );
    const delivery = anyWebhookBody(realistic).chain((payload) => signature(payload).map((header) => ({ payload, header })));
    const before = await scanTable();
    await fc.assert(
      fc.asyncProperty(delivery, async ({ payload, header }) => {
        await expectRefused(
          c.key,
          { raw: payload, headers: header === undefined ? {} : { [c.header]: header } },
          [400],
          before,
          `${header} ${payload.slice(0, 100)}`,
        );
      }),
      { numRuns: 30, endOnFailure: true },
    );
  });

  it('Stripe: no body, forged, stale, borrowed or missing signature is refused 400 and changes nothing', async () => {
    const secret = getCardCheckout().webhookSecret();
    const now = () => Math.floor(Date.now() / 1000);
    // The real "paid" event for the owner's pending top-up: the one body that would move money if trusted.
    const realistic = fc.constantFrom(fixtures.stripePayload, fixtures.stripePayload.replace('"amount_total":4000', '"amount_total":400000'));
    const signature = (payload: string) =>
      fc.oneof(
        fc.constant(undefined),
        fc.string({ maxLength: 80 }),
        fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }).map((hex) => `t=${now()},v1=${hex}`),
        fc.string({ minLength: 1, maxLength: 40 }).map((s) => Stripe.webhooks.generateTestHeaderString({ payload, secret: `whsec_${s}` })),
        fc.integer({ min: 301, max: 10_000_000 }).map((age) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now() - age })),
        fc.json().map((other) => Stripe.webhooks.generateTestHeaderString({ payload: other, secret })),
        fc.constant(Stripe.webhooks.generateTestHeaderString({ payload, secret }).replace('v1=', 'v0=')),
      );
    const delivery = anyWebhookBody(realistic).chain((payload) => signature(payload).map((header) => ({ payload, header })));
    const before = await scanTable();
    await fc.assert(
      fc.asyncProperty(delivery, async ({ payload, header }) => {
        const res = await expectRefused(
          'POST /stripe/webhook',
          { raw: payload, headers: header === undefined ? {} : { 'stripe-signature': header } },
          [400],
          before,
          `${header} ${payload.slice(0, 100)}`,
        );
        expect(res.json).toEqual({ message: 'Invalid signature' });
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });

  it('Hoodpay: a notification without a usable payment id is refused 400 and changes nothing', async () => {
    // Hoodpay notifications are hints (docs/decisions/0027-hoodpay-notifications-are-hints.md): the webhook trusts only a payment id, re-read from Hoodpay.
    const id = fixtures.hoodpayPaymentId;
    const badId = fc.oneof(
      fc.constantFrom(null, {}, [], true, 1.5, -1, '', ' ', `${id}/../x`, `${id} `, `${id}#`, 'a'.repeat(129), '\u0000'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).filter((s) => !/^[A-Za-z0-9_-]{1,128}$/.test(s)),
    );
    const realistic = badId.map((bad) =>
      JSON.stringify({ eventType: 'PAYMENT_COMPLETED', forPaymentEvents: { id: bad, status: 'COMPLETED' }, data: { id: bad } }),
    );
    const body = anyWebhookBody(realistic).filter((raw) => {
      try {
        return paymentIdFromWebhook(JSON.parse(raw)) === undefined;
      } catch {
        return true;
      }
    });
    const before = await scanTable();
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        await expectRefused('POST /hoodpay/webhook', { raw }, [400], before, raw.slice(0, 100));
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });
});

// ------------------------------------------------------------------------------------------------
// Query strings and path ids
// ------------------------------------------------------------------------------------------------

interface QueryRow {
  /** A cursor naming someone else's partition or index: never to be followed. */
  foreignCursor: () => Record<string, string>;
  withType: boolean;
  /** The path's ids, when it has any: the caller's own, so only the query can be wrong. */
  params?: () => Record<string, string>;
}

const queryRows: Partial<Record<TableKey, QueryRow>> = {
  'GET /auth/users': { foreignCursor: () => ({ pk: `USER#${world.other.id}`, sk: 'PROFILE', gsi1pk: 'TXNTYPE#topup', gsi1sk: 'x' }), withType: false },
  'GET /shipping/orders': { foreignCursor: () => ({ pk: `USER#${world.other.id}`, sk: `ORDER#${fixtures.otherOrderId}` }), withType: false },
  'GET /shipping/adjustments': { foreignCursor: () => ({ pk: `USER#${world.other.id}`, sk: `POSTADJ#${fixtures.otherAdjustmentId}` }), withType: false },
  'GET /shipping/batches': { foreignCursor: () => ({ pk: `USER#${world.other.id}`, sk: `BATCHREF#${fixtures.otherBatchId}` }), withType: false },
  'GET /shipping/scan-forms': { foreignCursor: () => ({ pk: `USER#${world.other.id}`, sk: `SCANFORM#${fixtures.otherScanFormId}` }), withType: false },
  'GET /shipping/pickups': { foreignCursor: () => ({ pk: `USER#${world.other.id}`, sk: `PICKUP#${fixtures.otherPickupId}` }), withType: false },
  'GET /hoodpay/transactions': { foreignCursor: () => ({ pk: `USER#${world.other.id}`, sk: 'TXN#0' }), withType: true },
  'GET /wallet/withdrawals': { foreignCursor: () => ({ pk: `USER#${world.other.id}`, sk: 'WITHDRAWAL#0' }), withType: false },
  'GET /admin/withdrawals': { foreignCursor: () => ({ pk: `USER#${world.other.id}`, sk: 'PROFILE', gsi1pk: 'USERS', gsi1sk: 'x' }), withType: false },
  'GET /admin/approvals': { foreignCursor: () => ({ pk: `USER#${world.other.id}`, sk: 'PROFILE', gsi1pk: 'USERS', gsi1sk: 'x' }), withType: false },
  'GET /admin/audit': { foreignCursor: () => ({ pk: `USER#${world.other.id}`, sk: 'PROFILE', gsi1pk: 'USERS', gsi1sk: 'x' }), withType: false },
  'GET /account/webhooks/{id}/deliveries': {
    foreignCursor: () => ({ pk: `HOOK#${fixtures.otherEndpointId}`, sk: `DLV#${fixtures.otherDeliveryId}` }),
    withType: false,
    params: () => ({ id: fixtures.ownEndpointId }),
  },
};

describe('bad query strings', () => {
  it('has a row for exactly the routes that validate a query string', async () => {
    // Found by behaviour: a route that reads `limit` refuses `limit=abc` naming the field.
    const validating: string[] = [];
    for (const r of routes.filter((x) => x.method === 'GET')) {
      const key = `${r.method} ${r.path}` as RouteKey;
      const res = await invoke(key, {
        token: tokenFor(key),
        query: { limit: 'abc' },
        params: { shipOrderId: fixtures.otherOrderId, id: fixtures.ownEndpointId },
      });
      if (res.statusCode === 400 && (res.json?.fields as Record<string, string> | undefined)?.limit) validating.push(key);
    }
    expect(Object.keys(queryRows).sort()).toEqual(validating.sort());
  });

  it.each(Object.keys(queryRows))('%s refuses bad limits, cursors and types with 400 and writes nothing', async (key) => {
    const row = queryRows[key as TableKey] as QueryRow;
    const before = await scanTable();
    await fc.assert(
      fc.asyncProperty(badQueries(row.foreignCursor(), row.withType), async (query) => {
        const res = await expectRefused(
          key as RouteKey,
          { token: tokenFor(key as RouteKey), query, params: row.params?.() },
          [400],
          before,
          JSON.stringify(query).slice(0, 200),
        );
        expect(res.body).not.toContain(world.other.id);
      }),
      { numRuns: 30, endOnFailure: true },
    );
  });

  // A cursor inside the caller's own partition but outside the list's sort-key range (`sk: "y"` for
  // the orders list) would make DynamoDB refuse the ExclusiveStartKey: a 500 unless decodeCursor
  // checks the sort-key prefix first.
  it("refuses a cursor inside the caller's partition but outside the list with 400", async () => {
    const cursor = Buffer.from(JSON.stringify({ pk: `USER#${world.owner.id}`, sk: 'y' })).toString('base64url');
    for (const key of ['GET /shipping/orders', 'GET /shipping/batches', 'GET /hoodpay/transactions'] as const) {
      const res = await invoke(key, { token: world.owner.token, query: { cursor } });
      expectRefusal(res, key);
    }
  });
});

describe('bad label formats', () => {
  const notA = (names: readonly string[]) => (t: string) => !names.includes(t);
  const badFormat = fc.oneof(
    fc.constantFrom('PDF', 'Zpl', 'jpeg', 'png ', ' pdf', '', ' ', 'pdf,zpl', '__proto__', 'constructor', 'letter\u0000'),
    hostileText.filter(notA(LABEL_FORMATS)),
    fc.string({ maxLength: 40 }).filter(notA(LABEL_FORMATS)),
  );
  const badDpi = fc.oneof(fc.constantFrom('0', '150', '203.0', '300dpi', '', ' 300', '1e3', 'NaN', '-203'), hostileText.filter(notA(['203', '300'])));

  // The second user's own label and batch, asked by their owner: only the query can be wrong.
  it.each([
    ['GET /shipping/download-order/{shipOrderId}', () => ({ shipOrderId: fixtures.otherOrderId }), true],
    ['GET /shipping/batches/{batchId}/labels.pdf', () => ({ batchId: fixtures.otherBatchId }), false],
  ] as const)('%s refuses a bad format (and dpi) with 400 naming it, and writes nothing', async (key, params, withDpi) => {
    const before = await scanTable();
    const query = withDpi
      ? fc.oneof(
          badFormat.map((format) => ({ format })),
          badDpi.map((dpi) => ({ format: 'png', dpi })),
        )
      : badFormat.map((format) => ({ format }));
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await expectRefused(key, { token: world.other.token, params: params(), query: q }, [400], before, JSON.stringify(q).slice(0, 200));
        expect(Object.keys((res.json?.fields as Record<string, string>) ?? {})).toEqual(['dpi' in q ? 'dpi' : 'format']);
      }),
      { numRuns: 30, endOnFailure: true },
    );
  });
});

describe('bad path ids', () => {
  /** `valid`: the rest of a valid request (body, headers), so the refusal comes from the id alone. */
  const paramRows: Partial<Record<TableKey, { name: string; others: () => string; valid?: () => Req }>> = {
    'DELETE /auth/addresses/{id}': { name: 'id', others: () => fixtures.otherAddressId },
    'PUT /auth/packages/{id}/default': { name: 'id', others: () => fixtures.otherPackageId },
    'DELETE /auth/packages/{id}/default': { name: 'id', others: () => fixtures.otherPackageId },
    'DELETE /auth/packages/{id}': { name: 'id', others: () => fixtures.otherPackageId },
    'DELETE /account/api-keys/{id}': { name: 'id', others: () => fixtures.otherApiKeyId },
    'DELETE /account/webhooks/{id}': { name: 'id', others: () => fixtures.otherEndpointId },
    'GET /account/webhooks/{id}/deliveries': { name: 'id', others: () => fixtures.otherEndpointId },
    'POST /account/webhooks/{id}/deliveries/{deliveryId}/resend': {
      name: 'id',
      others: () => fixtures.otherEndpointId,
      valid: () => ({ params: { deliveryId: fixtures.otherDeliveryId } }),
    },
    // A passkey id nobody has: the caller's own passkeys are the only ones it can name.
    'DELETE /auth/passkeys/{id}': { name: 'id', others: () => ulid() },
    'GET /shipping/download-order/{shipOrderId}': { name: 'shipOrderId', others: () => fixtures.otherOrderId },
    'POST /shipping/orders/{shipOrderId}/refund': { name: 'shipOrderId', others: () => fixtures.otherOrderId },
    'POST /shipping/orders/{shipOrderId}/return': {
      name: 'shipOrderId',
      others: () => fixtures.otherOrderId,
      valid: () => ({ body: {}, headers: { 'idempotency-key': idempotencyKey() } }),
    },
    'POST /shipping/adjustments/{adjustmentId}/dispute': {
      name: 'adjustmentId',
      others: () => fixtures.otherAdjustmentId,
      valid: () => ({ body: { message: 'My scale said 2 lb, not 3 lb.' } }),
    },
    // The id and `.pdf`: the other user's shipment, whose label receipt must not be found.
    'GET /receipts/{receipt}': { name: 'receipt', others: () => `${fixtures.otherOrderId}.pdf` },
    // Admin routes: an admin finds anyone's, so the id that must not be found is one nobody has.
    'POST /admin/withdrawals/{id}/approve': { name: 'id', others: () => ulid(), valid: () => ({ body: { note: 'Paid by bank transfer' } }) },
    'POST /admin/withdrawals/{id}/reject': { name: 'id', others: () => ulid(), valid: () => ({ body: { reason: 'No' } }) },
    'POST /admin/users/{id}/adjustments': {
      name: 'id',
      others: () => ulid(),
      valid: () => ({ body: { amountCents: 100, reason: 'Goodwill credit' }, headers: { 'idempotency-key': idempotencyKey() } }),
    },
    'POST /admin/approvals/{id}/approve': { name: 'id', others: () => ulid(), valid: () => ({ body: {} }) },
    'POST /admin/approvals/{id}/reject': { name: 'id', others: () => ulid(), valid: () => ({ body: { reason: 'No' } }) },
    // Batches: the other user's batch must not be found, whatever the rest of the path.
    'GET /shipping/batches/{batchId}': { name: 'batchId', others: () => fixtures.otherBatchId },
    'PUT /shipping/batches/{batchId}/rows/{row}': {
      name: 'batchId',
      others: () => fixtures.otherBatchId,
      valid: () => ({ params: { row: '2' }, body: { fields: sampleRow() } }),
    },
    'DELETE /shipping/batches/{batchId}/rows/{row}': { name: 'batchId', others: () => fixtures.otherBatchId, valid: () => ({ params: { row: '2' } }) },
    'POST /shipping/batches/{batchId}/purchase': {
      name: 'batchId',
      others: () => fixtures.otherBatchId,
      valid: () => ({ body: { paymentMethod: 'credits' }, headers: { 'idempotency-key': idempotencyKey() } }),
    },
    'GET /shipping/batches/{batchId}/labels.pdf': { name: 'batchId', others: () => fixtures.otherBatchId },
    'GET /shipping/batches/{batchId}/results.csv': { name: 'batchId', others: () => fixtures.otherBatchId },
    'GET /shipping/scan-forms/{id}/pdf': { name: 'id', others: () => fixtures.otherScanFormId },
    'DELETE /shipping/pickups/{id}': { name: 'id', others: () => fixtures.otherPickupId },
    // The second user's invitation: not a member of the caller's team.
    'DELETE /account/members/{id}': { name: 'id', others: () => fixtures.otherMemberId },
  };

  it('has a row for every route with a path parameter', () => {
    expect(Object.keys(paramRows).sort()).toEqual(routeKeys(routes.filter((r) => r.path.includes('{'))));
  });

  it.each(Object.keys(paramRows))('%s answers 404 to ids that name nothing of the caller and writes nothing', async (key) => {
    const row = paramRows[key as TableKey] as { name: string; others: () => string; valid?: () => Req };
    const before = await scanTable();
    await fc.assert(
      fc.asyncProperty(badIds(row.others()), async (id) => {
        const valid = row.valid?.();
        const req = { ...valid, token: tokenFor(key as RouteKey), params: { ...valid?.params, [row.name]: id } };
        await expectRefused(key as RouteKey, req, [404], before, JSON.stringify(id).slice(0, 100));
      }),
      { numRuns: 30, endOnFailure: true },
    );
  });
});

describe('bad API keys', () => {
  it('answers 401 to any bearer text that starts like a key but is none, on every route a key reaches, and writes nothing', async () => {
    const before = await scanTable();
    const keyText = fc.oneof(
      fc.string({ maxLength: 80 }).map((s) => `psk_${s}`),
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((s) => `psk_live_${s}`),
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((s) => `psk_test_${s}`),
      // The owner's own key, one character changed.
      fc.nat(42).map((i) => `${world.ownerKey.slice(0, 9 + i)}${world.ownerKey[9 + i] === 'A' ? 'B' : 'A'}${world.ownerKey.slice(10 + i)}`),
    );
    await fc.assert(
      fc.asyncProperty(keyText, fc.constantFrom<RouteKey>('GET /shipping/orders', 'POST /shipping/rates', 'POST /hoodpay/topup'), async (token, key) => {
        // A bearer token is one header word: text with a space or control character is no token at all (401 too).
        await expectRefused(key, { token, body: key === 'GET /shipping/orders' ? undefined : {} }, [401], before, JSON.stringify(token));
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });
});
