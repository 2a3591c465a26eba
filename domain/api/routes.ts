/**
 * THE API contract: every HTTP endpoint of the product, once, with who may call it, the schemas of
 * its body and query, and the statuses it answers; what each route answers (a zod schema or a file
 * marker) is in domain/api/answers.ts, keyed by the entry's `handler`. domain/api/openapi.ts
 * publishes both as the OpenAPI document (/openapi.json).
 *
 * The CDK stack makes one Lambda per entry, the local front mounts the same entries, the handler
 * factory (functions/http/handler.ts) validates each body with the entry's schema and type-checks
 * the handler's answer against the route's answer schema (`AnswerOf`, answers.ts), and the SPA's one client
 * (web/api-client/client.ts) types every call's body and answer from the same contract: a changed
 * answer breaks the compile on both sides. test/unit/routes.test.ts checks that the table, the
 * answers, the handler modules and the stack agree. Paths are exactly the spec's (SPEC.md section 7).
 *
 * Each entry is also its own export (`<handler path>Route`), which its handler hands the factory:
 * a Lambda's bundle then holds only that entry and the schemas it names, not every route's (domain/
 * is marked free of side effects in domain/package.json, so esbuild drops the schema modules no
 * kept entry uses). Building every route's zod schemas cost each cold start about 30 kB and 10 ms
 * (docs/performance.md, "Lambdas"). The answers are not on the entry for the same reason: the
 * handler needs only their type (`AnswerOf`, imported from answers.ts with `import type`), so no answer schema
 * reaches a bundle, and a route without a body or query schema bundles no zod from here (issue 19).
 * `routes` below lists them all, in this order.
 */
import type * as z from '../schemas/zod';
import { emailOnlySchema, loginSchema, registerSchema, resetPasswordSchema, updateProfileSchema, verifyOtpSchema } from '../schemas/auth';
import { addressSchema } from '../schemas/addresses';
import { exportRangeSchema, transactionsExportQuerySchema } from '../schemas/exports';
import { labelOrderSchema, refundLabelSchema } from '../schemas/labels';
import { notificationSettingsBodySchema, unsubscribeQuerySchema } from '../schemas/notifications';
import { checkoutSessionSchema, topupSchema } from '../schemas/payments';
import { ordersQuerySchema, transactionsQuerySchema } from '../schemas/queries';
import { pageQuerySchema } from '../schemas/page-query';
import { supportSchema } from '../schemas/support';
import { trackSchema } from '../schemas/tracking';
import { adjustmentSchema, approveWithdrawalSchema, rejectWithdrawalSchema, withdrawalSchema, withdrawalsQuerySchema } from '../schemas/wallet';
import { batchPurchaseSchema, batchRowUpdateSchema, batchUploadQuerySchema } from '../schemas/batches';
/**
 * Who may call a route: anyone; a signed-in account still entering its one-time code (`otp`: the
 * sign-in token reaches only these routes); a verified user; an admin; or a payment provider
 * (`webhook`: no token, the handler checks the provider's signature).
 */
export type Access = 'public' | 'otp' | 'user' | 'admin' | 'webhook';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a route's Lambda may do with the table; the stack grants exactly this. */
export type TableAccess = 'none' | 'read' | 'write';

export interface RouteEntry {
  method: Method;
  /** API Gateway style path: `{name}` marks a path parameter. */
  path: string;
  access: Access;
  /** Module under functions/handlers/, without extension; it exports `handler`. */
  handler: string;
  table: TableAccess;
  /** zod schema of the JSON body (domain/schemas/, shared with the form); none for webhooks, which verify the raw body. */
  body?: z.ZodMiniType;
  /**
   * A route whose body is a file, not JSON (a batch's CSV): its media type. The factory refuses
   * another Content-Type with 415 and hands the handler the raw bytes; `body` is then absent.
   */
  textBody?: 'text/csv';
  /** zod schema of the query string. */
  query?: z.ZodMiniType;
  /** The status of a successful answer: 200 unless given. */
  status?: 201;
  /**
   * Error statuses the route's own code answers (a missing order, a used code, a provider down),
   * beyond those the factory gives every route of its kind (400 for bad input, 401 and 403 for
   * tokens, 415 and 413 for bodies, 500): the published document lists both (domain/api/openapi.ts).
   */
  errors?: readonly ErrorStatus[];
  /** What the published document should say of this route beyond its access (an odd path, a file's format). */
  note?: string;
}

