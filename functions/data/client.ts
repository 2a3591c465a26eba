/**
 * The DynamoDB document client, made once per Lambda container at module load and reused by
 * every call. DYNAMODB_ENDPOINT points it at DynamoDB Local; in AWS it is unset.
 */
import { ConditionalCheckFailedException, DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';

const { DYNAMODB_ENDPOINT, AWS_REGION } = config();

export const dynamo = new DynamoDBClient({
  region: AWS_REGION,
  ...(DYNAMODB_ENDPOINT
    ? // DynamoDB Local accepts any credentials; fixed ones keep a developer's AWS profile out of it.
      { endpoint: DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
    : {}),
});

/** Plain JS objects in and out; undefined attributes dropped rather than failing the write. */
export const db = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = (): string => config().TABLE_NAME;

/** A single write whose ConditionExpression did not hold. */
export const isConditionFailure = (err: unknown): err is ConditionalCheckFailedException =>
  err instanceof ConditionalCheckFailedException;

/**
 * Runs a transaction whose conditions say "still valid" (an unused code, an unexpired link); when
 * DynamoDB cancels it, `refusal` is thrown instead, and nothing was written.
 */
export async function transactOrRefuse(items: NonNullable<TransactWriteCommandInput['TransactItems']>, refusal: () => Error): Promise<void> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if (err instanceof TransactionCanceledException) throw refusal();
    throw err;
  }
}
