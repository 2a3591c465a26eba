/**
 * The webhook worker Lambda: SQS delivers one message per delivery (batch size 1); the delivery is
 * attempted (./deliver.ts), then the later pending events of its shipment. A failed attempt is not
 * a failed message: the retry is scheduled in the table and sent again with a delay. A message that
 * throws (DynamoDB down) is delivered again by SQS, then parked in the dead-letter queue; the
 * delivery stays due and the scheduled work sends it again.
 */
import type { SQSEvent } from 'aws-lambda';
import type { DeliveryRef } from '../data/webhook-deliveries';
import { logger } from '../observability/logger';
import { publishIfAny } from '../observability/metrics';
import { deliverInOrder } from './deliver';
import { getWebhookQueue } from './queue';

export async function handler(event: SQSEvent): Promise<void> {
  const log = logger.createChild({ persistentKeys: { job: 'webhook-worker' } });
  try {
    for (const record of event.Records) {
      const ref = JSON.parse(record.body) as Partial<DeliveryRef>;
      if (typeof ref.endpointId !== 'string' || typeof ref.deliveryId !== 'string') {
        log.warn('webhook message without a delivery', { messageId: record.messageId });
        continue;
      }
      await deliverInOrder({ endpointId: ref.endpointId, deliveryId: ref.deliveryId }, getWebhookQueue(), log);
    }
  } finally {
    publishIfAny();
  }
}
