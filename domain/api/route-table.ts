/**
 * The route table: every HTTP endpoint of the product, each entry its own export, named for what the
 * route does. An entry says who may call the route, its body and query schemas, the statuses its
 * code answers and which handler module serves it; the types, the list of all routes and what is
 * derived from it are in ./routes.ts.
 *
 * Each handler hands the factory its own entry (`api(route.createLabel, ...)`), so a Lambda's
 * bundle holds that entry and the schemas it names and nothing of the other routes: domain/ is
 * free of side effects (domain/package.json), so esbuild drops every export, and every schema
 * module, that the kept code does not read. One literal holding all entries would keep them all,
 * with their schemas, in every bundle; ./routes.ts lists them by reading this module's exports,
 * which is why everything exported here is an entry and nothing else.
 */
import type { RouteEntry } from './route-entry';
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
} from '../schemas/auth';
import { addressSchema } from '../schemas/addresses';
import { packageSchema } from '../schemas/packages';
import { webhookSchema } from '../schemas/webhooks';
import { disputeAdjustmentSchema } from '../schemas/adjustments';
import { exportRangeSchema, transactionsExportQuerySchema } from '../schemas/exports';
import { labelOrderSchema, quoteRequestSchema, refundLabelSchema } from '../schemas/labels';
import { notificationSettingsBodySchema, unsubscribeQuerySchema } from '../schemas/notifications';
import { checkoutSessionSchema, topupSchema } from '../schemas/payments';
import { ordersQuerySchema, transactionsQuerySchema } from '../schemas/queries';
import { pageQuerySchema } from '../schemas/page-query';
import { supportSchema } from '../schemas/support';
import { trackSchema } from '../schemas/tracking';
import { adjustmentSchema, approveWithdrawalSchema, rejectWithdrawalSchema, withdrawalSchema, withdrawalsQuerySchema } from '../schemas/wallet';
import { approvalsQuerySchema, approveApprovalSchema, auditExportQuerySchema, auditQuerySchema, rejectApprovalSchema } from '../schemas/oversight';
import { batchPurchaseSchema, batchRowUpdateSchema, batchUploadQuerySchema } from '../schemas/batches';
import { pickupSchema, scanFormSchema } from '../schemas/shipping-day';
import { returnLabelLinkSchema, returnLabelSchema } from '../schemas/returns';
import { acceptInviteSchema, inviteMemberSchema } from '../schemas/members';
import { batchLabelsQuerySchema, labelDownloadQuerySchema, labelFormatBodySchema } from '../schemas/label-formats';
import { apiKeySchema } from '../schemas/api-keys';

// Accounts and sessions
export const register = {
  method: 'POST',
  path: '/auth/register',
  access: 'public',
  handler: 'auth/register',
  table: 'write',
  body: registerSchema,
  status: 201,
  errors: [429, 502],
  note: "An email that already has an account gets the same 201 and the same answer, and no account: its owner is mailed that someone tried. The code routes answer that sign-in token as they answer a new account's (every code is wrong), so no answer tells which emails have accounts.",
} as const satisfies RouteEntry;

export const login = {
  method: 'POST',
  path: '/auth/login',
  access: 'public',
  handler: 'auth/login',
  table: 'write',
  body: loginSchema,
  errors: [401, 429, 502],
} as const satisfies RouteEntry;

export const sendOtp = {
  method: 'POST',
  path: '/auth/send-otp',
  access: 'otp',
  handler: 'auth/send-otp',
  table: 'write',
  body: emailOnlySchema,
  errors: [403, 429],
} as const satisfies RouteEntry;

export const resendOtp = {
  method: 'POST',
  path: '/auth/resend-otp',
  access: 'otp',
  handler: 'auth/resend-otp',
  table: 'write',
  body: emailOnlySchema,
  errors: [403, 429],
} as const satisfies RouteEntry;

export const verifyOtp = {
  method: 'POST',
  path: '/auth/verify-otp',
  access: 'otp',
  handler: 'auth/verify-otp',
  table: 'write',
  body: verifyOtpSchema,
  errors: [403, 429],
} as const satisfies RouteEntry;

// Second factors: the sign-in step with each (otp access: the token login answers), and their
// settings (docs/decisions/0199-second-factors-and-remembered-devices.md)
export const verifyTotp = {
  method: 'POST',
  path: '/auth/verify-totp',
  access: 'otp',
  handler: 'auth/verify-totp',
  table: 'write',
  body: verifyTotpSchema,
  errors: [403, 409, 429],
  note: "The sign-in step with an authenticator app's 6-digit code (the 30-second step before and after count too; each step's code works once). A wrong code: 401, counted (429 with Retry-After past the free tries). 409 when the account has no authenticator app. `rememberDevice: true` adds a `deviceToken` to the answer.",
} as const satisfies RouteEntry;

export const verifyRecoveryCode = {
  method: 'POST',
  path: '/auth/verify-recovery-code',
  access: 'otp',
  handler: 'auth/verify-recovery-code',
  table: 'write',
  body: verifyRecoveryCodeSchema,
  errors: [403, 429],
  note: 'The sign-in step with one of the ten recovery codes; each works once. A wrong or used code: 401, counted (429 with Retry-After past the free tries).',
} as const satisfies RouteEntry;

export const passkeySignInOptions = {
  method: 'POST',
  path: '/auth/passkey/options',
  access: 'otp',
  handler: 'auth/passkey-sign-in-options',
  table: 'write',
  body: emailOnlySchema,
  errors: [403, 409],
  note: "WebAuthn request options for the sign-in step: a new challenge (5 minutes, once) and the account's passkeys. 409 when the account has none.",
} as const satisfies RouteEntry;

