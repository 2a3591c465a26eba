import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../../functions/handlers/auth/get-profile';
import { apiEvent, call } from '../../functions/api-event';
import { bearer, EMAIL, emptyTable, storeUser, USER_ID, userItem } from './fixtures';

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  emptyTable(ddb);
});

const getProfile = async (headers: Record<string, string>) => call(handler, apiEvent({ path: '/auth/profile', headers }));

describe('GET /auth/profile', () => {
  it('answers the user with the balance in dollars beside exact cents, and no password hash', async () => {
    storeUser(ddb, userItem({ balanceCents: 1205, verified: true }));
    const res = await getProfile(await bearer());

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({
      id: USER_ID,
      name: 'Ann Lee',
      email: EMAIL,
      role: 'user',
      isVerified: true,
      balance: 12.05,
      balanceCents: 1205,
      createdAt: '2025-01-02T03:04:05.000Z',
    });
    expect(ddb).toHaveReceivedCommandExactlyOnceWith(GetCommand, { Key: { pk: `USER#${USER_ID}`, sk: 'PROFILE' } });
  });

  it('answers isVerified false and a zero balance for a fresh account', async () => {
    storeUser(ddb, userItem({ balanceCents: 0, verified: false }));
    expect((await getProfile(await bearer())).json).toMatchObject({ isVerified: false, balance: 0, balanceCents: 0 });
  });

  it('answers 401 for a valid token of a deleted account', async () => {
    const res = await getProfile(await bearer());

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual({ message: 'Please sign in' });
  });

  it('answers 403 to a sign-in token that has not passed the code step, without reading', async () => {
    storeUser(ddb);
    const res = await getProfile(await bearer({ scope: 'otp' }));

    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual({ message: 'Enter the code we sent to your email first' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 401 without a token', async () => {
    expect((await getProfile({})).statusCode).toBe(401);
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});
