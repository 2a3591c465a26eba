/**
 * Payment providers' events, each applied once.
 *
 *   event  pk EVENT#<provider>#<id>  sk EVENT  outcome, TTL 30 days
 *
 * The record goes into the transaction the event causes, so a replay of the event (however often
 * and concurrently) fails the record's condition and changes nothing.
 */
import { tableName, type Step } from './client';

const eventKey = (key: string) => ({ pk: `EVENT#${key}`, sk: 'EVENT' });
const EVENT_TTL_S = 30 * 24 * 3600;

/** The step that records `key` (`<provider>#<event id>`) as applied; it fails as `event` when it was. */
export function eventRecordStep(key: string, details: Record<string, string>, now: string): Step {
  return {
    name: 'event',
    item: {
      Put: {
        TableName: tableName(),
        Item: { ...eventKey(key), entity: 'webhookEvent', ...details, processedAt: now, expiresAt: Math.floor(Date.now() / 1000) + EVENT_TTL_S },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}
