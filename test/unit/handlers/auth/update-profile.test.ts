import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../../functions/handlers/auth/update-profile';
import { verifyPassword } from '../../../../functions/security/passwords';
import { call } from '../../functions/api-event';
import { bearer, conditionFailed, EMAIL, emptyTable, jsonEvent, onlyCall, PASSWORD, USER_ID, userItem } from './fixtures';

const ddb = mockClient(DynamoDBDocumentClient);
const NAME_ONLY = 'SET #name = :name, version = version + :one';

beforeEach(() => {
  emptyTable(ddb);
  // The profile as DynamoDB answers it after the update (ReturnValues ALL_NEW).
  ddb.on(UpdateCommand).resolves({ Attributes: userItem({ name: 'Ann B. Lee', version: 4 }) });
});

const update = async (body: unknown, scope: 'otp' | 'full' = 'full') =>
  call(handler, jsonEvent('PUT', '/auth/profile', body, await bearer({ scope })));

describe('PUT /auth/profile', () => {
  it('changes the name only, leaving the password hash alone, and answers the updated user', async () => {
    const res = await update({ name: '  Ann B. Lee ' });

    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ id: USER_ID, name: 'Ann B. Lee', email: EMAIL, balance: 12.5, balanceCents: 1250 });
    expect(res.body).not.toContain('passwordHash');
    expect(onlyCall(ddb, UpdateCommand)).toEqual(
      expect.objectContaining({
        Key: { pk: `USER#${USER_ID}`, sk: 'PROFILE' },
        UpdateExpression: NAME_ONLY,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': 'Ann B. Lee', ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
  });

  it('stores a hash of a new password, never the password itself', async () => {
    const res = await update({ name: 'Ann Lee', password: PASSWORD });

    expect(res.statusCode).toBe(200);
    const input = onlyCall(ddb, UpdateCommand);
    expect(input.UpdateExpression).toBe(`${NAME_ONLY}, passwordHash = :hash`);
    const hash = input.ExpressionAttributeValues?.[':hash'] as string;
    expect(hash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(JSON.stringify(input)).not.toContain(PASSWORD);
  });

  it('keeps the password when it is blank', async () => {
    await update({ name: 'Ann Lee', password: '' });

    const input = onlyCall(ddb, UpdateCommand);
    expect(input.UpdateExpression).toBe(NAME_ONLY);
    expect(input.ExpressionAttributeValues).not.toHaveProperty(':hash');
  });

  it('ignores an email in the body', async () => {
    const res = await update({ name: 'Ann Lee', email: 'mallory@example.com' });

    expect(res.statusCode).toBe(200);
    expect(res.json?.email).toBe(EMAIL);
    expect(JSON.stringify(onlyCall(ddb, UpdateCommand))).not.toContain('mallory');
  });

  it('answers 404 when the account is gone', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailed());
    const res = await update({ name: 'Ann Lee' });

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual({ message: 'Account not found' });
  });

  it('answers 400 on the password field for a weak new password, without writing', async () => {
    const res = await update({ name: 'Ann Lee', password: 'short' });

    expect(res.statusCode).toBe(400);
    expect(res.json?.fields).toEqual({ password: 'Password must be at least 8 characters' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 400 on the name field for a blank name, without writing', async () => {
    const res = await update({ name: '   ' });

    expect(res.statusCode).toBe(400);
    expect(res.json?.fields).toEqual({ name: 'Name must be at least 2 characters' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 403 to a sign-in token that has not passed the code step, without writing', async () => {
    const res = await update({ name: 'Ann Lee', password: PASSWORD }, 'otp');

    expect(res.statusCode).toBe(403);
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});
