/**
 * Limits of the end of a shipping day (SCAN forms and pickups), apart from the schemas so the
 * shipper's page can state them without loading zod.
 */

/**
 * Most labels one SCAN form or pickup covers: a form claims its labels and stores itself in one
 * DynamoDB transaction, which holds at most 100 items (docs/decisions/0213-scan-forms.md).
 */
export const SHIPPING_DAY_MAX_LABELS = 99;