export const verifyPasskey = {
  method: 'POST',
  path: '/auth/passkey/verify',
  access: 'otp',
  handler: 'auth/verify-passkey',
  table: 'write',
  body: verifyPasskeySchema,
  errors: [403, 429],
  note: "The sign-in step with a passkey: the browser's answer to the options' challenge. A refused assertion: 401, counted.",
} as const satisfies RouteEntry;

export const getSecurity = {
  method: 'GET',
  path: '/auth/security',
  access: 'user',
  handler: 'auth/get-security',
  table: 'read',
  note: "The account's authenticator app, passkeys, how many recovery codes are left and its remembered devices.",
} as const satisfies RouteEntry;

export const startTotp = {
  method: 'POST',
  path: '/auth/totp/start',
  access: 'user',
  handler: 'auth/start-totp',
  table: 'write',
  errors: [409],
  note: 'A new authenticator secret, pending until POST /auth/totp/confirm (a new start replaces a pending one). 409 when an app is already set up: remove it first.',
} as const satisfies RouteEntry;

export const confirmTotp = {
  method: 'POST',
  path: '/auth/totp/confirm',
  access: 'user',
  handler: 'auth/confirm-totp',
  table: 'write',
  body: confirmTotpSchema,
  errors: [409, 429],
  note: 'Turns the pending authenticator on with its first code (401 for a wrong one, counted). Answers ten recovery codes when the account had none.',
} as const satisfies RouteEntry;

export const removeTotp = {
  method: 'POST',
  path: '/auth/totp/remove',
  access: 'user',
  handler: 'auth/remove-totp',
  table: 'write',
  body: removeTotpSchema,
  errors: [409, 429],
  note: 'Turns the authenticator app off, proven with a current code or the password (401 for a wrong one, counted). 409 when none is set up.',
} as const satisfies RouteEntry;

export const passkeyOptions = {
  method: 'POST',
  path: '/auth/passkeys/options',
  access: 'user',
  handler: 'auth/passkey-options',
  table: 'write',
  errors: [409],
  note: 'WebAuthn creation options for a new passkey: a new challenge (5 minutes, once), excluding the passkeys the account has. 409 at the limit of passkeys.',
} as const satisfies RouteEntry;

export const addPasskey = {
  method: 'POST',
  path: '/auth/passkeys',
  access: 'user',
  handler: 'auth/add-passkey',
  table: 'write',
  body: addPasskeySchema,
  errors: [409],
  note: "Stores a new passkey from the browser's answer to the options' challenge ('none' attestation). A refused answer: 400. Answers ten recovery codes when the account had none.",
} as const satisfies RouteEntry;

export const removePasskey = {
  method: 'DELETE',
  path: '/auth/passkeys/{id}',
  access: 'user',
  handler: 'auth/remove-passkey',
  table: 'write',
  errors: [404],
} as const satisfies RouteEntry;

export const newRecoveryCodes = {
  method: 'POST',
  path: '/auth/recovery-codes',
  access: 'user',
  handler: 'auth/new-recovery-codes',
  table: 'write',
  note: 'Ten new one-time recovery codes, shown this once (only their hashes are kept); the earlier ones stop working.',
} as const satisfies RouteEntry;

export const forgetDevices = {
  method: 'DELETE',
  path: '/auth/devices',
  access: 'user',
  handler: 'auth/forget-devices',
  table: 'write',
  note: 'Forgets every remembered device: the next sign-in on each asks for the second step again. A password reset does the same.',
} as const satisfies RouteEntry;

export const forgotPassword = {
  method: 'POST',
  path: '/auth/forgot-password',
  access: 'public',
  handler: 'auth/forgot-password',
  table: 'write',
  body: emailOnlySchema,
  errors: [429],
} as const satisfies RouteEntry;

export const resetPassword = {
  method: 'POST',
  path: '/auth/reset-password',
  access: 'public',
  handler: 'auth/reset-password',
  table: 'write',
  body: resetPasswordSchema,
  note: 'Setting the new password ends every session of the account.',
} as const satisfies RouteEntry;

export const getCaptchaChallenge = {
  method: 'GET',
  path: '/auth/captcha-challenge',
  access: 'public',
  handler: 'auth/get-captcha-challenge',
  table: 'none',
} as const satisfies RouteEntry;

export const getProfile = {
  method: 'GET',
  path: '/auth/profile',
  access: 'user',
  handler: 'auth/get-profile',
  table: 'read',
} as const satisfies RouteEntry;

export const updateProfile = {
  method: 'PUT',
  path: '/auth/profile',
  access: 'user',
  handler: 'auth/update-profile',
  table: 'write',
  body: updateProfileSchema,
  errors: [404, 429],
  note: 'A new `password` needs `currentPassword` beside it: without it or with a wrong one, 400 with a field error and nothing changes; wrong current passwords are counted per account (429 with Retry-After past a few). A password change ends every other session of the account.',
} as const satisfies RouteEntry;

export const logout = {
  method: 'POST',
  path: '/auth/logout',
  access: 'user',
  handler: 'auth/logout',
  table: 'write',
  note: "Ends the caller's session: its token answers 401 from then on. Other sessions go on.",
} as const satisfies RouteEntry;

