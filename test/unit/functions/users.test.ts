import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { toApiUser } from '../../../domain/api/users';
import { createUser, getUserByEmail } from '../../../functions/data/users';
import { Conflict } from '../../../functions/errors';
import { hashPassword, verifyPassword } from '../../../functions/security/passwords';
import { statsExpected } from '../handlers/payments/fixtures';

const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddb.reset());

describe('createUser', () => {
  it('writes the profile and a lower-cased email claim in one guarded transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const user = await createUser({ name: ' Ann ', email: 'Ann@Example.COM', passwordHash: 'h' });
    expect(user).toMatchObject({ name: 'Ann', email: 'Ann@Example.COM', role: 'user', balanceCents: 0, verified: false });
    const items = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items.slice(2)).toEqual(statsExpected({ users: 1 }));
    expect(items[0]?.Put?.Item).toMatchObject({ pk: 'EMAIL#ann@example.com', sk: 'EMAIL', userId: user.id });
    expect(items[1]?.Put?.Item).toMatchObject({ pk: `USER#${user.id}`, sk: 'PROFILE', gsi1pk: 'USERS' });
    for (const item of items.slice(0, 2)) expect(item.Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
  });

  it('turns a taken email into Conflict', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    await expect(createUser({ name: 'Ann', email: 'ann@example.com', passwordHash: 'h' })).rejects.toThrow(Conflict);
  });

  it('lets other failures through unchanged', async () => {
    ddb.on(TransactWriteCommand).rejects(new Error('throttled'));
    await expect(createUser({ name: 'Ann', email: 'a@b.co', passwordHash: 'h' })).rejects.toThrow('throttled');
  });
});

describe('getUserByEmail', () => {
  it('reads the claim by the lower-cased email, then the profile by key', async () => {
    ddb.on(GetCommand, { Key: { pk: 'EMAIL#ann@example.com', sk: 'EMAIL' } }).resolves({ Item: { userId: 'U1' } });
    ddb.on(GetCommand, { Key: { pk: 'USER#U1', sk: 'PROFILE' } }).resolves({
      Item: { id: 'U1', name: 'Ann', email: 'ann@example.com', role: 'admin', passwordHash: 'h', verified: true, balanceCents: 250, version: 3, createdAt: 't' },
    });
    const user = await getUserByEmail(' ANN@example.com ');
    expect(user).toMatchObject({ id: 'U1', role: 'admin', balanceCents: 250 });
    expect(toApiUser(user!)).toEqual({
      id: 'U1', name: 'Ann', email: 'ann@example.com', role: 'admin', isVerified: true, balance: 2.5, balanceCents: 250, createdAt: 't',
    });
  });

  it('is undefined for an unknown email', async () => {
    ddb.on(GetCommand).resolves({});
    expect(await getUserByEmail('nobody@x.co')).toBeUndefined();
  });
});

describe('passwords', () => {
  it('hashes with a salt and verifies only the right password', async () => {
    const a = await hashPassword('Str0ng!pass');
    const b = await hashPassword('Str0ng!pass');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Str0ng');
    expect(await verifyPassword('Str0ng!pass', a)).toBe(true);
    expect(await verifyPassword('Str0ng!pasS', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});
