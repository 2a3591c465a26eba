/**
 * Creates the one table from the shared definition (functions/data/table.ts) in the local stack's
 * DynamoDB (DynamoDB Local, or the one DYNAMODB_ENDPOINT names),
 * or leaves an existing one alone so data survives restarts, adding only the indexes a newer
 * definition has (a data folder made before an index existed keeps working, as a deployed table
 * gains the index from CloudFormation).
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, tableDefinition } from '../../functions/data/table';
import { localDynamoClient } from './dynamodb-local';

/** Adds the definition's indexes that the existing table lacks, one at a time as DynamoDB requires. */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, existing: Set<string>): Promise<void> {
  const wanted = createTableInput(tableName);
  for (const index of wanted.GlobalSecondaryIndexes ?? []) {
    if (existing.has(index.IndexName!)) continue;
    const keys = new Set(index.KeySchema!.map((k) => k.AttributeName!));
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: wanted.AttributeDefinitions!.filter((a) => keys.has(a.AttributeName!)),
        GlobalSecondaryIndexUpdates: [{ Create: { IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection } }],
      }),
    );
  }
}

/** Makes sure `tableName` exists at `endpoint` with every index; returns true when it had to create it. */
export async function ensureTable(endpoint: string, tableName: string): Promise<boolean> {
  const client = localDynamoClient(endpoint);
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      await addMissingIndexes(client, tableName, new Set((Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName!)));
      return false;
    } catch (err) {
      if (!(err instanceof ResourceNotFoundException)) throw err;
    }
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    // DynamoDB Local makes a table at once; AWS takes seconds to a minute with three indexes.
    await waitUntilTableExists({ client, maxWaitTime: 120 }, { TableName: tableName });
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      }),
    );
    return true;
  } finally {
    client.destroy();
  }
}
