/**
 * The labels-created counter, sharded so many concurrent label purchases don't all update one
 * item (one hot key throttles). Reading sums the shards with one BatchGet.
 *
 *   shard  pk COUNTER#labels#<0..SHARDS-1>  sk COUNTER  count
 */
import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { randomInt } from 'node:crypto';
import { db, tableName } from './client';

export const LABEL_COUNTER_SHARDS = 10;

const shardKey = (shard: number) => ({ pk: `COUNTER#labels#${shard}`, sk: 'COUNTER' });

/** Number of labels created: the sum of all shards (missing shards count 0). */
export async function getLabelCount(): Promise<number> {
  const keys = Array.from({ length: LABEL_COUNTER_SHARDS }, (_, i) => shardKey(i));
  let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = { [tableName()]: { Keys: keys } };
  let total = 0;
  // BatchGet may return some keys as unprocessed under load; ask again for just those.
  for (let attempt = 0; request && attempt < 5; attempt++) {
    const out: BatchGetCommandOutput = await db.send(new BatchGetCommand({ RequestItems: request }));
    for (const item of out.Responses?.[tableName()] ?? []) total += Number(item.count ?? 0);
    const rest: Record<string, unknown>[] | undefined = out.UnprocessedKeys?.[tableName()]?.Keys;
    request = rest?.length ? { [tableName()]: { Keys: rest } } : undefined;
  }
  if (request) throw new Error('Label counter read left unprocessed keys');
  return total;
}

/** The TransactWrite item that adds `by` labels to a random shard; goes into the label purchase transaction. */
export function labelCountIncrement(by = 1) {
  return {
    Update: {
      TableName: tableName(),
      Key: shardKey(randomInt(LABEL_COUNTER_SHARDS)),
      UpdateExpression: 'ADD #count :by',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':by': by },
    },
  };
}
