/**
 * Team members. A team is its owner's account: the owner's user id is the account id, and every
 * member acts on that account's wallet, labels, addresses and batches in their role
 * (domain/api/team-roles.ts). The owner has no member item; a person belongs to at most one team.
 *
 *   member       pk USER#<accountId>  sk MEMBER#<memberId>    id, email (lower case), role, invitedAt, invitedBy,
 *                                                             joinedAt, userId, name once joined
 *   email claim  pk USER#<accountId>  sk MEMBEREMAIL#<email>  memberId   (one invitation per email and team)
 *   membership   pk USER#<userId>     sk MEMBERSHIP            accountId, memberId, role   (the person's team)
 *
 * The handler factory reads the membership item with every request of a signed-in person, in the
 * same consistent read as the session (functions/data/sessions.ts getLiveSessionWith), so a removal, which deletes it and ends the person's sessions in one
 * transaction, stops their tokens at once.
 */
import { ulid } from 'ulid';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiMember } from '../../domain/api/members';
import type { TeamRole } from '../../domain/api/team-roles';
import type { User } from '../../domain/api/users';
import { Conflict, NotFound } from '../errors';
import { db, tableName, transact, type Step } from './client';
import { moveSessionEpochItem, normalizeEmail, userKey } from './users';

const memberKey = (accountId: string, memberId: string) => ({ pk: `USER#${accountId}`, sk: `MEMBER#${memberId}` });
const emailClaimKey = (accountId: string, email: string) => ({ pk: `USER#${accountId}`, sk: `MEMBEREMAIL#${normalizeEmail(email)}` });
export const membershipKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'MEMBERSHIP' });

/** A member of an account, or an invitation not yet accepted (no `userId` then). */
export interface Member {
  id: string;
  accountId: string;
  email: string;
  role: TeamRole;
  invitedAt: string;
  /** The inviting person's email. */
  invitedBy: string;
  joinedAt?: string;
  userId?: string;
  name?: string;
}

/** The team a person acts for: the account and their role in it. */
export interface Membership {
  accountId: string;
  memberId: string;
  role: TeamRole;
}

function fromItem(item: Record<string, unknown>): Member {
  return {
    id: item.id as string,
    accountId: item.accountId as string,
    email: item.email as string,
    role: item.role as TeamRole,
    invitedAt: item.invitedAt as string,
    invitedBy: item.invitedBy as string,
    ...(typeof item.joinedAt === 'string' ? { joinedAt: item.joinedAt } : {}),
    ...(typeof item.userId === 'string' ? { userId: item.userId } : {}),
    ...(typeof item.name === 'string' ? { name: item.name } : {}),
  };
}

/** A member as the routes answer it. */
export const toApiMember = (m: Member): ApiMember => ({
  id: m.id,
  email: m.email,
  role: m.role,
  name: m.name ?? null,
  userId: m.userId ?? null,
  invitedBy: m.invitedBy,
  invitedAt: m.invitedAt,
  joinedAt: m.joinedAt ?? null,
});

/** The membership a stored item holds (the handler factory reads it with the session). */
export const membershipFrom = (item: Record<string, unknown> | undefined): Membership | undefined =>
  item ? { accountId: item.accountId as string, memberId: item.memberId as string, role: item.role as TeamRole } : undefined;

/** The person's team, read consistently (a removal a moment ago must count); undefined when they act on their own account. */
export async function getMembership(userId: string): Promise<Membership | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: membershipKey(userId), ConsistentRead: true }));
  return membershipFrom(Item);
}

