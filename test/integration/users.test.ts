import { describe, expect, it } from 'vitest';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/data/client';
import { getLabelCount, statsItems } from '../../functions/data/stats';
import { createUser, getUserByEmail, getUserById } from '../../functions/data/users';
import { Conflict } from '../../functions/errors';
import { verifyPassword } from '../../functions/security/passwords';
import { seedAdmin } from '../../infra/local/seed';

describe('users in DynamoDB Local', () => {
  it('creates a user findable by id and by email in any case', async () => {
    const user = await createUser({ name: 'Ann', email: 'Ann@Example.com', passwordHash: 'h' });
    expect(await getUserById(user.id)).toEqual(user);
    expect((await getUserByEmail('ann@EXAMPLE.com'))?.id).toBe(user.id);
  });

  it('lets exactly one of 10 concurrent sign-ups with one email win', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => createUser({ name: `U${i}`, email: i % 2 ? 'race@x.co' : 'RACE@x.co', passwordHash: 'h' })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(9);
    for (const r of lost) expect(r.reason).toBeInstanceOf(Conflict);
    expect((await getUserByEmail('race@x.co'))?.id).toBe((won[0] as PromiseFulfilledResult<{ id: string }>).value.id);
  });
});

describe('seeded admin', () => {
  it('is created once with a generated password that signs in, and never changed after', async () => {
    const first = await seedAdmin('boss@x.co');
    expect(first.created).toBe(true);
    const admin = await getUserByEmail('boss@x.co');
    expect(admin).toMatchObject({ role: 'admin', verified: true });
    expect(await verifyPassword(first.generatedPassword as string, admin!.passwordHash)).toBe(true);
    const second = await seedAdmin('boss@x.co', 'Another1!pass');
    expect(second).toEqual({ email: 'boss@x.co', created: false });
    expect((await getUserByEmail('boss@x.co'))?.passwordHash).toBe(admin!.passwordHash);
  });
});

describe('labels counter', () => {
  it('sums concurrent increments spread over shards', async () => {
    const before = await getLabelCount();
    await Promise.all(Array.from({ length: 25 }, () => db.send(new TransactWriteCommand({ TransactItems: [...statsItems({ labels: 1 })] }))));
    expect(await getLabelCount()).toBe(before + 25);
  });
});
