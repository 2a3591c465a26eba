/**
 * A shipper's dispute of a postage adjustment: a support request (functions/data/support-
 * requests.ts) about it, with the label and the carrier's evidence in its message and the label's id
 * attached, stored in the same transaction that marks the adjustment disputed, so each adjustment
 * is disputed once. Support takes it up with the carrier; when the carrier lowers its invoice, its
 * event gives the difference back (./adjustments.ts).
 */
import { isValid as isUlid } from 'ulid';
import { parcelText } from './adjustments';
import { formatUsd } from '../../domain/money';
import { disputeStep, getAdjustment, type PostageAdjustment } from '../data/postage-adjustments';
import { saveSupportRequest, type SupportRequest } from '../data/support-requests';
import type { User } from '../../domain/api/users';
import { Conflict, NotFound } from '../errors';
import type { Logger } from '../observability/logger';
import { sendSupportMail } from '../support/support-mail';

export const NO_ADJUSTMENT_MESSAGE = 'Adjustment not found';
export const ALREADY_DISPUTED_MESSAGE = 'This adjustment is already disputed: support will reply by mail.';

/** What support reads: the shipper's words, then the adjustment and its evidence. */
const disputeMessage = (a: PostageAdjustment, message: string): string =>
  [
    message,
    '',
    '--- Postage adjustment disputed ---',
    `Label: ${a.tracking ?? '(no tracking number)'} (order ${a.shipOrderId}, ${a.service ?? 'USPS'})`,
    `Adjustment: ${formatUsd(a.amountCents)} on ${a.createdAt} (${a.reason}); carrier invoice ${a.carrierRef}`,
    `Declared: ${parcelText(a.declared)}`,
    `Measured: ${parcelText(a.measured)}`,
  ].join('\n');

/** Opens the dispute of the caller's adjustment `id`: NotFound when it is not theirs, Conflict when already disputed. */
export async function disputeAdjustment(
  user: Pick<User, 'id' | 'name' | 'email' | 'role'>,
  id: string,
  message: string,
  log: Logger,
  now = new Date(),
): Promise<SupportRequest> {
  const adjustment = isUlid(id) ? await getAdjustment(user.id, id) : undefined;
  if (!adjustment) throw new NotFound(NO_ADJUSTMENT_MESSAGE);
  if (adjustment.disputedAt) throw new Conflict(ALREADY_DISPUTED_MESSAGE);
  const { request, created } = await saveSupportRequest(
    {
      userId: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      subject: 'Billing Questions',
      message: disputeMessage(adjustment, message),
      shipOrderId: adjustment.shipOrderId,
      adjustmentId: adjustment.id,
    },
    // One key per adjustment: two disputes sent at once store one request.
    `dispute-${adjustment.id}`,
    now,
    { steps: (requestId) => [disputeStep(adjustment, requestId, now)], refused: () => new Conflict(ALREADY_DISPUTED_MESSAGE) },
  );
  if (!created) throw new Conflict(ALREADY_DISPUTED_MESSAGE);
  await sendSupportMail(request, log, now);
  return request;
}
