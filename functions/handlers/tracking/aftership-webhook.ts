/**
 * POST /aftership/webhook: AfterShip's tracking webhooks, trusted only after the
 * aftership-hmac-sha256 signature over the raw body verifies (400 otherwise, nothing changes). A
 * tracking_update moves the label's status and last event (its latest checkpoint) once; other
 * events, and numbers that are not our labels, are acknowledged and ignored.
 */
import { BadRequest } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { AFTERSHIP_SIGNATURE_HEADER } from '../../tracking/aftership-events';
import { receiveAfterShipWebhook } from '../../tracking/receive-webhook';

export const handler = api(route.aftershipWebhook, async function afterShipWebhook({ rawBody, headers, log }) {
  const outcome = await receiveAfterShipWebhook(rawBody, headers[AFTERSHIP_SIGNATURE_HEADER], log);
  if (outcome === 'invalid') throw new BadRequest('Invalid signature');
  return { received: true } as const;
});
