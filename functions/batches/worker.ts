/**
 * The batch worker Lambda: SQS delivers one message per batch chunk (batch size 1); the
 * chunk is bought (./run.ts) and, when rows are left, the batch is sent to the queue again, so each
 * invocation stays far inside its timeout. A failing chunk throws: SQS delivers the message again
 * after the visibility timeout (the row keys make a second run harmless), then to the dead-letter
 * queue; a batch stuck there is sent again by the scheduled work once its lease ends.
 */
import type { SQSEvent } from 'aws-lambda';
import { logger } from '../observability/logger';
import { publishIfAny } from '../observability/metrics';
import { getBatchQueue, type BatchMessage } from './queue';
import { processChunk } from './run';

export async function handler(event: SQSEvent): Promise<void> {
  const log = logger.createChild({ persistentKeys: { job: 'batch-worker' } });
  try {
    for (const record of event.Records) {
      const { batchId } = JSON.parse(record.body) as BatchMessage;
      if (typeof batchId !== 'string') {
        log.warn('batch message without a batch id', { messageId: record.messageId });
        continue;
      }
      if ((await processChunk(batchId, log.createChild({ persistentKeys: { batchId } }))) === 'more') await getBatchQueue().send(batchId);
    }
  } finally {
    publishIfAny();
  }
}