/** One member or invitation of the account. */
export async function getMember(accountId: string, memberId: string): Promise<Member | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: memberKey(accountId, memberId), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** The first items of the account's partition under `prefix` (up to `limit`). */
async function queryPrefix(accountId: string, prefix: string, limit?: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${accountId}`, ':prefix': prefix },
        ConsistentRead: true,
        ...(limit ? { Limit: limit } : {}),
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = limit && items.length >= limit ? undefined : page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** The account's members and invitations, oldest first (one Query of the owner's partition). */
export async function listMembers(accountId: string): Promise<Member[]> {
  return (await queryPrefix(accountId, 'MEMBER#')).map(fromItem);
}

/** The most members and invitations one team has: the list answers in one page. */
export const TEAM_MAX = 50;

/**
 * Invites `email` into the account in `role`: the member item and its email claim in one
 * transaction, so one email is invited once per team. 409 for the owner's own email, an email
 * already invited or a member, and a full team.
 */
export async function inviteMember(owner: Pick<User, 'id' | 'email'>, invitedBy: string, email: string, role: TeamRole): Promise<Member> {
  const lower = normalizeEmail(email);
  if (lower === normalizeEmail(owner.email)) throw new Conflict('That is the owner of this team');
  if ((await queryPrefix(owner.id, 'MEMBER#', TEAM_MAX)).length >= TEAM_MAX) throw new Conflict(`A team has at most ${TEAM_MAX} members and invitations`);
  const member: Member = { id: ulid(), accountId: owner.id, email: lower, role, invitedAt: new Date().toISOString(), invitedBy };
  const done = await transact([
    {
      name: 'member.email',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...emailClaimKey(owner.id, lower), entity: 'memberEmail', memberId: member.id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      name: 'member.item',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...memberKey(owner.id, member.id), entity: 'member', ...member },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
  ]);
  if (!done.ok) throw new Conflict('That email is already invited or a member of this team');
  return member;
}

/** Why a person may not join a team, or undefined when they may (docs/decisions/0229-who-may-join-a-team.md). */
export async function whyCannotJoin(person: User): Promise<string | undefined> {
  if (await getMembership(person.id)) return 'You already belong to a team. Ask its owner to remove you first.';
  if ((await queryPrefix(person.id, 'MEMBER#', 1)).length > 0) return 'Your own account has members: remove them before joining another team.';
  if (person.balanceCents !== 0 || person.heldCents !== 0 || person.disputedCents !== 0) {
    return 'Your own wallet still holds money: spend or withdraw it before joining a team.';
  }
  if ((await queryPrefix(person.id, 'ORDER#', 1)).length > 0) return 'Your own account has labels, so it cannot join a team. Use another email for the team.';
  return undefined;
}

/**
 * The person joins: the invitation becomes theirs and their membership item is written, in one
 * transaction that also finds their own wallet still empty and label-free (what whyCannotJoin read).
 * 404 when the invitation was withdrawn or used meanwhile; 409 when the person joined a team or
 * their wallet moved meanwhile.
 */
export async function joinTeam(member: Member, person: User): Promise<Membership> {
  const joinedAt = new Date().toISOString();
  const membership: Membership = { accountId: member.accountId, memberId: member.id, role: member.role };
  const steps: Step[] = [
    {
      name: 'member.item',
      item: {
        Update: {
          TableName: tableName(),
          Key: memberKey(member.accountId, member.id),
          UpdateExpression: 'SET joinedAt = :at, userId = :user, #name = :name',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(joinedAt)',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':at': joinedAt, ':user': person.id, ':name': person.name },
        },
      },
    },
    {
      name: 'member.membership',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...membershipKey(person.id), entity: 'membership', ...membership, joinedAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      name: 'member.ownWallet',
      item: {
        ConditionCheck: {
          TableName: tableName(),
          Key: userKey(person.id),
          ConditionExpression: ['balanceCents', 'heldCents', 'disputedCents', 'labelCount']
            .map((a) => `(attribute_not_exists(${a}) OR ${a} = :zero)`)
            .join(' AND '),
          ExpressionAttributeValues: { ':zero': 0 },
        },
      },
    },
  ];
  const done = await transact(steps);
  if (done.ok) return membership;
  if (done.failed.has('member.item')) throw new NotFound('This invitation was withdrawn or already used');
  if (done.failed.has('member.membership')) throw new Conflict('You already belong to a team. Ask its owner to remove you first.');
  throw new Conflict('Your own wallet still holds money: spend or withdraw it before joining a team.');
}

/**
 * Removes a member (or withdraws an invitation): the member item, its email claim and, once joined,
 * the person's membership item go in one transaction that also moves the person's session epoch, so
 * every session they have ends at that moment (functions/data/sessions.ts). 404 for an unknown id.
 */
export async function removeMember(accountId: string, memberId: string, personEpoch: (userId: string) => Promise<number>): Promise<Member> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const member = await getMember(accountId, memberId);
    if (!member) throw new NotFound('No such member');
    const joined: Step[] = member.userId
      ? [
          {
            name: 'member.membership',
            item: {
              Delete: {
                TableName: tableName(),
                Key: membershipKey(member.userId),
                ConditionExpression: 'accountId = :account',
                ExpressionAttributeValues: { ':account': accountId },
              },
            },
          },
          { name: 'member.sessions', item: moveSessionEpochItem(member.userId, await personEpoch(member.userId)) },
        ]
      : [];
    const done = await transact([
      {
        name: 'member.item',
        item: {
          Delete: {
            TableName: tableName(),
            Key: memberKey(accountId, memberId),
            // The member read: a join between the read and the delete reads again.
            ConditionExpression: member.userId ? 'userId = :user' : 'attribute_exists(pk) AND attribute_not_exists(joinedAt)',
            ...(member.userId ? { ExpressionAttributeValues: { ':user': member.userId } } : {}),
          },
        },
      },
      { name: 'member.email', item: { Delete: { TableName: tableName(), Key: emailClaimKey(accountId, member.email) } } },
      ...joined,
    ]);
    if (done.ok) return member;
  }
  throw new Conflict('This member changed meanwhile. Try again.');
}