export const listSessions = {
  method: 'GET',
  path: '/auth/sessions',
  access: 'user',
  handler: 'auth/list-sessions',
  table: 'read',
  note: "The account's signed-in sessions, oldest first: device (from the User-Agent), client address, when each started and was last used (to within a few minutes), and which one is the caller's.",
} as const satisfies RouteEntry;

export const endOtherSessions = {
  method: 'DELETE',
  path: '/auth/sessions',
  access: 'user',
  handler: 'auth/end-other-sessions',
  table: 'write',
  note: "Sign out everywhere else: ends every session of the account but the caller's (including sign-ins still at the code step).",
} as const satisfies RouteEntry;

export const getProfilePicture = {
  method: 'GET',
  path: '/auth/get-profile-picture',
  access: 'user',
  handler: 'auth/get-profile-picture',
  table: 'read',
} as const satisfies RouteEntry;

// Mail notifications: the shipper's settings and the mails' one-click unsubscribe
export const updateNotifications = {
  method: 'PUT',
  path: '/auth/notifications',
  access: 'user',
  handler: 'auth/update-notifications',
  table: 'write',
  body: notificationSettingsBodySchema,
  errors: [404],
} as const satisfies RouteEntry;

// The label file a download gives when it names none
export const updateLabelFormat = {
  method: 'PUT',
  path: '/auth/label-format',
  access: 'user',
  handler: 'auth/update-label-format',
  table: 'write',
  body: labelFormatBodySchema,
  errors: [404],
  note: "The shipper's default label file: `format` (`pdf`, `letter`, `png`, `zpl`) and, for a PNG, `dpi` (203 or 300; 203 when absent). Answers the profile with it as `labelFormat`.",
} as const satisfies RouteEntry;

export const unsubscribe = {
  method: 'POST',
  path: '/notifications/unsubscribe',
  access: 'public',
  handler: 'notifications/unsubscribe',
  table: 'write',
  query: unsubscribeQuerySchema,
  note: "The link of a notice mail's `List-Unsubscribe` header (RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` form-encoded, which is accepted and not needed) and of the SPA's /unsubscribe page. The signed token names a user and a setting (turned off) or a recipient address (no more tracking mails to it). A forged or altered token: 400, nothing changes. Repeating it is harmless.",
} as const satisfies RouteEntry;

export const listUsers = {
  method: 'GET',
  path: '/auth/users',
  access: 'admin',
  handler: 'auth/list-users',
  table: 'read',
  query: pageQuerySchema,
} as const satisfies RouteEntry;

// Saved addresses
export const listAddresses = {
  method: 'GET',
  path: '/auth/addresses',
  access: 'user',
  handler: 'addresses/list-addresses',
  table: 'read',
} as const satisfies RouteEntry;

export const createAddress = {
  method: 'POST',
  path: '/auth/addresses',
  access: 'user',
  handler: 'addresses/create-address',
  table: 'write',
  body: addressSchema,
  status: 201,
  errors: [409],
} as const satisfies RouteEntry;

export const deleteAddress = {
  method: 'DELETE',
  path: '/auth/addresses/{id}',
  access: 'user',
  handler: 'addresses/delete-address',
  table: 'write',
  errors: [404],
} as const satisfies RouteEntry;

// Saved packages
export const listPackages = {
  method: 'GET',
  path: '/auth/packages',
  access: 'user',
  handler: 'packages/list-packages',
  table: 'read',
  note: "The caller's saved packages, newest first, each with `isDefault` (at most one is).",
} as const satisfies RouteEntry;

export const createPackage = {
  method: 'POST',
  path: '/auth/packages',
  access: 'user',
  handler: 'packages/create-package',
  table: 'write',
  body: packageSchema,
  status: 201,
  errors: [409],
  note: "A name (1 to 50 characters, unique per shipper with case ignored) and the label form's weight and sizes. `isDefault: true` makes it the default. 409 for a name already saved or when 50 packages are saved.",
} as const satisfies RouteEntry;

export const setDefaultPackage = {
  method: 'PUT',
  path: '/auth/packages/{id}/default',
  access: 'user',
  handler: 'packages/set-default-package',
  table: 'write',
  errors: [404],
  note: "Makes the package the caller's default; the one that was stops being so. No body.",
} as const satisfies RouteEntry;

export const clearDefaultPackage = {
  method: 'DELETE',
  path: '/auth/packages/{id}/default',
  access: 'user',
  handler: 'packages/clear-default-package',
  table: 'write',
  errors: [404],
  note: 'The package stops being the default (nothing changes when it was not): the dialog and the batch then fill no parcel by themselves.',
} as const satisfies RouteEntry;

export const deletePackage = {
  method: 'DELETE',
  path: '/auth/packages/{id}',
  access: 'user',
  handler: 'packages/delete-package',
  table: 'write',
  errors: [404],
  note: 'Deletes the package (and the default with it, when it was). Batch rows it filled keep their figures.',
} as const satisfies RouteEntry;

// Webhooks to the shop's own systems (functions/webhooks/, docs/webhooks.md)
export const createWebhook = {
  method: 'POST',
  path: '/account/webhooks',
  access: 'user',
  handler: 'account/create-webhook',
  table: 'write',
  body: webhookSchema,
  status: 201,
  errors: [409],
  note: 'Registers an endpoint for the events listed and answers its signing secret, this once only. Every delivery is POSTed as `{ id, type, createdAt, data }` with `PrepaidShip-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. https only in production, never a private or loopback address (400). 409 past 10 endpoints.',
  teamRole: 'owner',
} as const satisfies RouteEntry;

