/**
 * Team roles against every route of the table (domain/api/team-roles.ts): a viewer member is refused
 * every write the team shares, a shipper member every owner-only route, each with 403 before the
 * handler reads or writes anything; and nobody is refused by role what their role allows. The
 * refusals come before the body is validated, so the requests here carry none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes, type RouteKey } from '../../../domain/api/routes';
import { roleCovers, TEAM_ROLE_REFUSED, teamRoleOf, type TeamRole } from '../../../domain/api/team-roles';
import { type Account, expectRefusal, invoke, newAccount, newMember, scanTable } from './actors';

let owner: Account;
const members = {} as Record<Exclude<TeamRole, 'owner'>, Account>;
beforeAll(async () => {
  owner = await newAccount('user', 'teamroles');
  [members.shipper, members.viewer] = await Promise.all([newMember(owner, 'shipper', 'teamroles'), newMember(owner, 'viewer', 'teamroles')]);
});

const userRoutes = routes.filter((r) => r.access === 'user');
const params = { id: '01JAAAAAAAAAAAAAAAAAAAAAAA', shipOrderId: '01JAAAAAAAAAAAAAAAAAAAAAAA', batchId: '01JAAAAAAAAAAAAAAAAAAAAAAA', row: '1' };

describe('team roles', () => {
  it('make exactly the money, key, webhook and member routes owner-only', () => {
    expect(
      userRoutes
        .filter((r) => teamRoleOf(r) === 'owner')
        .map(routeKey)
        .sort(),
    ).toEqual([
      'DELETE /account/api-keys/{id}',
      'DELETE /account/members/{id}',
      'DELETE /account/webhooks/{id}',
      'GET /account/api-keys',
      'GET /account/members',
      'GET /account/webhooks',
      'GET /account/webhooks/{id}/deliveries',
      'POST /account/api-keys',
      'POST /account/members',
      'POST /account/webhooks',
      'POST /account/webhooks/{id}/deliveries/{deliveryId}/resend',
      'POST /hoodpay/topup',
      'POST /stripe/create-checkout-session',
      'POST /wallet/withdrawals',
    ]);
  });

  for (const role of ['viewer', 'shipper'] as const) {
    const refused = userRoutes.filter((r) => !roleCovers(role, teamRoleOf(r)));
    it.each(refused.map(routeKey))(`refuse a ${role} member %s with 403, and nothing changes`, async (key) => {
      const before = await scanTable();
      const res = await invoke(key as RouteKey, { token: members[role].token, params, headers: { 'idempotency-key': 'team-roles-key' } });
      expect(res.statusCode, res.body).toBe(403);
      expectRefusal(res);
      expect((res.json as { message: string }).message).toBe(TEAM_ROLE_REFUSED);
      expect(await scanTable()).toEqual(before);
    });
  }

  it.each(userRoutes.filter((r) => roleCovers('viewer', teamRoleOf(r))).map(routeKey))('let a viewer member past the role check on %s', async (key) => {
    // Read-only calls and the person's own settings: whatever the handler answers, it is not the role's refusal.
    if (key === 'POST /auth/logout' || key === 'DELETE /auth/sessions') return;
    const res = await invoke(key as RouteKey, { token: members.viewer.token, params });
    expect((res.json as { message?: string } | undefined)?.message, `${key}: ${res.body}`).not.toBe(TEAM_ROLE_REFUSED);
  });
});
