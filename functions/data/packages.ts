/**
 * Saved packages: a shipper's named parcels (weight and sizes), one of which may be the default.
 *
 * The name is unique per user by a claim item keyed by the name (trimmed, case ignored), written in
 * the save's transaction, so two concurrent saves of one name keep one. The 50-package limit is kept
 * by a counter on the user's packages item, moved in every save's (which requires it below the
 * limit) and delete's transaction.
 *
 * The default is not a flag on each package but one pointer, `defaultId`, on that same item: at most
 * one package can be the default however many requests set it at once (the last one wins). Setting
 * it checks the package exists in the same transaction, so it never comes to name a deleted one
 * except when a delete stops between its transaction and the pointer's removal; a pointer to no
 * package reads as no default.
 *
 *   package  pk USER#<userId>  sk PKG#<ulid>           id, name, weight, length, width, height, createdAt, nameKey
 *   name     pk USER#<userId>  sk PKGNAME#<name key>   packageId
 *   packages pk USER#<userId>  sk PKGS                 packages (how many are saved), defaultId (when one is the default)
 */
import { ulid } from 'ulid';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SavedPackage } from '../../domain/api/packages';
import { packageNameKey } from '../../domain/package-name';
import type { PackageBody } from '../../domain/schemas/packages';
import { Conflict, NotFound } from '../errors';
import { db, isConditionFailure, tableName, transact } from './client';

export const MAX_PACKAGES = 50;
export const DUPLICATE_PACKAGE = 'A package with this name is already saved.';
export const TOO_MANY_PACKAGES = `You can keep at most ${MAX_PACKAGES} packages. Delete one first.`;
export const NO_PACKAGE = 'Package not found';

const packageKey = (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `PKG#${id}` });
const nameKey = (userId: string, name: string) => ({ pk: `USER#${userId}`, sk: `PKGNAME#${packageNameKey(name)}` });
const packagesKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PKGS' });

type StoredPackage = Omit<SavedPackage, 'isDefault'>;

const fromItem = (i: Record<string, unknown>, defaultId: unknown): SavedPackage => ({
  id: i.id as string,
  name: i.name as string,
  weight: i.weight as number,
  length: i.length as number,
  width: i.width as number,
  height: i.height as number,
  isDefault: i.id === defaultId,
  createdAt: i.createdAt as string,
});

async function readDefaultId(userId: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: packagesKey(userId), ConsistentRead: true }));
  return Item?.defaultId as string | undefined;
}

async function readPackage(userId: string, id: string): Promise<Record<string, unknown>> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: packageKey(userId, id), ConsistentRead: true }));
  if (!Item) throw new NotFound(NO_PACKAGE);
  return Item;
}

/** The user's saved packages, newest first (one Query and one read of the default; at most MAX_PACKAGES). */
export async function listPackages(userId: string): Promise<SavedPackage[]> {
  const [out, defaultId] = await Promise.all([
    db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :pkg)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':pkg': 'PKG#' },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: MAX_PACKAGES,
      }),
    ),
    readDefaultId(userId),
  ]);
  return (out.Items ?? []).map((i) => fromItem(i, defaultId));
}

/** Saves a package (the default too when `isDefault`); Conflict for a name already saved or at the limit. */
export async function savePackage(userId: string, body: PackageBody): Promise<SavedPackage> {
  const { isDefault = false, ...fields } = body;
  const saved: StoredPackage = { id: ulid(), ...fields, createdAt: new Date().toISOString() };
  const claim = nameKey(userId, fields.name);
  const done = await transact([
    {
      name: 'package.name',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...claim, entity: 'packageName', packageId: saved.id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    { name: 'package', item: { Put: { TableName: tableName(), Item: { ...packageKey(userId, saved.id), entity: 'package', nameKey: claim.sk, ...saved } } } },
    {
      name: 'package.count',
      item: {
        Update: {
          TableName: tableName(),
          Key: packagesKey(userId),
          UpdateExpression: `SET entity = :entity${isDefault ? ', defaultId = :id' : ''} ADD packages :one`,
          ConditionExpression: 'attribute_not_exists(packages) OR packages < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': MAX_PACKAGES, ':entity': 'packages', ...(isDefault ? { ':id': saved.id } : {}) },
        },
      },
    },
  ]);
  if (done.ok) return { ...saved, isDefault };
  throw new Conflict(done.failed.has('package.name') ? DUPLICATE_PACKAGE : TOO_MANY_PACKAGES);
}

/** Makes one of the user's packages the default (the one before stops being so); NotFound for an unknown or deleted one. */
export async function setDefaultPackage(userId: string, id: string): Promise<SavedPackage> {
  const item = await readPackage(userId, id);
  const done = await transact([
    { name: 'package', item: { ConditionCheck: { TableName: tableName(), Key: packageKey(userId, id), ConditionExpression: 'attribute_exists(pk)' } } },
    {
      name: 'package.default',
      item: {
        Update: {
          TableName: tableName(),
          Key: packagesKey(userId),
          UpdateExpression: 'SET entity = :entity, defaultId = :id',
          ExpressionAttributeValues: { ':entity': 'packages', ':id': id },
        },
      },
    },
  ]);
  if (!done.ok) throw new NotFound(NO_PACKAGE);
  return fromItem(item, id);
}

/** The pointer is removed only while it names `id`: a default set meanwhile to another package stays. */
async function removeDefault(userId: string, id: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: packagesKey(userId),
        UpdateExpression: 'REMOVE defaultId',
        ConditionExpression: 'defaultId = :id',
        ExpressionAttributeValues: { ':id': id },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** The package stops being the default; nothing changes when it was not. NotFound for an unknown one. */
export async function clearDefaultPackage(userId: string, id: string): Promise<SavedPackage> {
  const item = await readPackage(userId, id);
  await removeDefault(userId, id);
  return fromItem(item, await readDefaultId(userId));
}

/** Deletes one of the user's packages, its name claim and, when it was the default, the default. */
export async function deletePackage(userId: string, id: string): Promise<void> {
  const item = await readPackage(userId, id);
  const done = await transact([
    { name: 'package', item: { Delete: { TableName: tableName(), Key: packageKey(userId, id), ConditionExpression: 'attribute_exists(pk)' } } },
    { name: 'package.name', item: { Delete: { TableName: tableName(), Key: { pk: `USER#${userId}`, sk: item.nameKey as string } } } },
    {
      name: 'package.count',
      item: {
        Update: { TableName: tableName(), Key: packagesKey(userId), UpdateExpression: 'ADD packages :minus', ExpressionAttributeValues: { ':minus': -1 } },
      },
    },
  ]);
  // Deleted a moment ago by another request: the same outcome.
  if (!done.ok) throw new NotFound(NO_PACKAGE);
  await removeDefault(userId, id);
}