export const listWebhooks = {
  method: 'GET',
  path: '/account/webhooks',
  access: 'user',
  handler: 'account/list-webhooks',
  table: 'read',
  note: "The account's endpoints, oldest first, without their secrets; `disabledAt` on one that failed for 3 days.",
  teamRole: 'owner',
} as const satisfies RouteEntry;

export const deleteWebhook = {
  method: 'DELETE',
  path: '/account/webhooks/{id}',
  access: 'user',
  handler: 'account/delete-webhook',
  table: 'write',
  errors: [404],
  note: 'Deletes the endpoint; its pending deliveries are not sent.',
  teamRole: 'owner',
} as const satisfies RouteEntry;

export const listWebhookDeliveries = {
  method: 'GET',
  path: '/account/webhooks/{id}/deliveries',
  access: 'user',
  handler: 'account/list-webhook-deliveries',
  table: 'read',
  query: pageQuerySchema,
  errors: [404],
  note: "The endpoint's delivery log, newest first: status, attempts, the last answer's status and the next attempt. Kept 30 days.",
  teamRole: 'owner',
} as const satisfies RouteEntry;

export const resendWebhookDelivery = {
  method: 'POST',
  path: '/account/webhooks/{id}/deliveries/{deliveryId}/resend',
  access: 'user',
  handler: 'account/resend-webhook-delivery',
  table: 'write',
  errors: [404, 409],
  note: 'Sends the delivery again, at once and with the same event id. No body. 409 when the endpoint is disabled.',
  teamRole: 'owner',
} as const satisfies RouteEntry;

// Address check before buying and saving
export const verifyAddress = {
  method: 'POST',
  path: '/addresses/verify',
  access: 'user',
  handler: 'addresses/verify-address',
  // The address is not stored; the write is the caller's count of checks.
  table: 'write',
  body: addressSchema,
  errors: [429, 502],
  note: 'Checks one address with the carrier (EasyPost address verification), or locally against the ZIP table (city, state and ZIP must agree). The address is not stored. At most 30 checks a minute per user (429 with Retry-After). An answer of `valid: false` is not an error: POST /auth/addresses and POST /shipping/create-label still accept the address.',
} as const satisfies RouteEntry;

// Wallet and payments
export const createCheckoutSession = {
  method: 'POST',
  path: '/stripe/create-checkout-session',
  access: 'user',
  handler: 'payments/create-checkout-session',
  table: 'write',
  body: checkoutSessionSchema,
  errors: [429, 502],
  teamRole: 'owner',
} as const satisfies RouteEntry;

export const stripeWebhook = {
  method: 'POST',
  path: '/stripe/webhook',
  access: 'webhook',
  handler: 'payments/stripe-webhook',
  table: 'write',
  errors: [400],
} as const satisfies RouteEntry;

export const createTopup = {
  method: 'POST',
  path: '/hoodpay/topup',
  access: 'user',
  handler: 'payments/create-topup',
  table: 'write',
  body: topupSchema,
  errors: [429, 502],
  teamRole: 'owner',
} as const satisfies RouteEntry;

export const hoodpayWebhook = {
  method: 'POST',
  path: '/hoodpay/webhook',
  access: 'webhook',
  handler: 'payments/hoodpay-webhook',
  table: 'write',
  errors: [400, 502],
} as const satisfies RouteEntry;

export const listTransactions = {
  method: 'GET',
  path: '/hoodpay/transactions',
  access: 'user',
  handler: 'payments/list-transactions',
  table: 'read',
  query: transactionsQuerySchema,
} as const satisfies RouteEntry;

// Carrier tracking events pushed in: verified by the provider's HMAC over the raw body
export const easypostWebhook = {
  method: 'POST',
  path: '/easypost/webhook',
  access: 'webhook',
  handler: 'tracking/easypost-webhook',
  table: 'write',
  errors: [400],
  note: "EasyPost tracker events (tracker.updated, tracker.created) and postage adjustments (shipment.invoice.created, shipment.invoice.updated: the label's whole adjustment, debited from the shipper's wallet once per change), signed with `X-Hmac-Signature: hmac-sha256-hex=<hex>`. A missing or wrong signature: 400, nothing changes. Other events, replays, older events and numbers that are not our labels: 200, nothing changes.",
} as const satisfies RouteEntry;

export const aftershipWebhook = {
  method: 'POST',
  path: '/aftership/webhook',
  access: 'webhook',
  handler: 'tracking/aftership-webhook',
  table: 'write',
  errors: [400],
  note: 'AfterShip tracking webhooks (event tracking_update), signed with `aftership-hmac-sha256` (base64). A missing or wrong signature: 400, nothing changes. Other events, replays, older events and unknown numbers: 200, nothing changes.',
} as const satisfies RouteEntry;

// Labels and tracking
/**
 * POST /shipping/rates: every offer for the form's parcel, priced, with a signed quote to buy from
 * (functions/postage/quotes.ts). It may create shipments at the carrier, so it is rated per user and
 * address (functions/accounts/limits.ts RATES); the table holds those counters, nothing else.
 */
export const quoteRates = {
  method: 'POST',
  path: '/shipping/rates',
  access: 'user',
  handler: 'shipping/quote-rates',
  table: 'write',
  body: quoteRequestSchema,
  errors: [429, 502],
} as const satisfies RouteEntry;

export const createLabel = {
  method: 'POST',
  path: '/shipping/create-label',
  access: 'user',
  handler: 'shipping/create-label',
  table: 'write',
  body: labelOrderSchema,
  status: 201,
  errors: [402, 409, 429, 502],
} as const satisfies RouteEntry;

