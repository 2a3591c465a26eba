/**
 * The saved-package routes against DynamoDB Local, through the real handlers: the answer, and the
 * package, its name claim and the user's packages item (count and default pointer) as stored.
 * Refusals leave the table as it was; the default stays one under concurrent requests.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../../functions/data/client';
import { invoke, newAccount, type Account } from '../../security/actors';
import { expectVerifiedUserOnly } from '../answers';
import { changesOf, withoutWrites } from '../table-changes';
import { MAX_PACKAGES, savePackage } from '../../../../functions/data/packages';

const BOX = { name: 'Small box', weight: 2, length: 10, width: 6, height: 4 };
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const NOT_FOUND = { message: 'Package not found' };

let ann: Account;
let bob: Account;
beforeEach(async () => {
  [ann, bob] = await Promise.all([newAccount('user', 'pkg'), newAccount('user', 'pkg')]);
});

const save = (body: unknown, token: string | null = ann.token) => invoke('POST /auth/packages', { token: token ?? undefined, body });
const list = (token: string | null = ann.token) => withoutWrites(() => invoke('GET /auth/packages', { token: token ?? undefined }));
const makeDefault = (id: string, token: string | null = ann.token) => invoke('PUT /auth/packages/{id}/default', { token: token ?? undefined, params: { id } });
const clearDefault = (id: string, token: string | null = ann.token) =>
  invoke('DELETE /auth/packages/{id}/default', { token: token ?? undefined, params: { id } });
const remove = (id: string, token: string | null = ann.token) => invoke('DELETE /auth/packages/{id}', { token: token ?? undefined, params: { id } });
const items = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
const saved = async (body: Record<string, unknown> = BOX, account: Account = ann) => {
  const res = await save(body, account.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json as { id: string; name: string; isDefault: boolean };
};
/** The user's packages item: how many are saved and the default pointer. */
const packagesItem = async (account: Account = ann) =>
  (await db.send(new GetCommand({ TableName: tableName(), Key: { pk: `USER#${account.id}`, sk: 'PKGS' }, ConsistentRead: true }))).Item;
/** Which of the user's packages the list calls the default. */
const defaults = async (token = ann.token) =>
  ((await list(token)).json as unknown as { name: string; isDefault: boolean }[]).filter((p) => p.isDefault).map((p) => p.name);

