/**
 * The DynamoDB document client, made once per Lambda container at module load and reused by
 * every call. DYNAMODB_ENDPOINT points it at DynamoDB Local; in AWS it is unset.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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
