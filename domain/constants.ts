/** Business constants of SPEC.md section 9, in one place for the SPA and the Lambdas. */

export const WEIGHT_MIN_LB = 1;
export const WEIGHT_MAX_LB = 70;
/** Prices change above this weight (the "1-30 lbs" / "31-70 lbs" bands). */
export const WEIGHT_BAND_LB = 30;

export const OTP_LENGTH = 6;
/** A new sign-in code is mailed at most once in this long (the server refuses sooner; the code page counts it down). */
export const CODE_RESEND_MS = 30_000;
export const LOGIN_PASSWORD_MIN = 6;
export const SIGNUP_PASSWORD_MIN = 8;
export const NAME_MIN = 2;
export const SUPPORT_MESSAGE_MIN = 10;

export const LOGIN_RETRY_MS = 4_000;
export const PROFILE_REFRESH_MS = 60_000;
export const PROFILE_STALE_MS = 5 * 60_000;
export const SIDEBAR_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;
export const ADDRESS_DROPDOWN_CLOSE_MS = 200;
export const MOBILE_BREAKPOINT_PX = 768;

/**
 * The end of the landing page's deposit promo (SPEC: 2025-05-30 23:59:59, local time). It is a
 * constant, not a setting: no ledger step grants the advertised credit, so no build may bring the
 * banner back with a later date (docs/spec-readings.md).
 */
export const PROMO_ENDS_AT = '2025-05-30T23:59:59';

/**
 * A label may be refunded until this many days after its purchase (USPS's and EasyPost's limit),
 * while USPS has not scanned it.
 */
export const REFUND_WINDOW_DAYS = 30;
/** An unused label is refunded by the scheduled job this many days after its purchase: before the window closes, with days to spare for retries. */
export const AUTO_REFUND_AFTER_DAYS = 28;
/** How long USPS takes to decide a refund it was asked for, as EasyPost states it: the date a shipper is told to expect. */
export const REFUND_DECISION_DAYS = 15;

/** The wallet's credit types (SPEC section 7); domain/schemas/payments.ts validates them. */
export const CREDIT_TYPES = ['Card', 'Crypto', 'Bitcoin'] as const;
export type CreditType = (typeof CREDIT_TYPES)[number];

/** How each credit type is paid, as the ledger and the top-up payload name it (SPEC section 7). */
export const PAYMENT_TYPES = { Card: 'CARD', Crypto: 'CRYPTO', Bitcoin: 'BITCOIN' } as const satisfies Record<CreditType, string>;

/** A date range (exports, the list filters) that ends before it starts is refused with these words. */
export const EXPORT_RANGE_MESSAGE = 'From must be on or before To';

/** Top-up limits in cents: at least $1, at most $10,000. */
export const TOPUP_MIN_CENTS = 100;
export const TOPUP_MAX_CENTS = 1_000_000;

/** An admin adjustment moves at most $10,000 either way. */
export const ADJUSTMENT_MAX_CENTS = 1_000_000;
/**
 * Four eyes on money: an adjustment larger than this either way ($100), and the approval of a
 * withdrawal larger than WITHDRAWAL_SECOND_ADMIN_CENTS ($500), wait for a second admin. Kept here,
 * not in stage settings, because the admin dialogs say the threshold before anything is sent and the
 * rule must be the same on every stage (docs/decisions/0188-four-eyes-on-money.md).
 */
export const ADJUSTMENT_SECOND_ADMIN_CENTS = 10_000;
export const WITHDRAWAL_SECOND_ADMIN_CENTS = 50_000;
/** A user may ask for a withdrawal once in this many days (the FAQ's "once a month"). */
export const WITHDRAWAL_INTERVAL_DAYS = 30;

export const TOAST = { durationMs: 4000, visible: 3, width: 356, gap: 14, swipeThreshold: 45 } as const;

/** Failed queries retry 3 times, delay doubling from 1 s up to 30 s; unused data is kept 5 minutes. */
export const QUERY_RETRY = { count: 3, firstDelayMs: 1_000, maxDelayMs: 30_000, unusedKeepMs: 5 * 60_000 } as const;

export const SUPPORT_SUBJECTS = ['Account Issues', 'Billing Questions', 'Shipping Label Problems', 'Technical Support', 'Feature Request', 'Other'] as const;
export type SupportSubject = (typeof SUPPORT_SUBJECTS)[number];

/** Ship dates run from today to this many days ahead, in US Eastern time. */
export const SHIP_DATE_MAX_DAYS_AHEAD = 7;
/** A batch upload: at most this many data rows and this many bytes of CSV. */
export const BATCH_MAX_ROWS = 500;
export const BATCH_MAX_BYTES = 1024 * 1024;
/** A user's batches not yet done (draft, awaiting payment, running, cancelled): at most this many. */
export const BATCH_MAX_OPEN = 20;
