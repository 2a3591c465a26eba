/**
 * Support requests, kept beside their user so none is lost if the mail to support fails.
 *
 *   request  pk USER#<userId>  sk SUPPORT#<ulid>  email, subject, message, createdAt
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { db, tableName } from './client';

export interface SupportRequest {
  id: string;
  userId: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

/** Stores a new support request. */
export async function saveSupportRequest(input: Omit<SupportRequest, 'id' | 'createdAt'>): Promise<SupportRequest> {
  const request: SupportRequest = { ...input, id: ulid(), createdAt: new Date().toISOString() };
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: `USER#${input.userId}`, sk: `SUPPORT#${request.id}`, entity: 'supportRequest', ...request },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return request;
}
