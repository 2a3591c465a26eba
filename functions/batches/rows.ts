/**
 * A batch row's cells <-> the label form's body. A row is judged by the label form's own
 * schema (labelOrderSchema) and priced by the server's pricing, so the spreadsheet and the dialog
 * refuse the same things with the same messages; each message is named by the CSV column it is about.
 */
import type { BatchRowError } from '../../domain/api/batches';
import { findLabelType, LABEL_TYPES, labelPriceCents } from '../../domain/pricing';
import type { Address } from '../../domain/schemas/addresses';
import { BATCH_COLUMNS, COLUMN_FIELD, SENDER_COLUMNS, SENDER_OPTIONAL_COLUMNS, type BatchColumn } from '../../domain/batch-columns';
import type { BatchRowFields } from '../../domain/schemas/batches';
import { labelOrderSchema, type LabelOrderBody } from '../../domain/schemas/labels';

const COLUMN_OF_FIELD = new Map<string, BatchColumn>(BATCH_COLUMNS.map((c) => [COLUMN_FIELD[c], c]));

/** A sender column's saved-address field: `fromZip` -> `zip`. */
const senderField = (c: BatchColumn) => (c.charAt(4).toLowerCase() + c.slice(5)) as keyof Address;

/**
 * The cells with every blank sender cell filled from a saved address (what the row will print). Its
 * company, second street line and phone come only with its street: a row that names its own
 * street keeps its own (blank) ones, never another building's suite.
 */
export function fillSender(fields: BatchRowFields, sender: Address | undefined): BatchRowFields {
  if (!sender) return fields;
  const filled: BatchRowFields = { ...fields };
  const ownStreet = Boolean(fields.fromStreet?.trim());
  for (const c of SENDER_COLUMNS) if (!filled[c]?.trim()) filled[c] = String(sender[senderField(c)] ?? '');
  for (const c of ownStreet ? [] : SENDER_OPTIONAL_COLUMNS) {
    const saved = sender[senderField(c)];
    if (saved && !filled[c]?.trim()) filled[c] = saved;
  }
  return filled;
}

/** A number cell: blank is missing (the schema's "required" message), anything else as JS reads it. */
const numberCell = (cell: string | undefined): number | undefined => (cell?.trim() ? Number(cell.trim()) : undefined);
const textCell = (cell: string | undefined): string | undefined => (cell?.trim() ? cell.trim() : undefined);

/** The label form's body a row stands for (paid with credits: a batch always spends the wallet). */
export function formInput(f: BatchRowFields): Record<string, unknown> {
  const side = (p: 'from' | 'to') => ({
    name: f[`${p}Name`] ?? '',
    company: f[`${p}Company`],
    street: f[`${p}Street`] ?? '',
    street2: f[`${p}Street2`],
    city: f[`${p}City`] ?? '',
    state: f[`${p}State`] ?? '',
    zip: f[`${p}Zip`] ?? '',
    country: f[`${p}Country`] ?? '',
    phone: f[`${p}Phone`],
  });
  return {
    labelType: f.labelType ?? '',
    weight: numberCell(f.weight),
    length: numberCell(f.length),
    width: numberCell(f.width),
    height: numberCell(f.height),
    shipDate: textCell(f.shipDate),
    from: side('from'),
    to: { ...side('to'), email: textCell(f.toEmail) },
    paymentMethod: 'credits',
  };
}

export type JudgedRow = { valid: true; body: LabelOrderBody; priceCents: number; errors: [] } | { valid: false; errors: BatchRowError[] };

/**
 * Judges a row's cells now (the ship date against today's clock): its body and price, or its
 * errors, one per column (the form's first message for each field), in column order.
 */
export function judgeRow(fields: BatchRowFields): JudgedRow {
  const errors: BatchRowError[] = [];
  const parsed = labelOrderSchema.safeParse(formInput(fields));
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF_FIELD.get(issue.path.map(String).join('.')) ?? 'row';
      if (seen.has(column)) continue;
      seen.add(column);
      errors.push({ column, message: issue.message });
    }
    const order = (c: string) => (BATCH_COLUMNS as readonly string[]).indexOf(c) >>> 0;
    return { valid: false, errors: errors.sort((a, b) => order(a.column) - order(b.column)) };
  }
  const body = parsed.data;
  const labelType = body.labelType ?? '';
  const priceCents = labelPriceCents(labelType, body.weight);
  if (priceCents <= 0) {
    return findLabelType(labelType)
      ? { valid: false, errors: [{ column: 'weight', message: 'This label type is not available for that weight' }] }
      : { valid: false, errors: [{ column: 'labelType', message: `Unknown label type: use one of ${LABEL_TYPES.map((t) => t.uid).join(', ')}` }] };
  }
  return { valid: true, body, priceCents, errors: [] };
}
