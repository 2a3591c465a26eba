/**
 * The extra services a label may carry besides its postage: the shipper's own text printed on it,
 * a signature at delivery, and insurance for a declared value. Prices are pure functions here, so
 * the quote (functions/postage/quotes.ts), the sandbox carrier and the tests agree on one figure.
 *
 * Signature fees are USPS's commercial prices from Notice 123 (extras-prices.README.md says where
 * they were read and when). Insurance is ours to price: INSURANCE_CENTS_PER_100 per started $100 of
 * declared value (functions/config.ts), bought from EasyPost with the label
 * (docs/decisions/0211-signature-and-insurance.md).
 */
import type { ServiceId } from './service-ids';

export const SIGNATURES = ['none', 'signature', 'adult'] as const;
export type Signature = (typeof SIGNATURES)[number];

/** How many lines of the shipper's text a label prints, and how long each may be. */
export const LABEL_TEXT_LINES = 2;
export const LABEL_TEXT_MAX = 25;
/** The most a label may be insured for, in cents ($5,000). */
export const INSURED_VALUE_MAX_CENTS = 500_000;

/** USPS's commercial fee for each signature service, in cents (extras-prices.README.md). */
export const SIGNATURE_FEE_CENTS: Record<Signature, number> = { none: 0, signature: 365, adult: 1020 };
/** The date those fees took effect (YYYY-MM-DD). */
export const SIGNATURE_FEES_EFFECTIVE = '2026-07-12';

/** What each signature is called where the shipper reads it (the dialog, the receipt, the label). */
export const SIGNATURE_NAMES: Record<Signature, string> = {
  none: 'No signature',
  signature: 'Signature Confirmation',
  adult: 'Adult Signature Required',
};

/**
 * The insurance USPS itself includes with a service, in cents: Priority Mail (its Flat Rate and
 * Cubic prices too), Priority Mail Express and Ground Advantage carry $100 of coverage; Media Mail none.
 */
export function includedCoverageCents(service: ServiceId): number {
  return service === 'usps_media_mail' ? 0 : 10_000;
}

/** Our price for insuring `insuredValueCents`: `centsPer100` per started $100 of value. */
export const insuranceCents = (insuredValueCents: number, centsPer100: number): number =>
  insuredValueCents > 0 ? Math.ceil(insuredValueCents / 10_000) * centsPer100 : 0;

/** The extras a label was asked with, as the order keeps them and the carrier is told. */
export interface LabelExtras {
  /** Up to two lines printed on the label; empty lines are left out. */
  labelText: string[];
  signature: Signature;
  /** The declared value insured, in cents; 0 when not insured. */
  insuredValueCents: number;
}

/** What the extras of one quote row cost the shipper, in cents, and the coverage USPS adds for free. */
export interface ExtrasPrice {
  signatureCents: number;
  insuranceCents: number;
  /** USPS's own included coverage for the row's service, in cents. */
  coverageCents: number;
}

/** The extras' price for one service. */
export function extrasPrice(extras: Pick<LabelExtras, 'signature' | 'insuredValueCents'>, service: ServiceId, centsPer100: number): ExtrasPrice {
  return {
    signatureCents: SIGNATURE_FEE_CENTS[extras.signature],
    insuranceCents: insuranceCents(extras.insuredValueCents, centsPer100),
    coverageCents: includedCoverageCents(service),
  };
}

/** The extras of a form, with their defaults: no text, no signature, no insurance. */
export function extrasOf(form: {
  labelText?: readonly string[] | undefined;
  signature?: Signature | undefined;
  insuredValueCents?: number | undefined;
}): LabelExtras {
  return {
    labelText: (form.labelText ?? []).map((line) => line.trim()).filter(Boolean),
    signature: form.signature ?? 'none',
    insuredValueCents: form.insuredValueCents ?? 0,
  };
}

/** Whether a label has any extra at all (old orders and plain labels have none). */
export const hasExtras = (e: LabelExtras): boolean => e.labelText.length > 0 || e.signature !== 'none' || e.insuredValueCents > 0;
