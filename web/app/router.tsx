/**
 * The route tree (SPEC section 2), in React Router's declarative mode: `useRoutes` over plain route
 * objects, each page and layout a React.lazy component, so the landing page never loads dashboard
 * code. The declarative router is about half the size of the data router (createBrowserRouter) and
 * the app uses none of its data APIs (loaders, actions, fetchers, blockers); it also renders the same
 * tree on the server, which the build's prerender of the public pages needs (docs/performance.md).
 * Navigations run in a transition, so the page stays while the next one's code loads.
 *
 * Pages are imported from their modules, not through the features' indexes: an index a route
 * statically imports would pull everything it exports (zod schemas, Chakra recipes) into the entry
 * chunk (docs/decisions/0075-web-features-meet-through-indexes.md). Each route's `handle.preload` loads its code ahead of a click
 * (web/lib/route-preload.ts).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, Outlet, Link as RouterLink, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { AppLinkProvider } from '@/components/app-link';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { usePageBoundToasts } from '@/hooks/use-page-bound-toasts';
import { paths } from '@/lib/paths';
import { registerRoutePreloader } from '@/lib/route-preload';
import { RedirectKeepingState, RequireSession } from './guards';
import { RouteErrorBoundary } from './route-error';

/** Above every page: a toast about the page left behind goes (docs/decisions/0152-toasts-are-page-bound.md). */
function Root() {
  usePageBoundToasts();
  return <Outlet />;
}

interface RouteHandle {
  preload: () => Promise<unknown>;
}

/** A lazy layout or page: the element to render and, as the route's handle, how to load it early. */
function lazyRoute<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Pick<RouteObject, 'element' | 'handle'> {
  const Component = lazy(() => load().then((module) => ({ default: pick(module) })));
  return { element: <Component />, handle: { preload: load } satisfies RouteHandle };
}

