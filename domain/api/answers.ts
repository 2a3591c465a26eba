/**
 * What every route of the API contract (domain/api/route-table.ts) answers: the zod schema of its JSON
 * answer (domain/api/<area>.ts), or a file marker (`pdfFile`, `csvFile`) for a route that answers
 * a file. Keyed by the route's `handler`, which is unique per route (test/unit/routes.test.ts); the
 * `satisfies` below makes a route without an answer, or an answer for a route that does not exist,
 * a compile error.
 *
 * Kept apart from the route entries on purpose: each Lambda's handler hands its entry
 * to the handler factory, so the entry's bytes and everything it names end up in that Lambda's
 * bundle, but nothing in a Lambda needs the answer schema at run time: the factory and the SPA's
 * client only take the answer's TYPE from here (`AnswerOf` below, with `import type`). Only
 * code that needs the schemas themselves imports this module: the OpenAPI document
 * (domain/api/openapi.ts) and the tests. A body-less route's bundle then holds no zod at all.
 * Reasons and figures: docs/decisions/0181-a-lambda-bundles-only-its-own-route.md, docs/performance.md.
 */
import * as z from 'zod';
import type { Route, RouteKey, RouteOf } from './routes';
import { addressCheckSchema, savedAddressSchema } from './addresses';
import { apiKeyRecordSchema, createdApiKeySchema } from './api-keys';
import { adjustmentsPageSchema } from './adjustments';
import { adminStatsSchema } from './admin';
import { approvalsPageSchema, apiApprovalSchema, auditPageSchema, withdrawalDecisionSchema } from './oversight';
import {
  captchaChallengeSchema,
  factorAddedAnswerSchema,
  messageAnswerSchema,
  passkeyOptionsSchema,
  profilePictureSchema,
  recoveryCodesAnswerSchema,
  securityAnswerSchema,
  sessionAnswerSchema,
  sessionsAnswerSchema,
  totpStartAnswerSchema,
} from './auth';
import { apiBatchSchema, batchesPageSchema, batchPurchaseAnswerSchema } from './batches';
import { balanceHistorySchema, savingsAnswerSchema } from './insights';
import { labelsCounterSchema } from './landing';
import { unsubscribeAnswerSchema } from './notifications';
import { apiOrderSchema, createdLabelSchema, ordersPageSchema } from './orders';
import { savedPackageSchema } from './packages';
import { apiMemberSchema, joinedTeamSchema, membersAnswerSchema } from './members';
import { apiWebhookDeliverySchema, apiWebhookSchema, createdWebhookSchema, webhookDeliveriesPageSchema } from './webhooks';
import { apiPickupSchema, apiScanFormSchema, pickupsPageSchema, scanFormsPageSchema } from './shipping-day';
import { quoteSchema } from './quotes';
import { supportAnswerSchema } from './support';
import { trackAnswerSchema } from './tracking';
import { adjustmentAnswerSchema, apiUserSchema, usersPageSchema } from './users';
import { apiWithdrawalSchema, checkoutSessionAnswerSchema, topupAnswerSchema, transactionsPageSchema, webhookAckSchema, withdrawalsPageSchema } from './wallet';

/** A route that answers with a file instead of JSON (the label PDF): its media type. */
export interface FileAnswer {
  readonly file: string;
  /** Other media types the route answers when asked for another file (the label's formats). */
  readonly alternatives?: readonly string[];
}
export const pdfFile = { file: 'application/pdf' } as const satisfies FileAnswer;
/** A CSV file (UTF-8 with a BOM): the exports and the batch result (functions/exports/csv.ts). */
export const csvFile = { file: 'text/csv' } as const satisfies FileAnswer;
/** A label in the format asked (domain/label-formats.ts): a PDF by default, else a PNG or ZPL. */
export const labelFileAnswer = { file: 'application/pdf', alternatives: ['image/png', 'application/zpl'] } as const satisfies FileAnswer;

/** What a route answers: the zod schema of its JSON answer, or the file marker. */
export type Answer = z.ZodType | FileAnswer;

