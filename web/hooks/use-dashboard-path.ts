import { paths } from '@/lib/paths';
import { isAdmin, useSession } from '@/lib/session';

/**
 * Where "Dashboard" leads for the visitor: the admin's or the user's dashboard by role, once the
 * session has passed the code step; null for anyone else (they see Sign In).
 */
export function useDashboardPath(): string | null {
  const { token, user, isVerified } = useSession();
  if (!token || !isVerified) return null;
  return isAdmin(user) ? paths.admin.dashboard : paths.user.labels;
}
