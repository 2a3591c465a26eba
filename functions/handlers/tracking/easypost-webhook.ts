/**
 * POST /easypost/webhook: EasyPost's tracker events, trusted only after the
 * X-Hmac-Signature over the raw body verifies (400 otherwise, nothing changes). A tracker.updated or
 * tracker.created event moves the label's status and last event once, whatever the replays and in
 * whatever order they come; other events, and numbers that are not our labels, are acknowledged and
 * ignored, so EasyPost stops retrying.
 */
import { BadRequest } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { EASYPOST_SIGNATURE_HEADER } from '../../tracking/easypost-events';
import { receiveEasyPostWebhook } from '../../tracking/receive-webhook';

export const handler = api(route.easypostWebhook, async function easyPostWebhook({ rawBody, headers, log }) {
  const outcome = await receiveEasyPostWebhook(rawBody, headers[EASYPOST_SIGNATURE_HEADER], log);
  if (outcome === 'invalid') throw new BadRequest('Invalid signature');
  return { received: true } as const;
});