/** Every route's answer, by the route's `handler`, grouped by area as domain/api/route-table.ts is. */
export const answers = {
  // Accounts and sessions
  'auth/register': sessionAnswerSchema,
  'auth/login': sessionAnswerSchema,
  'auth/send-otp': messageAnswerSchema,
  'auth/resend-otp': messageAnswerSchema,
  'auth/verify-otp': sessionAnswerSchema,
  'auth/verify-totp': sessionAnswerSchema,
  'auth/verify-recovery-code': sessionAnswerSchema,
  'auth/passkey-sign-in-options': passkeyOptionsSchema,
  'auth/verify-passkey': sessionAnswerSchema,
  'auth/get-security': securityAnswerSchema,
  'auth/start-totp': totpStartAnswerSchema,
  'auth/confirm-totp': factorAddedAnswerSchema,
  'auth/remove-totp': messageAnswerSchema,
  'auth/passkey-options': passkeyOptionsSchema,
  'auth/add-passkey': factorAddedAnswerSchema,
  'auth/remove-passkey': messageAnswerSchema,
  'auth/new-recovery-codes': recoveryCodesAnswerSchema,
  'auth/forget-devices': messageAnswerSchema,
  'auth/forgot-password': messageAnswerSchema,
  'auth/reset-password': messageAnswerSchema,
  'auth/get-captcha-challenge': captchaChallengeSchema,
  'auth/get-profile': apiUserSchema,
  'auth/update-profile': apiUserSchema,
  'auth/get-profile-picture': profilePictureSchema,
  'auth/logout': messageAnswerSchema,
  'auth/list-sessions': sessionsAnswerSchema,
  'auth/end-other-sessions': messageAnswerSchema,
  // Mail notifications: the shipper's settings and the mails' one-click unsubscribe
  'auth/update-notifications': apiUserSchema,
  'auth/update-label-format': apiUserSchema,
  'notifications/unsubscribe': unsubscribeAnswerSchema,
  'auth/list-users': usersPageSchema,
  // Saved addresses
  'addresses/list-addresses': z.array(savedAddressSchema),
  'addresses/create-address': savedAddressSchema,
  'addresses/delete-address': messageAnswerSchema,
  // Saved packages
  'packages/list-packages': z.array(savedPackageSchema),
  'packages/create-package': savedPackageSchema,
  'packages/set-default-package': savedPackageSchema,
  'packages/clear-default-package': savedPackageSchema,
  'packages/delete-package': messageAnswerSchema,
  // Webhooks
  'account/create-webhook': createdWebhookSchema,
  'account/list-webhooks': z.array(apiWebhookSchema),
  'account/delete-webhook': messageAnswerSchema,
  'account/list-webhook-deliveries': webhookDeliveriesPageSchema,
  'account/resend-webhook-delivery': apiWebhookDeliverySchema,
  // Address check before buying and saving
  'addresses/verify-address': addressCheckSchema,
  // Wallet and payments
  'payments/create-checkout-session': checkoutSessionAnswerSchema,
  'payments/stripe-webhook': webhookAckSchema,
  'payments/create-topup': topupAnswerSchema,
  'payments/hoodpay-webhook': webhookAckSchema,
  'payments/list-transactions': transactionsPageSchema,
  // Carrier tracking events pushed in: verified by the provider's HMAC over the raw body
  'tracking/easypost-webhook': webhookAckSchema,
  'tracking/aftership-webhook': webhookAckSchema,
  // Labels and tracking
  'shipping/quote-rates': quoteSchema,
  'shipping/create-label': createdLabelSchema,
  'shipping/list-orders': ordersPageSchema,
  'shipping/download-order': labelFileAnswer,
  // Label refunds
  'shipping/refund-label': apiOrderSchema,
  'shipping/create-return-label': createdLabelSchema,
  'shipping/download-return-label': pdfFile,
  'shipping/track-package': trackAnswerSchema,
  // Postage adjustments
  'shipping/list-adjustments': adjustmentsPageSchema,
  'shipping/dispute-adjustment': supportAnswerSchema,
  // The end of a shipping day: SCAN forms and carrier pickups
  'shipping/create-scan-form': apiScanFormSchema,
  'shipping/list-scan-forms': scanFormsPageSchema,
  'shipping/download-scan-form': pdfFile,
  'shipping/book-pickup': apiPickupSchema,
  'shipping/list-pickups': pickupsPageSchema,
  'shipping/cancel-pickup': apiPickupSchema,
  // Support
  'support/create-support-request': supportAnswerSchema,
  // Admin dashboard
  'admin/get-stats': adminStatsSchema,
  // Withdrawals and adjustments
  'wallet/list-withdrawals': withdrawalsPageSchema,
  'wallet/request-withdrawal': apiWithdrawalSchema,
  'admin/list-withdrawals': withdrawalsPageSchema,
  'admin/approve-withdrawal': withdrawalDecisionSchema,
  'admin/reject-withdrawal': apiWithdrawalSchema,
  'admin/adjust-wallet': adjustmentAnswerSchema,
  // Four eyes: second-admin approvals and the audit log
  'admin/list-approvals': approvalsPageSchema,
  'admin/approve-approval': apiApprovalSchema,
  'admin/reject-approval': apiApprovalSchema,
  'admin/list-audit-records': auditPageSchema,
  // Receipts and exports
  'receipts/get-receipt': pdfFile,
  'exports/export-orders': csvFile,
  'exports/export-transactions': csvFile,
  'exports/export-audit-records': csvFile,
  // Batch labels
  'shipping/batches/get-batch-template': csvFile,
  'shipping/batches/list-batches': batchesPageSchema,
  'shipping/batches/create-batch': apiBatchSchema,
  'shipping/batches/get-batch': apiBatchSchema,
  'shipping/batches/update-batch-row': apiBatchSchema,
  'shipping/batches/drop-batch-row': apiBatchSchema,
  'shipping/batches/purchase-batch': batchPurchaseAnswerSchema,
  'shipping/batches/get-batch-labels': pdfFile,
  'shipping/batches/get-batch-results': csvFile,
  // Insights
  'shipping/get-savings': savingsAnswerSchema,
  'wallet/get-balance-history': balanceHistorySchema,
  // Landing
  'landing/get-counter': labelsCounterSchema,
  // API keys
  'account/create-api-key': createdApiKeySchema,
  'account/list-api-keys': z.array(apiKeyRecordSchema),
  'account/revoke-api-key': messageAnswerSchema,
  // Team members
  'account/list-members': membersAnswerSchema,
  'account/invite-member': apiMemberSchema,
  'account/remove-member': messageAnswerSchema,
  'account/accept-invitation': joinedTeamSchema,
} as const satisfies { readonly [H in Route['handler']]: Answer };

/** What the route with this `handler` answers; throws for a route the map does not know. */
export function answerOf(route: { handler: string }): Answer {
  if (!Object.hasOwn(answers, route.handler)) throw new Error(`No answer for ${route.handler} in domain/api/answers.ts`);
  return answers[route.handler as Route['handler']];
}

/**
 * What route `K` answers: the output of its answer schema, or a Blob for a file. Code that runs in
 * a Lambda imports it with `import type`, so no answer schema reaches a bundle.
 */
export type AnswerOf<K extends RouteKey> = (typeof answers)[RouteOf<K>['handler']] extends infer S extends z.ZodType ? z.output<S> : Blob;
