import type { PaymentMethod } from '@domain/schemas/labels';

/** How the label dialog and the batch page name SPEC section 3's paymentMethod; wallet first, the one-step path for people with credits. */
export const paymentMethodLabels: Record<PaymentMethod, string> = { credits: 'Wallet credits', purchase: 'Card' };
