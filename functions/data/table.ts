/**
 * The one DynamoDB table, defined once: the CDK stack (infra/) and the local front (infra/local/)
 * both build it from this description, so the keys, indexes and TTL can never drift apart.
 * docs/data-model.md lists the items and access patterns that use these keys.
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Overloaded indexes; each entity documents what it puts in them. */
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    /**
     * The work index, sparse: only items waiting for scheduled work carry `gsi3pk` (`WORK#<queue>`),
     * with `gsi3sk` = `<due ISO time>#<id>`, so the scheduled job reads exactly what is due and an
     * idle run costs one small Query (functions/jobs/).
     */
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  /** Epoch seconds; DynamoDB deletes the item some time after this (codes, lockouts). */
  timeToLiveAttribute: 'expiresAt',
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

/** The CreateTable request for DynamoDB Local and tests (on-demand, string keys everywhere). */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const d = tableDefinition;
  const keyNames = [d.partitionKey, d.sortKey, ...d.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: d.partitionKey, KeyType: 'HASH' },
      { AttributeName: d.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: d.globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' },
        { AttributeName: g.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}