export const listOrders = {
  method: 'GET',
  path: '/shipping/orders',
  access: 'user',
  handler: 'shipping/list-orders',
  table: 'read',
  query: ordersQuerySchema,
} as const satisfies RouteEntry;

export const downloadLabel = {
  method: 'GET',
  path: '/shipping/download-order/{shipOrderId}',
  access: 'user',
  handler: 'shipping/download-order',
  table: 'write',
  query: labelDownloadQuerySchema,
  errors: [404, 409, 410, 502],
  note: "The label as `format`: `pdf` (the 4x6 PDF bought), `letter` (that label on an 8.5x11 page with cut lines), `png` (4x6, `dpi` 203 or 300) or `zpl` (ZPL II for 203 dpi thermal printers); without `format`, the shipper's default (`labelFormat` of the profile, PUT /auth/label-format). A PNG or ZPL file is made by the carrier once and kept, so a second download is the same bytes. 502 when the carrier cannot make it now; nothing changes then.",
} as const satisfies RouteEntry;

// Label refunds
export const refundLabel = {
  method: 'POST',
  path: '/shipping/orders/{shipOrderId}/refund',
  access: 'user',
  handler: 'shipping/refund-label',
  table: 'write',
  body: refundLabelSchema,
  errors: [404, 409, 502],
} as const satisfies RouteEntry;

/**
 * A prepaid return label for one of the caller's shipments: the outbound's parcel with its addresses
 * swapped, quoted and bought like a label (docs/decisions/0217-return-labels.md).
 */
export const createReturnLabel = {
  method: 'POST',
  path: '/shipping/orders/{shipOrderId}/return',
  access: 'user',
  handler: 'shipping/create-return-label',
  table: 'write',
  body: returnLabelSchema,
  status: 201,
  errors: [402, 404, 409, 429, 502],
  note: 'Needs an `Idempotency-Key` header. Without `quoteId` nothing is bought: 409 with the return quote and its `priceCents`.',
} as const satisfies RouteEntry;

export const downloadReturnLabel = {
  method: 'GET',
  path: '/shipping/return-label',
  access: 'public',
  handler: 'shipping/download-return-label',
  // The first download records that the label left the shipper's hands (its refund then waits for the carrier).
  table: 'write',
  query: returnLabelLinkSchema,
  errors: [404, 409, 410],
  note: 'The link a mailed return label carries: the signed token names one return label, served as its PDF without signing in until its refund window ends. A forged, altered or expired token: 404; a label being refunded: 409; a refunded one: 410.',
} as const satisfies RouteEntry;

export const trackPackage = {
  method: 'POST',
  path: '/shipping/track',
  access: 'user',
  handler: 'shipping/track-package',
  // The write is the caller's count of look-ups.
  table: 'write',
  body: trackSchema,
  errors: [404, 429, 502],
} as const satisfies RouteEntry;

// Postage adjustments
/**
 * GET /shipping/adjustments: the carrier's charges after weighing the shipper's labels (wrong
 * weight, size or service), newest first, each with its evidence and dispute
 * (functions/postage/adjustments.ts).
 */
export const listAdjustments = {
  method: 'GET',
  path: '/shipping/adjustments',
  access: 'user',
  handler: 'shipping/list-adjustments',
  table: 'read',
  query: pageQuerySchema,
} as const satisfies RouteEntry;

export const disputeAdjustment = {
  method: 'POST',
  path: '/shipping/adjustments/{adjustmentId}/dispute',
  access: 'user',
  handler: 'shipping/dispute-adjustment',
  table: 'write',
  body: disputeAdjustmentSchema,
  status: 201,
  errors: [404, 409],
  note: "Opens a support request about the adjustment, with its label and the carrier's evidence attached, once: a second dispute of the same adjustment answers 409.",
} as const satisfies RouteEntry;

// The end of a shipping day: SCAN forms and carrier pickups
export const createScanForm = {
  method: 'POST',
  path: '/shipping/scan-forms',
  access: 'user',
  handler: 'shipping/create-scan-form',
  table: 'write',
  body: scanFormSchema,
  status: 201,
  errors: [404, 409, 502],
  note: "One USPS SCAN form (PS 5630) for the caller's labels of one ship date and origin (`{ date, from }`, `from` a saved address's id or an address) or for the labels named (`{ orderIds }`, one origin). Only labels still usable and on no form yet are put on it (at most 99; a second form takes the rest); refunded or refund-asked labels are left out. 404 for a label or saved address that is not the caller's, 409 when no label is left to put on a form or a named label cannot go on one.",
} as const satisfies RouteEntry;

export const listScanForms = {
  method: 'GET',
  path: '/shipping/scan-forms',
  access: 'user',
  handler: 'shipping/list-scan-forms',
  table: 'read',
  query: pageQuerySchema,
} as const satisfies RouteEntry;

export const downloadScanForm = {
  method: 'GET',
  path: '/shipping/scan-forms/{id}/pdf',
  access: 'user',
  handler: 'shipping/download-scan-form',
  table: 'read',
  errors: [404],
  note: 'The form as the carrier made it: a one-page PDF with its barcode.',
} as const satisfies RouteEntry;

