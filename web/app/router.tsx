/**
 * The route tree (SPEC section 2). Every page and layout is lazy, so the landing page never loads
 * dashboard code; only the guards and the redirect are in the entry chunk. Pages are imported from
 * their modules, not through the features' indexes: an index a route statically imports would pull
 * everything it exports (zod schemas, Chakra recipes) into the entry chunk (docs/decisions.md).
 */
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { usePageBoundToasts } from '@/hooks/use-page-bound-toasts';
import { paths } from '@/lib/paths';
import { RedirectKeepingState, RequireSession } from './guards';
import { RouteError } from './route-error';

/** Above every page: a toast about the page left behind goes (docs/decisions.md, "Phones"). */
function Root() {
  usePageBoundToasts();
  return <Outlet />;
}

export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: Root,
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RouteError,
    children: [
      {
        lazy: () => import('./layouts/public-layout').then((m) => ({ Component: m.PublicLayout })),
        children: [
          { index: true, lazy: () => import('@/features/landing/pages/landing-page').then((m) => ({ Component: m.LandingPage })) },
          { path: paths.login, lazy: () => import('@/features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })) },
          { path: paths.signup, lazy: () => import('@/features/auth/pages/signup-page').then((m) => ({ Component: m.SignupPage })) },
          { path: paths.forgotPassword, lazy: () => import('@/features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })) },
          { path: paths.resetPassword, lazy: () => import('@/features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })) },
          {
            path: paths.otpVerification,
            lazy: () => import('@/features/auth/pages/otp-verification-page').then((m) => ({ Component: m.OtpVerificationPage })),
          },
          { path: paths.unsubscribe, lazy: () => import('@/features/notifications/pages/unsubscribe-page').then((m) => ({ Component: m.UnsubscribePage })) },
          { path: paths.apiDocs, lazy: () => import('@/features/api-docs/pages/api-reference-page').then((m) => ({ Component: m.ApiReferencePage })) },
          { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
      { path: paths.verifyOtp, element: <RedirectKeepingState to={paths.otpVerification} /> },
      {
        path: paths.user.labels,
        element: <RequireSession />,
        children: [
          {
            lazy: () => import('./layouts/dashboard-layout').then((m) => ({ Component: m.UserDashboardLayout })),
            children: [
              { index: true, lazy: () => import('@/features/labels/pages/labels-page').then((m) => ({ Component: m.LabelsPage })) },
              {
                path: paths.user.batchLabels,
                lazy: () => import('@/features/batches/pages/batch-upload-page').then((m) => ({ Component: m.BatchUploadPage })),
              },
              {
                path: `${paths.user.batchLabels}/:batchId`,
                lazy: () => import('@/features/batches/pages/batch-page').then((m) => ({ Component: m.BatchPage })),
              },
              { path: paths.user.wallet, lazy: () => import('@/features/wallet/pages/wallet-page').then((m) => ({ Component: m.WalletPage })) },
              { path: paths.user.tracking, lazy: () => import('@/features/tracking/pages/tracking-page').then((m) => ({ Component: m.TrackingPage })) },
              { path: paths.user.addresses, lazy: () => import('@/features/addresses/pages/addresses-page').then((m) => ({ Component: m.AddressesPage })) },
              { path: paths.user.profile, lazy: () => import('@/features/profile/pages/profile-page').then((m) => ({ Component: m.ProfilePage })) },
              { path: paths.user.faq, lazy: () => import('@/features/faq/pages/faq-page').then((m) => ({ Component: m.FaqPage })) },
              { path: paths.user.support, lazy: () => import('@/features/support/pages/support-page').then((m) => ({ Component: m.SupportPage })) },
            ],
          },
        ],
      },
      {
        path: paths.admin.dashboard,
        element: <RequireSession role="admin" />,
        children: [
          {
            lazy: () => import('./layouts/dashboard-layout').then((m) => ({ Component: m.AdminDashboardLayout })),
            children: [
              { index: true, lazy: () => import('@/features/admin/pages/admin-dashboard-page').then((m) => ({ Component: m.AdminDashboardPage })) },
              { path: paths.admin.users, lazy: () => import('@/features/admin/pages/admin-users-page').then((m) => ({ Component: m.AdminUsersPage })) },
              {
                path: paths.admin.transactions,
                lazy: () => import('@/features/admin/pages/admin-transactions-page').then((m) => ({ Component: m.AdminTransactionsPage })),
              },
              {
                path: paths.admin.withdrawals,
                lazy: () => import('@/features/admin/pages/admin-withdrawals-page').then((m) => ({ Component: m.AdminWithdrawalsPage })),
              },
              { path: paths.admin.faq, lazy: () => import('@/features/faq/pages/faq-page').then((m) => ({ Component: m.FaqPage })) },
              { path: paths.admin.support, lazy: () => import('@/features/support/pages/support-page').then((m) => ({ Component: m.SupportPage })) },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
