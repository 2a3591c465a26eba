import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../../functions/handlers/auth/list-users';
import { apiEvent, call } from '../../functions/api-event';
import { ADMIN_ID, bearer, emptyTable, onlyCall, OTHER_ID, storeAdmin, USER_ID, userItem } from './fixtures';

const ddb = mockClient(DynamoDBDocumentClient);

const newer = userItem({ id: OTHER_ID, name: 'Bob', email: 'bob@example.com', createdAt: '2025-03-01T00:00:00.000Z', balanceCents: 99 });
const older = userItem({ role: 'admin', verified: true });
/** Where DynamoDB stopped: the keys of the table and of gsi1 of the last item read. */
const lastKey = { pk: older.pk as string, sk: 'PROFILE', gsi1pk: 'USERS', gsi1sk: older.gsi1sk as string };

beforeEach(() => {
  emptyTable(ddb);
  storeAdmin(ddb);
});

const listUsers = async (query: Record<string, string> = {}, role: 'admin' | 'user' = 'admin') =>
  call(handler, apiEvent({ path: '/auth/users', query, headers: await bearer({ userId: role === 'admin' ? ADMIN_ID : USER_ID, role }) }));

describe('GET /auth/users', () => {
  it('answers one page of users, newest first, from one Query on gsi1', async () => {
    ddb.on(QueryCommand).resolves({ Items: [newer, older], LastEvaluatedKey: lastKey });
    const res = await listUsers({ limit: '2' });

    expect(res.statusCode).toBe(200);
    const { users, nextCursor } = res.json as { users: Record<string, unknown>[]; nextCursor: string };
    expect(users).toEqual([
      { id: OTHER_ID, name: 'Bob', email: 'bob@example.com', role: 'user', isVerified: false, balance: 0.99, balanceCents: 99, createdAt: '2025-03-01T00:00:00.000Z' },
      { id: USER_ID, name: 'Ann Lee', email: 'ann@example.com', role: 'admin', isVerified: true, balance: 12.5, balanceCents: 1250, createdAt: '2025-01-02T03:04:05.000Z' },
    ]);
    expect(res.body).not.toContain('passwordHash');
    expect(onlyCall(ddb, QueryCommand)).toEqual(
      expect.objectContaining({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :users',
        ExpressionAttributeValues: { ':users': 'USERS' },
        ScanIndexForward: false,
        Limit: 2,
        ExclusiveStartKey: undefined,
      }),
    );
    expect(JSON.parse(Buffer.from(nextCursor, 'base64url').toString('utf8'))).toEqual(lastKey);
  });

  it('continues after the key its cursor names', async () => {
    ddb.on(QueryCommand).resolvesOnce({ Items: [newer], LastEvaluatedKey: lastKey }).resolvesOnce({ Items: [older] });
    const first = await listUsers({ limit: '1' });
    const second = await listUsers({ limit: '1', cursor: (first.json as { nextCursor: string }).nextCursor });

    expect(second.statusCode).toBe(200);
    expect(ddb.commandCalls(QueryCommand)[1]?.args[0].input.ExclusiveStartKey).toEqual(lastKey);
    expect(second.json).toMatchObject({ users: [{ id: USER_ID }], nextCursor: null });
  });

  it('reads 50 users by default and answers a null cursor on the last page', async () => {
    const res = await listUsers();

    expect(res.json).toEqual({ users: [], nextCursor: null });
    expect(onlyCall(ddb, QueryCommand).Limit).toBe(50);
  });

  it.each([
    ['garbage', '!!not base64 json!!'],
    ['a JSON array', Buffer.from('[1]').toString('base64url')],
    ['an attribute that is not a key', Buffer.from(JSON.stringify({ passwordHash: 'x' })).toString('base64url')],
    ['an empty key', Buffer.from('{}').toString('base64url')],
  ])('answers 400 Invalid cursor for %s, without querying', async (_what, cursor) => {
    const res = await listUsers({ cursor });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid cursor' });
    expect(ddb).not.toHaveReceivedCommand(QueryCommand);
  });

  it.each(['0', '101', '-1', '2.5', 'ten', ''])('answers 400 on the limit field for limit=%s, without querying', async (limit) => {
    const res = await listUsers({ limit });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'limit must be a number from 1 to 100', fields: { limit: 'limit must be a number from 1 to 100' } });
    expect(ddb).not.toHaveReceivedCommand(QueryCommand);
  });

  it('accepts the limits 1 and 100', async () => {
    expect((await listUsers({ limit: '1' })).statusCode).toBe(200);
    expect((await listUsers({ limit: '100' })).statusCode).toBe(200);
  });

  it('answers 403 to a user who is not an admin, without querying', async () => {
    const res = await listUsers({}, 'user');

    expect(res.statusCode).toBe(403);
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 403 to an admin sign-in token that has not passed the code step', async () => {
    const res = await call(handler, apiEvent({ path: '/auth/users', headers: await bearer({ userId: ADMIN_ID, role: 'admin', scope: 'otp' }) }));

    expect(res.statusCode).toBe(403);
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});
