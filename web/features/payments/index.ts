/**
 * Card checkout, shared by the wallet (a top-up) and the label form (a label paid by card): the
 * one place that opens a Stripe Checkout Session and sends the browser there. It has no page.
 */
export { tryAgain, useCardCheckout } from './hooks/use-card-checkout';
