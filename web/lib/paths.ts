/**
 * Every SPA route, once. The router, links, guards and redirects all read from here, so a path
 * changes in one place. Dashboard children are absolute: React Router accepts absolute child paths
 * that start with the parent's path, which keeps each path written exactly once.
 */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  /** Reached from the reset mail with `?token=`. */
  resetPassword: '/reset-password',
  otpVerification: '/otp-verification',
  /** Older name of the OTP page (SPEC section 4); redirects to `otpVerification`, keeping state. */
  verifyOtp: '/verify-otp',
  /** Reached from a notice mail's unsubscribe link with `?token=`. */
  unsubscribe: '/unsubscribe',
  /** The API reference, rendered from /openapi.json. */
  apiDocs: '/docs/api',
  user: {
    labels: '/user-dashboard',
    /** Batch labels from a CSV; one batch is `batchPagePath(batchId)`. */
    batchLabels: '/user-dashboard/batch-labels',
    wallet: '/user-dashboard/transactions',
    /** The carrier's postage adjustments, each with a Dispute. */
    adjustments: '/user-dashboard/adjustments',
    /** The end of a shipping day: the SCAN form and carrier pickups. */
    shippingDay: '/user-dashboard/shipping-day',
    tracking: '/user-dashboard/tracking',
    addresses: '/user-dashboard/address-management',
    /** Saved packages: a named weight and size the label dialog and the batch fill in. */
    packages: '/user-dashboard/packages',
    /** Team members: the owner's invitations, and where an invitation's mailed link lands (`?invite=`). */
    team: '/user-dashboard/team',
    /** Account > Webhooks: the shop's endpoints and their delivery logs. */
    webhooks: '/user-dashboard/webhooks',
    profile: '/user-dashboard/profile-edit',
    faq: '/user-dashboard/faq',
    support: '/user-dashboard/support',
    /** API keys for the shop's own software (not under /account: those paths are the API's). */
    apiKeys: '/user-dashboard/api-keys',
  },
  admin: {
    dashboard: '/admin-dashboard',
    users: '/admin-dashboard/users',
    transactions: '/admin-dashboard/transactions',
    withdrawals: '/admin-dashboard/withdrawals',
    approvals: '/admin-dashboard/approvals',
    audit: '/admin-dashboard/audit',
    faq: '/admin-dashboard/faq',
    support: '/admin-dashboard/support',
  },
} as const;

/** Navigation state the OTP page expects: whom to verify and where to go afterwards. */
export interface OtpVerificationState {
  email: string;
  from?: string;
  /** When sign-in or sign-up mailed the code (ms since 1970): the page counts the resend wait from it. */
  codeSentAt?: number;
  /** The second steps login named for the account (`totp`, `passkey`, `recovery`, `email`). */
  factors?: string[];
}

/** One uploaded batch; its card checkout returns here with `?checkout=success|cancelled`. */
export const batchPagePath = (batchId: string): string => `${paths.user.batchLabels}/${encodeURIComponent(batchId)}`;

/** The Track Package page with `number` filled in and tracked on arrival (the shipments table links here). */
export const trackingPagePath = (number: string): string => `${paths.user.tracking}?number=${encodeURIComponent(number)}`;
