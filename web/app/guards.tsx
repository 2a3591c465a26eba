/**
 * Route guards. They only decide what to show: the server checks the token, verification and role
 * on every call, whatever the browser stores.
 */
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { paths, type OtpVerificationState } from '@/lib/paths';
import { isAdmin, useSession } from '@/lib/session';

/**
 * Lets a signed-in, OTP-verified session through (and, with `role="admin"`, only an admin).
 * Anonymous visitors go to the landing page (remembering where they were going); unverified ones to the OTP page, which sends them back
 * here afterwards; non-admins on admin routes to their own dashboard.
 */
export function RequireSession({ role }: { role?: 'admin' }) {
  const { token, user, isVerified } = useSession();
  const location = useLocation();

  if (!token) return <Navigate to={paths.home} replace state={{ from: location.pathname + location.search }} />;
  if (!isVerified) {
    const state: OtpVerificationState = { email: user?.email ?? '', from: location.pathname + location.search };
    return <Navigate to={paths.otpVerification} replace state={state} />;
  }
  if (role === 'admin' && !isAdmin(user)) return <Navigate to={paths.user.labels} replace />;
  return <Outlet />;
}

/** Sends an old path to its new one, keeping the query and the navigation state (e.g. /verify-otp). */
export function RedirectKeepingState({ to }: { to: string }) {
  // The state goes through unread, so it is typed `unknown` (react-router's default is `any`).
  const location: Location<unknown> = useLocation();
  return <Navigate to={{ pathname: to, search: location.search }} replace state={location.state} />;
}