export const bookPickup = {
  method: 'POST',
  path: '/shipping/pickups',
  access: 'user',
  handler: 'shipping/book-pickup',
  table: 'write',
  body: pickupSchema,
  status: 201,
  errors: [404, 409, 502],
  note: "Books a USPS carrier pickup (free at USPS) for a day, a window and a place, covering the labels named (the caller's, not refunded). A pickup the carrier would charge for is refused (502) and nothing is booked.",
} as const satisfies RouteEntry;

export const listPickups = {
  method: 'GET',
  path: '/shipping/pickups',
  access: 'user',
  handler: 'shipping/list-pickups',
  table: 'read',
  query: pageQuerySchema,
} as const satisfies RouteEntry;

export const cancelPickup = {
  method: 'DELETE',
  path: '/shipping/pickups/{id}',
  access: 'user',
  handler: 'shipping/cancel-pickup',
  table: 'write',
  errors: [404, 409, 502],
  note: 'Cancels the pickup at the carrier; 409 when it already was.',
} as const satisfies RouteEntry;

// Support
export const contactSupport = {
  method: 'POST',
  path: '/support',
  access: 'user',
  handler: 'support/create-support-request',
  table: 'write',
  body: supportSchema,
  status: 201,
} as const satisfies RouteEntry;

// Admin dashboard
export const getAdminStats = {
  method: 'GET',
  path: '/admin/stats',
  access: 'admin',
  handler: 'admin/get-stats',
  table: 'read',
} as const satisfies RouteEntry;

// Withdrawals and adjustments
export const listWithdrawals = {
  method: 'GET',
  path: '/wallet/withdrawals',
  access: 'user',
  handler: 'wallet/list-withdrawals',
  table: 'read',
  query: pageQuerySchema,
} as const satisfies RouteEntry;

export const requestWithdrawal = {
  method: 'POST',
  path: '/wallet/withdrawals',
  access: 'user',
  handler: 'wallet/request-withdrawal',
  table: 'write',
  body: withdrawalSchema,
  status: 201,
  errors: [402, 409],
  teamRole: 'owner',
  // Money leaves the wallet only at a signed-in owner's request, never a key's: a leaked key spends
  // on labels at worst (docs/decisions/0220-api-keys.md).
  keyScope: 'none',
} as const satisfies RouteEntry;

export const listAllWithdrawals = {
  method: 'GET',
  path: '/admin/withdrawals',
  access: 'admin',
  handler: 'admin/list-withdrawals',
  table: 'read',
  query: withdrawalsQuerySchema,
} as const satisfies RouteEntry;

export const approveWithdrawal = {
  method: 'POST',
  path: '/admin/withdrawals/{id}/approve',
  access: 'admin',
  handler: 'admin/approve-withdrawal',
  table: 'write',
  body: approveWithdrawalSchema,
  errors: [403, 404, 409, 502],
  note: 'An admin may not decide their own request (403). Over $500 the approval waits for a second admin: the request stays `pending` and the answer names the approval (`pendingApproval`; see POST /admin/approvals/{id}/approve).',
} as const satisfies RouteEntry;

export const rejectWithdrawal = {
  method: 'POST',
  path: '/admin/withdrawals/{id}/reject',
  access: 'admin',
  handler: 'admin/reject-withdrawal',
  table: 'write',
  body: rejectWithdrawalSchema,
  errors: [403, 404, 409],
  note: 'An admin may not decide their own request (403).',
} as const satisfies RouteEntry;

export const adjustWallet = {
  method: 'POST',
  path: '/admin/users/{id}/adjustments',
  access: 'admin',
  handler: 'admin/adjust-wallet',
  table: 'write',
  body: adjustmentSchema,
  status: 201,
  errors: [403, 404, 409],
  note: 'An admin may not adjust their own wallet (403). Over $100 either way nothing moves yet: the answer has no entry and names the approval waiting for a second admin (`pendingApproval`).',
} as const satisfies RouteEntry;

// Four eyes: second-admin approvals and the audit log
export const listApprovals = {
  method: 'GET',
  path: '/admin/approvals',
  access: 'admin',
  handler: 'admin/list-approvals',
  table: 'read',
  query: approvalsQuerySchema,
  note: 'Adjustments over $100 and withdrawal approvals over $500 wait here for a second admin, newest first, optionally of one `status`.',
} as const satisfies RouteEntry;

export const approveApproval = {
  method: 'POST',
  path: '/admin/approvals/{id}/approve',
  access: 'admin',
  handler: 'admin/approve-approval',
  table: 'write',
  body: approveApprovalSchema,
  errors: [403, 404, 409, 502],
  note: 'The second admin approves: the adjustment or the withdrawal approval is made now. The admin who asked for it, and the owner of the wallet, may not (403).',
} as const satisfies RouteEntry;

export const rejectApproval = {
  method: 'POST',
  path: '/admin/approvals/{id}/reject',
  access: 'admin',
  handler: 'admin/reject-approval',
  table: 'write',
  body: rejectApprovalSchema,
  errors: [403, 404, 409],
  note: 'A second admin refuses a pending request: nothing moves (a withdrawal request stays pending, to decide again). The admin who asked for it may not (403).',
} as const satisfies RouteEntry;

export const listAuditRecords = {
  method: 'GET',
  path: '/admin/audit',
  access: 'admin',
  handler: 'admin/list-audit-records',
  table: 'read',
  query: auditQuerySchema,
  note: 'Every admin action on money, newest first, kept without expiry: who, what, on whom, when, the wallet before and after, the reason. `actor` and `subject` take an id or an email; `from`/`to` are US Eastern days, both included.',
} as const satisfies RouteEntry;

