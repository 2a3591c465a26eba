/**
 * A batch row's cells <-> the label form's body. A row is judged by the label form's own
 * schema (labelOrderSchema), so the spreadsheet and the dialog refuse the same things with the same
 * messages; each message is named by the CSV column it is about. Its price comes from a quote
 * (./row-quotes.ts), as the dialog's does.
 *
 * What the row buys is read by pricing mode, as the dialog asks for it: in table mode its
 * `labelType` (one of the seed's types; the `service` cell is not read), in rates mode its `service`
 * (a USPS service id; blank: the cheapest the quote offers; the `labelType` cell is not read).
 */
import type { BatchRowError } from '../../domain/api/batches';
import type { SavedPackage } from '../../domain/api/packages';
import type { PricingMode } from '../../domain/api/quotes';
import { packageNameKey } from '../../domain/package-name';
import { findService, USPS_SERVICES } from '../../domain/postage/services';
import { findLabelType, LABEL_TYPES } from '../../domain/pricing';
import type { Address } from '../../domain/schemas/addresses';
import { BATCH_COLUMNS, COLUMN_FIELD, PARCEL_COLUMNS, SENDER_COLUMNS, SENDER_OPTIONAL_COLUMNS, type BatchColumn } from '../../domain/batch-columns';
import type { BatchRowFields } from '../../domain/schemas/batches';
import { labelOrderSchema, type LabelOrderBody } from '../../domain/schemas/labels';

/**
 * A rates-mode row's service while its cell is blank: the label form requires a service to judge
 * the row, and the cheapest is only known once the row is quoted (then the body names it).
 */
export const CHEAPEST = 'cheapest';

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

/**
 * The cells with the parcel filled from a saved package (what the row will buy), and the row's error
 * when its `package` cell names none of them. A named package (case ignored) fills each blank
 * parcel cell: a cell the row gives is its own figure (the same box, another weight). A row naming
 * no package whose parcel cells are all blank takes the default package, whose name then fills its
 * `package` cell, so the row says where its figures came from. A row that gives any parcel cell and
 * names no package describes its own parcel: the default fills nothing, and a missing figure is its
 * error as in the dialog.
 */
export function fillParcel(fields: BatchRowFields, packages: readonly SavedPackage[]): { fields: BatchRowFields; errors: BatchRowError[] } {
  const named = fields.package?.trim();
  const blank = PARCEL_COLUMNS.filter((c) => !fields[c]?.trim());
  const chosen = named ? packages.find((p) => packageNameKey(p.name) === packageNameKey(named)) : packages.find((p) => p.isDefault);
  if (named && !chosen) return { fields, errors: [{ column: 'package', message: `No saved package is named "${named}"` }] };
  if (!chosen || (!named && blank.length < PARCEL_COLUMNS.length)) return { fields, errors: [] };
  const filled: BatchRowFields = { ...fields, package: named || chosen.name };
  for (const c of blank) filled[c] = String(chosen[c]);
  return { fields: filled, errors: [] };
}

/** A number cell: blank is missing (the schema's "required" message), anything else as JS reads it. */
const numberCell = (cell: string | undefined): number | undefined => (cell?.trim() ? Number(cell.trim()) : undefined);
const textCell = (cell: string | undefined): string | undefined => (cell?.trim() ? cell.trim() : undefined);

/** The label form's body a row stands for (paid with credits: a batch always spends the wallet). */
export function formInput(f: BatchRowFields, mode: PricingMode): Record<string, unknown> {
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
    ...(mode === 'table' ? { labelType: f.labelType ?? '' } : { service: textCell(f.service) ?? CHEAPEST }),
    weight: numberCell(f.weight),
    length: numberCell(f.length),
    width: numberCell(f.width),
    height: numberCell(f.height),
    shipDate: textCell(f.shipDate),
    from: side('from'),
    to: { ...side('to'), email: textCell(f.toEmail) },
    // Each line keeps its column's place, so an error names the cell it came from.
    labelText: textCell(f.labelText1) || textCell(f.labelText2) ? [f.labelText1 ?? '', f.labelText2 ?? ''] : undefined,
    signature: textCell(f.signature),
    insuredValueCents: numberCell(f.insuredValueCents),
    paymentMethod: 'credits',
  };
}

export type JudgedRow = { valid: true; body: LabelOrderBody; errors: [] } | { valid: false; errors: BatchRowError[] };

/** The offers a rates-mode `service` cell may name: the services the quote lists. */
const LISTED = USPS_SERVICES.filter((s) => s.listed).map((s) => s.id);

/** Why the row's label type (table mode) or service (rates mode) cannot be bought, before any quote. */
function unknownOffer(body: LabelOrderBody, mode: PricingMode): BatchRowError | undefined {
  if (mode === 'table') {
    return findLabelType(body.labelType ?? '')
      ? undefined
      : { column: 'labelType', message: `Unknown label type: use one of ${LABEL_TYPES.map((t) => t.uid).join(', ')}` };
  }
  const service = body.service ?? '';
  return service === CHEAPEST || findService(service)?.listed
    ? undefined
    : { column: 'service', message: `Unknown USPS service: use one of ${LISTED.join(', ')}, or leave it blank for the cheapest` };
}

/**
 * Judges a row's cells now (the ship date against today's clock): the label form's body, or its
 * errors, one per column (the form's first message for each field), in column order. An unknown
 * label type or service is an error here; whether it is offered for the parcel, and at what price,
 * the row's quote says. `found`: errors found before (an unknown package), which make the row
 * invalid beside the form's own.
 */
export function judgeRow(fields: BatchRowFields, mode: PricingMode, found: readonly BatchRowError[] = []): JudgedRow {
  const errors: BatchRowError[] = [...found];
  const parsed = labelOrderSchema.safeParse(formInput(fields, mode));
  if (!parsed.success || errors.length > 0) {
    const seen = new Set<string>(errors.map((e) => e.column));
    for (const issue of parsed.error?.issues ?? []) {
      const column = COLUMN_OF_FIELD.get(issue.path.map(String).join('.')) ?? 'row';
      if (seen.has(column)) continue;
      seen.add(column);
      errors.push({ column, message: issue.message });
    }
    const order = (c: string) => (BATCH_COLUMNS as readonly string[]).indexOf(c) >>> 0;
    return { valid: false, errors: errors.sort((a, b) => order(a.column) - order(b.column)) };
  }
  const unknown = unknownOffer(parsed.data, mode);
  return unknown ? { valid: false, errors: [unknown] } : { valid: true, body: parsed.data, errors: [] };
}