describe('POST /auth/packages', () => {
  it('answers 201 with the package under a new ULID, stored with its name claim and the count', async () => {
    const { result: res, written } = await changesOf(() => save({ ...BOX, name: '  Small box ' }));

    expect(res.statusCode).toBe(201);
    const id = res.json?.id as string;
    expect(res.json).toEqual({ id: expect.stringMatching(ULID), ...BOX, isDefault: false, createdAt: expect.any(String) });
    expect(items(written)).toEqual(
      expect.arrayContaining([
        { pk: `USER#${ann.id}`, sk: 'PKGNAME#small box', entity: 'packageName', packageId: id },
        { pk: `USER#${ann.id}`, sk: `PKG#${id}`, entity: 'package', nameKey: 'PKGNAME#small box', id, ...BOX, createdAt: res.json?.createdAt },
        { pk: `USER#${ann.id}`, sk: 'PKGS', entity: 'packages', packages: 1 },
      ]),
    );
    expect(written).toHaveLength(3);
    expect((await list()).json).toEqual([res.json]);
  });

  it('refuses a name already saved, whatever its case and spaces, with 409, writing nothing', async () => {
    await saved();
    const res = await withoutWrites(() => save({ ...BOX, name: ' SMALL BOX', weight: 5 }));

    expect(res.statusCode).toBe(409);
    expect(res.json).toEqual({ message: 'A package with this name is already saved.' });
  });

  it('keeps one of two concurrent saves of one name', async () => {
    const answers = await Promise.all([save(BOX), save({ ...BOX, name: 'small BOX' })]);

    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await list()).json).toHaveLength(1);
  });

  it('lets another user save the same name: names are unique per shipper, and each sees only their own', async () => {
    await saved();
    await saved(BOX, bob);

    expect((await list(bob.token)).json).toEqual([expect.objectContaining({ name: 'Small box' })]);
    expect((await list()).json).toHaveLength(1);
  });

  it.each([
    ['a blank name', { name: '  ' }, 'name', 'Required'],
    ['a name of 51 characters', { name: 'x'.repeat(51) }, 'name', 'Must be at most 50 characters'],
    ['a weight over 70 lb', { weight: 70.5 }, 'weight', 'Must be at most 70'],
    ['no weight', { weight: undefined }, 'weight', 'Weight must be a positive number'],
    ['a zero side', { height: 0 }, 'height', 'Required'],
    ['a side over 108 in', { length: 109 }, 'length', 'Must be at most 108'],
    ['a side as text', { width: '6' }, 'width', 'Required'],
    ['isDefault as text', { isDefault: 'yes' }, 'isDefault', 'isDefault must be true or false'],
  ])('refuses %s with 400 naming the field with the label form message, writing nothing', async (_what, bad, field, message) => {
    const res = await withoutWrites(() => save({ ...BOX, ...bad }));

    expect(res.statusCode).toBe(400);
    expect((res.json as { fields: Record<string, string> }).fields).toEqual({ [field]: message });
  });

  it(`keeps one of 3 concurrent saves at ${MAX_PACKAGES - 1} packages, refuses the others with 409, and frees a place on delete`, async () => {
    for (let i = 1; i < MAX_PACKAGES; i++) await savePackage(ann.id, { ...BOX, name: `Box ${i}` });
    const answers = await Promise.all(['One', 'Two', 'Three'].map((name) => save({ ...BOX, name })));

    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const full = { message: `You can keep at most ${MAX_PACKAGES} packages. Delete one first.` };
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json)).toEqual([full, full]);
    expect((await list()).json).toHaveLength(MAX_PACKAGES);
    expect((await withoutWrites(() => save({ ...BOX, name: 'One more' }))).json).toEqual(full);

    const [newest] = (await list()).json as unknown as { id: string }[];
    expect((await remove(newest!.id)).statusCode).toBe(200);
    expect((await save({ ...BOX, name: 'One more' })).statusCode).toBe(201);
  });

  it('ignores keys, id, default pointer and dates sent in the body: the caller cannot choose where the package is written', async () => {
    const { result: res, written } = await changesOf(() =>
      save({ ...BOX, pk: `USER#${bob.id}`, sk: 'PROFILE', entity: 'user', id: 'chosen', defaultId: 'chosen', createdAt: '2000-01-01T00:00:00.000Z' }),
    );

    expect(res.statusCode).toBe(201);
    expect(res.json).toEqual({ id: expect.stringMatching(ULID), ...BOX, isDefault: false, createdAt: expect.not.stringMatching(/^2000/) });
    expect(items(written).map((i) => i.pk)).toEqual([`USER#${ann.id}`, `USER#${ann.id}`, `USER#${ann.id}`]);
    expect(written.join()).not.toMatch(/chosen|2000-01-01/);
  });

  it('saves with isDefault: the new package is the default and the one before is not', async () => {
    await saved({ ...BOX, name: 'First', isDefault: true });
    const { result: res, written } = await changesOf(() => save({ ...BOX, name: 'Second', isDefault: true }));

    expect(res.json).toMatchObject({ name: 'Second', isDefault: true });
    expect(items(written)).toContainEqual({ pk: `USER#${ann.id}`, sk: 'PKGS', entity: 'packages', packages: 2, defaultId: res.json?.id });
    expect(await defaults()).toEqual(['Second']);
  });

  it('answers 401 without a token and 403 before the code step, saving nothing', async () => {
    await expectVerifiedUserOnly((token) => withoutWrites(() => save(BOX, token)), ann.otpToken);
  });
});