// Receipts and exports
export const getReceipt = {
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

export const exportOrders = {
  method: 'GET',
  path: '/exports/orders.csv',
  access: 'user',
  handler: 'exports/export-orders',
  table: 'read',
  query: exportRangeSchema,
  note: 'UTF-8 CSV with a BOM, oldest first; `from`/`to` are US Eastern days, both included. Text cells beginning with =, +, -, @, tab or CR start with an apostrophe.',
} as const satisfies RouteEntry;

export const exportTransactions = {
  method: 'GET',
  path: '/exports/transactions.csv',
  access: 'user',
  handler: 'exports/export-transactions',
  table: 'read',
  query: transactionsExportQuerySchema,
  note: "UTF-8 CSV with a BOM, oldest first; `from`/`to` are US Eastern days, both included. `scope=all` (admins only, else 403): every user's top-ups.",
} as const satisfies RouteEntry;

export const exportAuditRecords = {
  method: 'GET',
  path: '/exports/audit.csv',
  access: 'admin',
  handler: 'exports/export-audit-records',
  table: 'read',
  query: auditExportQuerySchema,
  note: 'The audit log (GET /admin/audit, same filters) as UTF-8 CSV with a BOM, oldest first.',
} as const satisfies RouteEntry;

// Batch labels
export const getBatchTemplate = {
  method: 'GET',
  path: '/shipping/batches/template.csv',
  access: 'public',
  handler: 'shipping/batches/get-batch-template',
  table: 'none',
  note: 'The header row of every column a batch CSV may have (names are matched case-insensitively), then one example row.',
} as const satisfies RouteEntry;

export const listBatches = {
  method: 'GET',
  path: '/shipping/batches',
  access: 'user',
  handler: 'shipping/batches/list-batches',
  table: 'read',
  query: pageQuerySchema,
  note: "The caller's batches, newest first, each as its batch item holds it (no rows).",
} as const satisfies RouteEntry;

export const createBatch = {
  method: 'POST',
  path: '/shipping/batches',
  access: 'user',
  handler: 'shipping/batches/create-batch',
  table: 'write',
  textBody: 'text/csv',
  query: batchUploadQuerySchema,
  status: 201,
  errors: [404, 409],
  note: "The body is the CSV itself (UTF-8, at most 500 rows and 1 MiB; the header row names the columns of GET /shipping/batches/template.csv). A file that cannot be read as a whole (a missing, unknown or repeated column, a ragged row, not UTF-8, too many rows, a cell longer than its field allows: the message names row and column) is refused with 400 and nothing is stored; a shipper with 20 batches not yet done (draft, awaiting payment, running or cancelled) is refused with 409 and nothing is stored; rows that fail the label form's checks, or that their quote does not offer (table mode: its `labelType`; rates mode: its `service`, blank for the cheapest), are stored as `invalid` with their errors, to be fixed or dropped. The batch is answered `pricing`, its valid rows `pricing`: the batch worker quotes them in the background (poll GET /shipping/batches/{batchId}), each then `ready` with its quote's price or `invalid` when its quote does not offer it (or the carrier could not price it after a few tries), and the batch becomes a `draft`. `fromAddressId`: a saved address filling blank sender cells (404 when unknown). The optional `package` column names a saved package (case ignored) filling blank parcel cells; a row with no package and a blank parcel takes the default package; an unknown name is the row's error on `package`.",
} as const satisfies RouteEntry;

export const getBatch = {
  method: 'GET',
  path: '/shipping/batches/{batchId}',
  access: 'user',
  handler: 'shipping/batches/get-batch',
  table: 'read',
  errors: [404],
} as const satisfies RouteEntry;

export const updateBatchRow = {
  method: 'PUT',
  path: '/shipping/batches/{batchId}/rows/{row}',
  access: 'user',
  handler: 'shipping/batches/update-batch-row',
  table: 'write',
  body: batchRowUpdateSchema,
  errors: [404, 409, 429, 502],
  note: 'The row is validated and quoted again (502 and the row unchanged when the carrier cannot quote), counted on a rate of fixes per user and address (429 with Retry-After beyond). Only while the batch is `draft` or `cancelled` (409 otherwise; with Retry-After while it is `pricing`).',
} as const satisfies RouteEntry;

export const dropBatchRow = {
  method: 'DELETE',
  path: '/shipping/batches/{batchId}/rows/{row}',
  access: 'user',
  handler: 'shipping/batches/drop-batch-row',
  table: 'write',
  errors: [404, 409],
  note: 'The row is left out of the purchase (status `dropped`). Only while the batch is `draft` or `cancelled` (409 otherwise; with Retry-After while it is `pricing`).',
} as const satisfies RouteEntry;

export const purchaseBatch = {
  method: 'POST',
  path: '/shipping/batches/{batchId}/purchase',
  access: 'user',
  handler: 'shipping/batches/purchase-batch',
  table: 'write',
  body: batchPurchaseSchema,
  errors: [402, 404, 409, 429, 502],
  note: 'Needs an `Idempotency-Key` header. `credits`: the balance must cover the total (402 with `shortfallCents` otherwise), or with `payShortfall` a card checkout pays the shortfall first; `purchase`: a card checkout pays the total first. A batch whose rows are being priced answers 409 with Retry-After. When the quote of a ready row has expired, the batch goes back to `pricing` for such rows to be quoted again and the purchase answers 409 with `batch`, nothing charged: buy again once it is a `draft`. `totalCents` (optional): the total the shipper saw; when the rows now cost another, 409 with `batch` and nothing charged. Each valid row is then bought once as a credits label from its quote, never above its price, in the background; poll GET /shipping/batches/{batchId}. A batch already bought or being bought is answered as it is.',
} as const satisfies RouteEntry;

export const getBatchLabels = {
  method: 'GET',
  path: '/shipping/batches/{batchId}/labels.pdf',
  access: 'user',
  handler: 'shipping/batches/get-batch-labels',
  table: 'write',
  query: batchLabelsQuerySchema,
  errors: [404, 409],
  seeOther: 'In AWS, a file too large for one Lambda answer (about 4.7 MB): the file is kept and fetched from a link that works for 5 minutes.',
  note: 'Every bought label of the batch in row order, one 4x6 page each (`format=pdf`, the default) or two to an 8.5x11 page with cut lines (`format=letter`), without the labels refunded or being refunded. 409 while the batch is being bought or when none of its labels may be printed.',
} as const satisfies RouteEntry;

export const getBatchResults = {
  method: 'GET',
  path: '/shipping/batches/{batchId}/results.csv',
  access: 'user',
  handler: 'shipping/batches/get-batch-results',
  table: 'read',
  errors: [404],
  note: 'One line per row: row, status, trackingNumber, price, error. UTF-8 CSV with a BOM; text cells beginning with =, +, -, @, tab or CR start with an apostrophe.',
} as const satisfies RouteEntry;

// Insights
export const getSavings = {
  method: 'GET',
  path: '/shipping/savings',
  access: 'user',
  handler: 'shipping/get-savings',
  // Writes once per user: the first read counts the labels bought before the savings were kept.
  table: 'write',
  note: 'Months are US Eastern calendar months; a refunded label leaves the month it was bought in.',
} as const satisfies RouteEntry;

export const getBalanceHistory = {
  method: 'GET',
  path: '/wallet/balance-history',
  access: 'user',
  handler: 'wallet/get-balance-history',
  table: 'read',
  note: "The spendable balance at the close of each US Eastern day (withdrawals on hold left out), as the receipts' balance after.",
} as const satisfies RouteEntry;

// Landing
export const getLabelsCounter = {
  method: 'GET',
  path: '/api/counter',
  access: 'public',
  handler: 'landing/get-counter',
  table: 'read',
} as const satisfies RouteEntry;

// API keys: a shop's software calls the API with a key instead of a person's session
// (docs/decisions/0220-api-keys.md); only a signed-in person manages them, never a key.
export const createApiKey = {
  method: 'POST',
  path: '/account/api-keys',
  access: 'user',
  handler: 'account/create-api-key',
  table: 'write',
  body: apiKeySchema,
  status: 201,
  errors: [409],
  keyScope: 'none',
  teamRole: 'owner',
  note: 'Answers the key once (`key`); only its SHA-256 hash is stored. `psk_test_` keys on a sandbox carrier, `psk_live_` otherwise. At most 20 live keys per account (409 beyond).',
} as const satisfies RouteEntry;

export const listApiKeys = {
  method: 'GET',
  path: '/account/api-keys',
  access: 'user',
  handler: 'account/list-api-keys',
  table: 'read',
  keyScope: 'none',
  teamRole: 'owner',
  note: "The account's keys, newest first, revoked ones too (for 30 days), never the key nor its hash.",
} as const satisfies RouteEntry;

export const revokeApiKey = {
  method: 'DELETE',
  path: '/account/api-keys/{id}',
  access: 'user',
  handler: 'account/revoke-api-key',
  table: 'write',
  errors: [404],
  keyScope: 'none',
  teamRole: 'owner',
  note: "The key answers 401 from the next request on. Revoking a revoked key changes nothing; another account's key is a 404.",
} as const satisfies RouteEntry;

// Team members: a team is its owner's account (docs/decisions/0227-a-team-is-its-owners-account.md)
export const listMembers = {
  method: 'GET',
  path: '/account/members',
  access: 'user',
  handler: 'account/list-members',
  table: 'read',
  teamRole: 'owner',
  note: "The account's owner and its members, invitations not yet accepted included. Owners only.",
} as const satisfies RouteEntry;

export const inviteMember = {
  method: 'POST',
  path: '/account/members',
  access: 'user',
  handler: 'account/invite-member',
  table: 'write',
  body: inviteMemberSchema,
  status: 201,
  errors: [409, 502],
  teamRole: 'owner',
  note: "Mails the email a link to join the team in the role given (owner, shipper or viewer); the link works for 7 days. 409 when that email is already invited or a member, or is the owner's. Owners only.",
} as const satisfies RouteEntry;

export const removeMember = {
  method: 'DELETE',
  path: '/account/members/{id}',
  access: 'user',
  handler: 'account/remove-member',
  table: 'write',
  errors: [404],
  teamRole: 'owner',
  note: "Removes a member, or withdraws an invitation: the member's sessions end at once and their tokens answer 401. Owners only.",
} as const satisfies RouteEntry;

export const acceptInvitation = {
  method: 'POST',
  path: '/account/members/accept',
  access: 'user',
  handler: 'account/accept-invitation',
  table: 'write',
  body: acceptInviteSchema,
  errors: [404, 409],
  teamRole: 'viewer',
  note: 'Joins the team of the mailed link, signed in as the invited email. 404 for a link withdrawn, used or expired; 409 when the caller already belongs to a team, has members of their own, or still has money or labels in their own account (withdraw or spend it first).',
} as const satisfies RouteEntry;