export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <Root />,
    children: [
      {
        ...lazyRoute(
          () => import('./layouts/public-layout'),
          (m) => m.PublicLayout,
        ),
        children: [
          {
            index: true,
            ...lazyRoute(
              () => import('@/features/landing/pages/landing-page'),
              (m) => m.LandingPage,
            ),
          },
          {
            path: paths.login,
            ...lazyRoute(
              () => import('@/features/auth/pages/login-page'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: paths.signup,
            ...lazyRoute(
              () => import('@/features/auth/pages/signup-page'),
              (m) => m.SignupPage,
            ),
          },
          {
            path: paths.forgotPassword,
            ...lazyRoute(
              () => import('@/features/auth/pages/forgot-password-page'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: paths.resetPassword,
            ...lazyRoute(
              () => import('@/features/auth/pages/reset-password-page'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: paths.otpVerification,
            ...lazyRoute(
              () => import('@/features/auth/pages/otp-verification-page'),
              (m) => m.OtpVerificationPage,
            ),
          },
          {
            path: paths.unsubscribe,
            ...lazyRoute(
              () => import('@/features/notifications/pages/unsubscribe-page'),
              (m) => m.UnsubscribePage,
            ),
          },
          {
            path: paths.apiDocs,
            ...lazyRoute(
              () => import('@/features/api-docs/pages/api-reference-page'),
              (m) => m.ApiReferencePage,
            ),
          },
          {
            path: '*',
            ...lazyRoute(
              () => import('./not-found-page'),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
      { path: paths.verifyOtp, element: <RedirectKeepingState to={paths.otpVerification} /> },
      {
        path: paths.user.labels,
        element: <RequireSession />,
        children: [
          {
            ...lazyRoute(
              () => import('./layouts/dashboard-layout'),
              (m) => m.UserDashboardLayout,
            ),
            children: [
              {
                index: true,
                ...lazyRoute(
                  () => import('@/features/labels/pages/labels-page'),
                  (m) => m.LabelsPage,
                ),
              },
              {
                path: paths.user.batchLabels,
                ...lazyRoute(
                  () => import('@/features/batches/pages/batch-upload-page'),
                  (m) => m.BatchUploadPage,
                ),
              },
              {
                path: `${paths.user.batchLabels}/:batchId`,
                ...lazyRoute(
                  () => import('@/features/batches/pages/batch-page'),
                  (m) => m.BatchPage,
                ),
              },
              {
                path: paths.user.wallet,
                ...lazyRoute(
                  () => import('@/features/wallet/pages/wallet-page'),
                  (m) => m.WalletPage,
                ),
              },
              {
                path: paths.user.adjustments,
                ...lazyRoute(
                  () => import('@/features/adjustments/pages/adjustments-page'),
                  (m) => m.AdjustmentsPage,
                ),
              },
              {
                path: paths.user.shippingDay,
                ...lazyRoute(
                  () => import('@/features/shipping-day/pages/shipping-day-page'),
                  (m) => m.ShippingDayPage,
                ),
              },
              {
                path: paths.user.tracking,
                ...lazyRoute(
                  () => import('@/features/tracking/pages/tracking-page'),
                  (m) => m.TrackingPage,
                ),
              },
              {
                path: paths.user.addresses,
                ...lazyRoute(
                  () => import('@/features/addresses/pages/addresses-page'),
                  (m) => m.AddressesPage,
                ),
              },
              {
                path: paths.user.packages,
                ...lazyRoute(
                  () => import('@/features/packages/pages/packages-page'),
                  (m) => m.PackagesPage,
                ),
              },
              {
                path: paths.user.apiKeys,
                ...lazyRoute(
                  () => import('@/features/account/api-keys-page'),
                  (m) => m.ApiKeysPage,
                ),
              },
              {
                path: paths.user.team,
                ...lazyRoute(
                  () => import('@/features/account/members-page'),
                  (m) => m.MembersPage,
                ),
              },
              {
                path: paths.user.webhooks,
                ...lazyRoute(
                  () => import('@/features/account/webhooks-page'),
                  (m) => m.WebhooksPage,
                ),
              },
              {
                path: paths.user.profile,
                ...lazyRoute(
                  () => import('@/features/profile/pages/profile-page'),
                  (m) => m.ProfilePage,
                ),
              },
              {
                path: paths.user.faq,
                ...lazyRoute(
                  () => import('@/features/faq/pages/faq-page'),
                  (m) => m.FaqPage,
                ),
              },
              {
                path: paths.user.support,
                ...lazyRoute(
                  () => import('@/features/support/pages/support-page'),
                  (m) => m.SupportPage,
                ),
              },
            ],
          },
        ],
      },
      {
        path: paths.admin.dashboard,
        element: <RequireSession role="admin" />,
        children: [
          {
            ...lazyRoute(
              () => import('./layouts/dashboard-layout'),
              (m) => m.AdminDashboardLayout,
            ),
            children: [
              {
                index: true,
                ...lazyRoute(
                  () => import('@/features/admin/pages/admin-dashboard-page'),
                  (m) => m.AdminDashboardPage,
                ),
              },
              {
                path: paths.admin.users,
                ...lazyRoute(
                  () => import('@/features/admin/pages/admin-users-page'),
                  (m) => m.AdminUsersPage,
                ),
              },
              {
                path: paths.admin.transactions,
                ...lazyRoute(
                  () => import('@/features/admin/pages/admin-transactions-page'),
                  (m) => m.AdminTransactionsPage,
                ),
              },
              {
                path: paths.admin.withdrawals,
                ...lazyRoute(
                  () => import('@/features/admin/pages/admin-withdrawals-page'),
                  (m) => m.AdminWithdrawalsPage,
                ),
              },
              {
                path: paths.admin.approvals,
                ...lazyRoute(
                  () => import('@/features/admin/pages/admin-approvals-page'),
                  (m) => m.AdminApprovalsPage,
                ),
              },
              {
                path: paths.admin.audit,
                ...lazyRoute(
                  () => import('@/features/admin/pages/admin-audit-page'),
                  (m) => m.AdminAuditPage,
                ),
              },
              {
                path: paths.admin.faq,
                ...lazyRoute(
                  () => import('@/features/faq/pages/faq-page'),
                  (m) => m.FaqPage,
                ),
              },
              {
                path: paths.admin.support,
                ...lazyRoute(
                  () => import('@/features/support/pages/support-page'),
                  (m) => m.SupportPage,
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];

registerRoutePreloader((path) => {
  for (const match of matchRoutes(routes, path) ?? []) void (match.route.handle as RouteHandle | undefined)?.preload();
});

function Pages() {
  return useRoutes(routes);
}

/**
 * The page for the current location, inside a router: a spinner while the first page's code loads
 * (navigations after that keep the page shown until the next is ready), RouteError if a page throws.
 * Links inside are the router's.
 */
export function AppPages() {
  const location = useLocation();
  return (
    <AppLinkProvider value={RouterLink}>
      <RouteErrorBoundary resetKey={location.key}>
        <Suspense fallback={<FullPageSpinner />}>
          <Pages />
        </Suspense>
      </RouteErrorBoundary>
    </AppLinkProvider>
  );
}