describe('PUT and DELETE /auth/packages/{id}/default', () => {
  it('makes a package the default, moves it on a second "make default", and clears it', async () => {
    const first = await saved({ ...BOX, name: 'First' });
    const second = await saved({ ...BOX, name: 'Second' });

    const { result: made, written } = await changesOf(() => makeDefault(first.id));
    expect(made.statusCode).toBe(200);
    expect(made.json).toMatchObject({ id: first.id, isDefault: true });
    expect(items(written)).toEqual([{ pk: `USER#${ann.id}`, sk: 'PKGS', entity: 'packages', packages: 2, defaultId: first.id }]);
    expect(await defaults()).toEqual(['First']);

    expect((await makeDefault(second.id)).statusCode).toBe(200);
    expect(await defaults()).toEqual(['Second']);

    // Clearing the one that is not the default changes nothing.
    const notDefault = await withoutWrites(() => clearDefault(first.id));
    expect(notDefault.json).toMatchObject({ id: first.id, isDefault: false });
    expect(await defaults()).toEqual(['Second']);

    const cleared = await clearDefault(second.id);
    expect(cleared.json).toMatchObject({ id: second.id, isDefault: false });
    expect(await defaults()).toEqual([]);
  });

  it('keeps exactly one default under concurrent "make default" requests, the same one the table points at', async () => {
    const packages = await Promise.all(['A', 'B', 'C', 'D'].map((name) => saved({ ...BOX, name })));
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(packages.map((p) => makeDefault(p.id)));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await defaults()).toHaveLength(1);
    }
    // Two at once: the one the pointer names is one of the two, and the list says so.
    await Promise.all([makeDefault(packages[0]!.id), makeDefault(packages[1]!.id)]);
    const pointer = (await packagesItem())?.defaultId;
    expect([packages[0]!.id, packages[1]!.id]).toContain(pointer);
    expect(((await list()).json as unknown as { id: string; isDefault: boolean }[]).filter((p) => p.isDefault).map((p) => p.id)).toEqual([pointer]);
  });

  it("answers 404 for another user's package and an unknown id, changing nothing", async () => {
    const bobs = await saved(BOX, bob);
    for (const id of [bobs.id, '01ARZ3NDEKTSV4RRFFQ69G5FAV', 'not-a-ulid']) {
      for (const send of [makeDefault, clearDefault]) {
        const res = await withoutWrites(() => send(id));
        expect(res.statusCode).toBe(404);
        expect(res.json).toEqual(NOT_FOUND);
      }
    }
  });

  it('answers 401 without a token and 403 before the code step, changing nothing', async () => {
    const { id } = await saved();
    await expectVerifiedUserOnly((token) => withoutWrites(() => makeDefault(id, token)), ann.otpToken);
    await expectVerifiedUserOnly((token) => withoutWrites(() => clearDefault(id, token)), ann.otpToken);
  });
});

describe('DELETE /auth/packages/{id}', () => {
  it('deletes the package, its name claim and the default with it, freeing the name', async () => {
    const { id } = await saved({ ...BOX, isDefault: true });
    const { result: res, removed, written } = await changesOf(() => remove(id));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ message: 'Package deleted' });
    expect(items(removed).map((i) => i.sk)).toEqual(expect.arrayContaining([`PKG#${id}`, 'PKGNAME#small box', 'PKGS']));
    expect(items(written)).toEqual([{ pk: `USER#${ann.id}`, sk: 'PKGS', entity: 'packages', packages: 0 }]);
    expect((await list()).json).toEqual([]);
    expect((await save(BOX)).statusCode).toBe(201);
  });

  it('keeps the default when another package is deleted', async () => {
    const kept = await saved({ ...BOX, name: 'Kept', isDefault: true });
    const other = await saved({ ...BOX, name: 'Other' });
    expect((await remove(other.id)).statusCode).toBe(200);
    expect(await defaults()).toEqual(['Kept']);
    expect((await list()).json).toEqual([expect.objectContaining({ id: kept.id, isDefault: true })]);
  });

  it('never leaves a default naming a deleted package when a delete and a "make default" race', async () => {
    for (let round = 0; round < 5; round++) {
      const doomed = await saved({ ...BOX, name: `Doomed ${round}` });
      const [made] = await Promise.all([makeDefault(doomed.id), remove(doomed.id)]);
      expect([200, 404]).toContain(made.statusCode);
      expect((await packagesItem())?.defaultId).toBeUndefined();
    }
  });

  it("answers 404 for another user's package, an unknown id and a second delete, deleting nothing", async () => {
    const bobs = await saved(BOX, bob);
    const mine = await saved();
    expect((await remove(mine.id)).statusCode).toBe(200);
    for (const id of [bobs.id, mine.id, 'x'.repeat(2000)]) {
      const res = await withoutWrites(() => remove(id));
      expect(res.statusCode).toBe(404);
      expect(res.json).toEqual(NOT_FOUND);
    }
    expect((await list(bob.token)).json).toHaveLength(1);
  });

  it('answers 401 without a token and 403 before the code step, deleting nothing', async () => {
    const { id } = await saved();
    await expectVerifiedUserOnly((token) => withoutWrites(() => remove(id, token)), ann.otpToken);
  });
});