/** The error statuses the API answers; every one carries the error shape (domain/api/errors.ts). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500 | 502;

// Accounts and sessions (issue 3)
export const authRegisterRoute = {
  method: 'POST',
  path: '/auth/register',
  access: 'public',
  handler: 'auth/register',
  table: 'write',
  body: registerSchema,
  status: 201,
  errors: [409, 502],
} as const satisfies RouteEntry;

export const authLoginRoute = {
  method: 'POST',
  path: '/auth/login',
  access: 'public',
  handler: 'auth/login',
  table: 'write',
  body: loginSchema,
  errors: [401, 429, 502],
} as const satisfies RouteEntry;

export const authSendOtpRoute = {
  method: 'POST',
  path: '/auth/send-otp',
  access: 'otp',
  handler: 'auth/send-otp',
  table: 'write',
  body: emailOnlySchema,
  errors: [403, 429],
} as const satisfies RouteEntry;

export const authResendOtpRoute = {
  method: 'POST',
  path: '/auth/resend-otp',
  access: 'otp',
  handler: 'auth/resend-otp',
  table: 'write',
  body: emailOnlySchema,
  errors: [403, 429],
} as const satisfies RouteEntry;

export const authVerifyOtpRoute = {
  method: 'POST',
  path: '/auth/verify-otp',
  access: 'otp',
  handler: 'auth/verify-otp',
  table: 'write',
  body: verifyOtpSchema,
  errors: [403, 429],
} as const satisfies RouteEntry;

export const authForgotPasswordRoute = {
  method: 'POST',
  path: '/auth/forgot-password',
  access: 'public',
  handler: 'auth/forgot-password',
  table: 'write',
  body: emailOnlySchema,
  errors: [429],
} as const satisfies RouteEntry;

export const authResetPasswordRoute = {
  method: 'POST',
  path: '/auth/reset-password',
  access: 'public',
  handler: 'auth/reset-password',
  table: 'write',
  body: resetPasswordSchema,
} as const satisfies RouteEntry;

export const authGetCaptchaChallengeRoute = {
  method: 'GET',
  path: '/auth/captcha-challenge',
  access: 'public',
  handler: 'auth/get-captcha-challenge',
  table: 'none',
} as const satisfies RouteEntry;

export const authGetProfileRoute = {
  method: 'GET',
  path: '/auth/profile',
  access: 'user',
  handler: 'auth/get-profile',
  table: 'read',
} as const satisfies RouteEntry;

export const authUpdateProfileRoute = {
  method: 'PUT',
  path: '/auth/profile',
  access: 'user',
  handler: 'auth/update-profile',
  table: 'write',
  body: updateProfileSchema,
  errors: [404],
} as const satisfies RouteEntry;

export const authGetProfilePictureRoute = {
  method: 'GET',
  path: '/auth/get-profile-picture',
  access: 'user',
  handler: 'auth/get-profile-picture',
  table: 'read',
} as const satisfies RouteEntry;

// Mail notifications (issue 18 part 2): the shipper's settings and the mails' one-click unsubscribe
export const authUpdateNotificationsRoute = {
  method: 'PUT',
  path: '/auth/notifications',
  access: 'user',
  handler: 'auth/update-notifications',
  table: 'write',
  body: notificationSettingsBodySchema,
  errors: [404],
} as const satisfies RouteEntry;

export const notificationsUnsubscribeRoute = {
  method: 'POST',
  path: '/notifications/unsubscribe',
  access: 'public',
  handler: 'notifications/unsubscribe',
  table: 'write',
  query: unsubscribeQuerySchema,
  note: "The link of a notice mail's `List-Unsubscribe` header (RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` form-encoded, which is accepted and not needed) and of the SPA's /unsubscribe page. The signed token names a user and a setting (turned off) or a recipient address (no more tracking mails to it). A forged or altered token: 400, nothing changes. Repeating it is harmless.",
} as const satisfies RouteEntry;

export const authListUsersRoute = {
  method: 'GET',
  path: '/auth/users',
  access: 'admin',
  handler: 'auth/list-users',
  table: 'read',
  query: pageQuerySchema,
} as const satisfies RouteEntry;

// Saved addresses (issue 6)
export const addressesListAddressesRoute = {
  method: 'GET',
  path: '/auth/addresses',
  access: 'user',
  handler: 'addresses/list-addresses',
  table: 'read',
} as const satisfies RouteEntry;

export const addressesCreateAddressRoute = {
  method: 'POST',
  path: '/auth/addresses',
  access: 'user',
  handler: 'addresses/create-address',
  table: 'write',
  body: addressSchema,
  status: 201,
  errors: [409],
} as const satisfies RouteEntry;

export const addressesDeleteAddressRoute = {
  method: 'DELETE',
  path: '/auth/addresses/{id}',
  access: 'user',
  handler: 'addresses/delete-address',
  table: 'write',
  errors: [404],
} as const satisfies RouteEntry;

// Address check before buying and saving (issue 18 part 3)
export const addressesVerifyAddressRoute = {
  method: 'POST',
  path: '/addresses/verify',
  access: 'user',
  handler: 'addresses/verify-address',
  // Nothing is stored; 'read' only for the factory's admin-role check of an admin token.
  table: 'read',
  body: addressSchema,
  errors: [502],
  note: 'Checks one address with the carrier (EasyPost address verification), or locally against the ZIP table (city, state and ZIP must agree). Nothing is stored. An answer of `valid: false` is not an error: POST /auth/addresses and POST /shipping/create-label still accept the address.',
} as const satisfies RouteEntry;

// Wallet and payments (issue 4)
export const paymentsCreateCheckoutSessionRoute = {
  method: 'POST',
  path: '/stripe/create-checkout-session',
  access: 'user',
  handler: 'payments/create-checkout-session',
  table: 'write',
  body: checkoutSessionSchema,
  errors: [502],
} as const satisfies RouteEntry;

export const paymentsStripeWebhookRoute = {
  method: 'POST',
  path: '/stripe/webhook',
  access: 'webhook',
  handler: 'payments/stripe-webhook',
  table: 'write',
  errors: [400],
} as const satisfies RouteEntry;

export const paymentsCreateTopupRoute = {
  method: 'POST',
  path: '/hoodpay/topup',
  access: 'user',
  handler: 'payments/create-topup',
  table: 'write',
  body: topupSchema,
  errors: [502],
} as const satisfies RouteEntry;

export const paymentsHoodpayWebhookRoute = {
  method: 'POST',
  path: '/hoodpay/webhook',
  access: 'webhook',
  handler: 'payments/hoodpay-webhook',
  table: 'write',
  errors: [400, 502],
} as const satisfies RouteEntry;

export const paymentsListTransactionsRoute = {
  method: 'GET',
  path: '/hoodpay/transactions',
  access: 'user',
  handler: 'payments/list-transactions',
  table: 'read',
  query: transactionsQuerySchema,
} as const satisfies RouteEntry;

// Carrier tracking events pushed in (issue 18): verified by the provider's HMAC over the raw body
export const trackingEasypostWebhookRoute = {
  method: 'POST',
  path: '/easypost/webhook',
  access: 'webhook',
  handler: 'tracking/easypost-webhook',
  table: 'write',
  errors: [400],
  note: 'EasyPost tracker events (tracker.updated, tracker.created), signed with `X-Hmac-Signature: hmac-sha256-hex=<hex>`. A missing or wrong signature: 400, nothing changes. Other events, replays, older events and numbers that are not our labels: 200, nothing changes.',
} as const satisfies RouteEntry;

export const trackingAftershipWebhookRoute = {
  method: 'POST',
  path: '/aftership/webhook',
  access: 'webhook',
  handler: 'tracking/aftership-webhook',
  table: 'write',
  errors: [400],
  note: 'AfterShip tracking webhooks (event tracking_update), signed with `aftership-hmac-sha256` (base64). A missing or wrong signature: 400, nothing changes. Other events, replays, older events and unknown numbers: 200, nothing changes.',
} as const satisfies RouteEntry;

// Labels and tracking (issues 5 and 6)
export const shippingCreateLabelRoute = {
  method: 'POST',
  path: '/shipping/create-label',
  access: 'user',
  handler: 'shipping/create-label',
  table: 'write',
  body: labelOrderSchema,
  status: 201,
  errors: [402, 409, 502],
} as const satisfies RouteEntry;

export const shippingListOrdersRoute = {
  method: 'GET',
  path: '/shipping/orders',
  access: 'user',
  handler: 'shipping/list-orders',
  table: 'read',
  query: ordersQuerySchema,
} as const satisfies RouteEntry;

export const shippingDownloadOrderRoute = {
  method: 'GET',
  path: '/shipping/download-order/{shipOrderId}',
  access: 'user',
  handler: 'shipping/download-order',
  table: 'read',
  errors: [404, 409, 410],
} as const satisfies RouteEntry;

// Label refunds (issue 14)
export const shippingRefundLabelRoute = {
  method: 'POST',
  path: '/shipping/orders/{shipOrderId}/refund',
  access: 'user',
  handler: 'shipping/refund-label',
  table: 'write',
  body: refundLabelSchema,
  errors: [404, 409, 502],
} as const satisfies RouteEntry;

export const shippingTrackPackageRoute = {
  method: 'POST',
  path: '/shipping/track',
  access: 'user',
  handler: 'shipping/track-package',
  table: 'read',
  body: trackSchema,
  errors: [404, 502],
} as const satisfies RouteEntry;

// Support (issue 6)
export const supportCreateSupportRequestRoute = {
  method: 'POST',
  path: '/support',
  access: 'user',
  handler: 'support/create-support-request',
  table: 'write',
  body: supportSchema,
  status: 201,
} as const satisfies RouteEntry;

// Admin dashboard (issue 7)
export const adminGetStatsRoute = {
  method: 'GET',
  path: '/admin/stats',
  access: 'admin',
  handler: 'admin/get-stats',
  table: 'read',
} as const satisfies RouteEntry;

// Withdrawals and adjustments (issue 14)
export const walletListWithdrawalsRoute = {
  method: 'GET',
  path: '/wallet/withdrawals',
  access: 'user',
  handler: 'wallet/list-withdrawals',
  table: 'read',
  query: pageQuerySchema,
} as const satisfies RouteEntry;

export const walletRequestWithdrawalRoute = {
  method: 'POST',
  path: '/wallet/withdrawals',
  access: 'user',
  handler: 'wallet/request-withdrawal',
  table: 'write',
  body: withdrawalSchema,
  status: 201,
  errors: [402, 409],
} as const satisfies RouteEntry;

export const adminListWithdrawalsRoute = {
  method: 'GET',
  path: '/admin/withdrawals',
  access: 'admin',
  handler: 'admin/list-withdrawals',
  table: 'read',
  query: withdrawalsQuerySchema,
} as const satisfies RouteEntry;

export const adminApproveWithdrawalRoute = {
  method: 'POST',
  path: '/admin/withdrawals/{id}/approve',
  access: 'admin',
  handler: 'admin/approve-withdrawal',
  table: 'write',
  body: approveWithdrawalSchema,
  errors: [404, 409, 502],
} as const satisfies RouteEntry;

export const adminRejectWithdrawalRoute = {
  method: 'POST',
  path: '/admin/withdrawals/{id}/reject',
  access: 'admin',
  handler: 'admin/reject-withdrawal',
  table: 'write',
  body: rejectWithdrawalSchema,
  errors: [404, 409],
} as const satisfies RouteEntry;

export const adminAdjustWalletRoute = {
  method: 'POST',
  path: '/admin/users/{id}/adjustments',
  access: 'admin',
  handler: 'admin/adjust-wallet',
  table: 'write',
  body: adjustmentSchema,
  status: 201,
  errors: [404, 409],
} as const satisfies RouteEntry;

// Receipts and exports (issue 17, parts 4 and 5)
export const receiptsGetReceiptRoute = {
  method: 'GET',
  // The public URL is /receipts/<entryId>.pdf: API Gateway cannot match `{entryId}.pdf`, so the
  // parameter is the whole segment and the handler requires and strips `.pdf`.
  path: '/receipts/{receipt}',
  access: 'user',
  handler: 'receipts/get-receipt',
  table: 'read',
  errors: [404],
  note: 'Call it as `/receipts/<id>.pdf`: `receipt` is the id followed by `.pdf` (required). The id is a ledger entry id, or a shipment id for its label purchase. Only completed entries of the caller have receipts; others answer 404.',
} as const satisfies RouteEntry;

export const exportsExportOrdersRoute = {
  method: 'GET',
  path: '/exports/orders.csv',
  access: 'user',
  handler: 'exports/export-orders',
  table: 'read',
  query: exportRangeSchema,
  note: 'UTF-8 CSV with a BOM, oldest first; `from`/`to` are US Eastern days, both included. Text cells beginning with =, +, -, @, tab or CR start with an apostrophe.',
} as const satisfies RouteEntry;

export const exportsExportTransactionsRoute = {
  method: 'GET',
  path: '/exports/transactions.csv',
  access: 'user',
  handler: 'exports/export-transactions',
  table: 'read',
  query: transactionsExportQuerySchema,
  note: "UTF-8 CSV with a BOM, oldest first; `from`/`to` are US Eastern days, both included. `scope=all` (admins only, else 403): every user's top-ups.",
} as const satisfies RouteEntry;

// Batch labels (issue 17)
export const shippingBatchesGetBatchTemplateRoute = {
  method: 'GET',
  // Before `/shipping/batches/{batchId}`: the local front matches in table order (API Gateway prefers the literal path itself).
  path: '/shipping/batches/template.csv',
  access: 'public',
  handler: 'shipping/batches/get-batch-template',
  table: 'none',
  note: 'The header row of every column a batch CSV may have (names are matched case-insensitively), then one example row.',
} as const satisfies RouteEntry;

export const shippingBatchesListBatchesRoute = {
  method: 'GET',
  path: '/shipping/batches',
  access: 'user',
  handler: 'shipping/batches/list-batches',
  table: 'read',
  query: pageQuerySchema,
  note: "The caller's batches, newest first, each as its batch item holds it (no rows).",
} as const satisfies RouteEntry;

export const shippingBatchesCreateBatchRoute = {
  method: 'POST',
  path: '/shipping/batches',
  access: 'user',
  handler: 'shipping/batches/create-batch',
  table: 'write',
  textBody: 'text/csv',
  query: batchUploadQuerySchema,
  status: 201,
  errors: [404],
  note: "The body is the CSV itself (UTF-8, at most 500 rows and 1 MiB; the header row names the columns of GET /shipping/batches/template.csv). A file that cannot be read as a whole (a missing, unknown or repeated column, a ragged row, not UTF-8, too many rows) is refused with 400 and nothing is stored; rows that fail the label form's checks are stored as `invalid` with their errors, to be fixed or dropped. `fromAddressId`: a saved address filling blank sender cells (404 when unknown).",
} as const satisfies RouteEntry;

export const shippingBatchesGetBatchRoute = {
  method: 'GET',
  path: '/shipping/batches/{batchId}',
  access: 'user',
  handler: 'shipping/batches/get-batch',
  table: 'read',
  errors: [404],
} as const satisfies RouteEntry;

export const shippingBatchesUpdateBatchRowRoute = {
  method: 'PUT',
  path: '/shipping/batches/{batchId}/rows/{row}',
  access: 'user',
  handler: 'shipping/batches/update-batch-row',
  table: 'write',
  body: batchRowUpdateSchema,
  errors: [404, 409],
  note: 'The row is validated and priced again. Only while the batch is `draft` or `cancelled` (409 otherwise).',
} as const satisfies RouteEntry;

export const shippingBatchesDropBatchRowRoute = {
  method: 'DELETE',
  path: '/shipping/batches/{batchId}/rows/{row}',
  access: 'user',
  handler: 'shipping/batches/drop-batch-row',
  table: 'write',
  errors: [404, 409],
  note: 'The row is left out of the purchase (status `dropped`). Only while the batch is `draft` or `cancelled` (409 otherwise).',
} as const satisfies RouteEntry;

export const shippingBatchesPurchaseBatchRoute = {
  method: 'POST',
  path: '/shipping/batches/{batchId}/purchase',
  access: 'user',
  handler: 'shipping/batches/purchase-batch',
  table: 'write',
  body: batchPurchaseSchema,
  errors: [402, 404, 409, 502],
  note: 'Needs an `Idempotency-Key` header. `credits`: the balance must cover the total (402 with `shortfallCents` otherwise), or with `payShortfall` a card checkout pays the shortfall first; `purchase`: a card checkout pays the total first. Each valid row is then bought once as a credits label, in the background; poll GET /shipping/batches/{batchId}. A batch already bought or being bought is answered as it is.',
} as const satisfies RouteEntry;

export const shippingBatchesGetBatchLabelsRoute = {
  method: 'GET',
  path: '/shipping/batches/{batchId}/labels.pdf',
  access: 'user',
  handler: 'shipping/batches/get-batch-labels',
  table: 'read',
  errors: [404, 409],
  note: 'Every bought label of the batch in row order, one 4x6 page each. 409 while the batch is being bought or when it has no label.',
} as const satisfies RouteEntry;

export const shippingBatchesGetBatchResultsRoute = {
  method: 'GET',
  path: '/shipping/batches/{batchId}/results.csv',
  access: 'user',
  handler: 'shipping/batches/get-batch-results',
  table: 'read',
  errors: [404],
  note: 'One line per row: row, status, trackingNumber, price, error. UTF-8 CSV with a BOM; text cells beginning with =, +, -, @, tab or CR start with an apostrophe.',
} as const satisfies RouteEntry;

// Insights (issue 18, part 5)
export const shippingGetSavingsRoute = {
  method: 'GET',
  path: '/shipping/savings',
  access: 'user',
  handler: 'shipping/get-savings',
  // Writes once per user: the first read counts the labels bought before the savings were kept.
  table: 'write',
  note: 'Months are US Eastern calendar months; a refunded label leaves the month it was bought in.',
} as const satisfies RouteEntry;

export const walletGetBalanceHistoryRoute = {
  method: 'GET',
  path: '/wallet/balance-history',
  access: 'user',
  handler: 'wallet/get-balance-history',
  table: 'read',
  note: "The spendable balance at the close of each US Eastern day (withdrawals on hold left out), as the receipts' balance after.",
} as const satisfies RouteEntry;

// Landing
export const landingGetCounterRoute = {
  method: 'GET',
  path: '/api/counter',
  access: 'public',
  handler: 'landing/get-counter',
  table: 'read',
} as const satisfies RouteEntry;

/** Every route, in the order above. */
export const routes = [
  authRegisterRoute,
  authLoginRoute,
  authSendOtpRoute,
  authResendOtpRoute,
  authVerifyOtpRoute,
  authForgotPasswordRoute,
  authResetPasswordRoute,
  authGetCaptchaChallengeRoute,
  authGetProfileRoute,
  authUpdateProfileRoute,
  authGetProfilePictureRoute,
  authUpdateNotificationsRoute,
  notificationsUnsubscribeRoute,
  authListUsersRoute,
  addressesListAddressesRoute,
  addressesCreateAddressRoute,
  addressesDeleteAddressRoute,
  addressesVerifyAddressRoute,
  paymentsCreateCheckoutSessionRoute,
  paymentsStripeWebhookRoute,
  paymentsCreateTopupRoute,
  paymentsHoodpayWebhookRoute,
  paymentsListTransactionsRoute,
  trackingEasypostWebhookRoute,
  trackingAftershipWebhookRoute,
  shippingCreateLabelRoute,
  shippingListOrdersRoute,
  shippingDownloadOrderRoute,
  shippingRefundLabelRoute,
  shippingTrackPackageRoute,
  supportCreateSupportRequestRoute,
  adminGetStatsRoute,
  walletListWithdrawalsRoute,
  walletRequestWithdrawalRoute,
  adminListWithdrawalsRoute,
  adminApproveWithdrawalRoute,
  adminRejectWithdrawalRoute,
  adminAdjustWalletRoute,
  receiptsGetReceiptRoute,
  exportsExportOrdersRoute,
  exportsExportTransactionsRoute,
  shippingBatchesGetBatchTemplateRoute,
  shippingBatchesListBatchesRoute,
  shippingBatchesCreateBatchRoute,
  shippingBatchesGetBatchRoute,
  shippingBatchesUpdateBatchRowRoute,
  shippingBatchesDropBatchRowRoute,
  shippingBatchesPurchaseBatchRoute,
  shippingBatchesGetBatchLabelsRoute,
  shippingBatchesGetBatchResultsRoute,
  shippingGetSavingsRoute,
  walletGetBalanceHistoryRoute,
  landingGetCounterRoute,
] as const satisfies readonly RouteEntry[];

