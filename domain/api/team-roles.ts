/**
 * Team roles: a team is its owner's account, and every person signed in acts on one account in one
 * role. `owner` may do everything (the account's own person, and anyone invited as owner); `shipper`
 * buys labels and manages the account's addresses, packages, batches and pickups, spending the shared
 * wallet; `viewer` only reads. Kept without zod, so the handler factory bundles it with every Lambda.
 */
export const TEAM_ROLES = ['owner', 'shipper', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

const RANK: Record<TeamRole, number> = { viewer: 0, shipper: 1, owner: 2 };

/** Whether `role` may call a route that needs at least `least`. */
export const roleCovers = (role: TeamRole, least: TeamRole): boolean => RANK[role] >= RANK[least];

/** Account data kept under /auth/ for the spec's paths: the team shares them, so writes need a shipper. */
const ACCOUNT_DATA_UNDER_AUTH = ['/auth/addresses', '/auth/packages'];

/**
 * The least team role that may call `route`: its entry's `teamRole` when given (the money routes and
 * /account/* say `owner` there); else a read (GET) needs a viewer; the person's own routes (/auth/*
 * apart from the account's addresses and packages, and /support) need no more than a viewer, since
 * everyone keeps their own sign-in, password, factors and mail settings; every other write needs a
 * shipper. Only `user` routes have team roles: the factory asks this of no other.
 */
export function teamRoleOf(route: { method: string; path: string; teamRole?: TeamRole }): TeamRole {
  if (route.teamRole) return route.teamRole;
  if (route.method === 'GET') return 'viewer';
  const personal = route.path.startsWith('/auth/') && !ACCOUNT_DATA_UNDER_AUTH.some((p) => route.path === p || route.path.startsWith(`${p}/`));
  if (personal || route.path === '/support') return 'viewer';
  return 'shipper';
}

/** The 403 message of a route the caller's team role may not call. */
export const TEAM_ROLE_REFUSED = 'Your role in this team cannot do this';