export type Route = (typeof routes)[number];

/** `"METHOD /path"`: the key a handler module names its route by. */
export type RouteKey = `${Route['method']} ${Route['path']}`;

export const routeKey = (r: Pick<RouteEntry, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/** The table's entry for `K`. */
export type RouteOf<K extends RouteKey> = Extract<
  Route,
  { method: K extends `${infer M} ${string}` ? M : never; path: K extends `${string} ${infer P}` ? P : never }
>;

/** The body route `K` accepts, as a caller writes it (before the schema's trimming and coercion); a file route's text. */
export type BodyIn<K extends RouteKey> =
  RouteOf<K> extends { body: infer S extends z.ZodMiniType } ? z.input<S> : RouteOf<K> extends { textBody: string } ? string : undefined;

/** The body route `K`'s handler receives, validated; a file route's raw bytes. */
export type BodyOf<K extends RouteKey> =
  RouteOf<K> extends { body: infer S extends z.ZodMiniType } ? z.output<S> : RouteOf<K> extends { textBody: string } ? Uint8Array : undefined;

/** The query route `K`'s handler receives, validated (raw strings when the route has no schema). */
export type QueryOf<K extends RouteKey> = RouteOf<K> extends { query: infer S extends z.ZodMiniType } ? z.output<S> : Record<string, string>;

/** Finds a route by its key; throws at module load for a key that is not in the table. */
export function findRoute(key: RouteKey): Route {
  const found = routes.find((r) => routeKey(r) === key);
  if (!found) throw new Error(`No route ${key} in domain/api/routes.ts`);
  return found;
}

/**
 * First path segments that belong to the API (`/auth`, `/api`, ...). CloudFront sends these to API
 * Gateway and the local front answers unknown paths under them with a JSON 404 instead of the SPA.
 * Both lists are marked pure so a Lambda that never reads them does not keep the whole table.
 */
export const apiPrefixes: string[] = /* @__PURE__ */ (() => [...new Set(routes.map((r) => '/' + r.path.split('/')[1]))])();

/**
 * CloudFront path patterns that send requests to the API: `<prefix>/*` for each prefix, plus the
 * prefix itself when a route is exactly that path (`POST /support`).
 */
export const apiPathPatterns: string[] = /* @__PURE__ */ (() =>
  apiPrefixes.flatMap((prefix) => [`${prefix}/*`, ...(routes.some((r) => r.path === prefix) ? [prefix] : [])]))();
