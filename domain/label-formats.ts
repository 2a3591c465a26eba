/**
 * The files a label can be downloaded as (docs/decisions/0215-label-formats.md): the 4x6 PDF the
 * carrier sold, that PDF laid two to a letter page, a 4x6 PNG at a thermal or office printer's
 * resolution, and ZPL II for 203 dpi thermal printers. No zod here: a Lambda that only reads the
 * names (the download routes) does not bundle the schemas with them.
 */

export const LABEL_FORMATS = ['pdf', 'letter', 'png', 'zpl'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** The batch's merged file: its 4x6 pages as they are, or two to a letter page. */
export const BATCH_LABEL_FORMATS = ['pdf', 'letter'] as const satisfies readonly LabelFormat[];
export type BatchLabelFormat = (typeof BATCH_LABEL_FORMATS)[number];

/** A PNG's resolution in dots per inch: a 4x6 label is 812 x 1218 pixels at 203, 1200 x 1800 at 300. */
export const PNG_DPIS = [203, 300] as const;
export type PngDpi = (typeof PNG_DPIS)[number];
export const DEFAULT_PNG_DPI: PngDpi = 203;

/** What a download asks for: a format and, for a PNG, its resolution. */
export interface LabelChoice {
  format: LabelFormat;
  dpi: PngDpi;
}

/** The 4x6 PDF, the file every label is bought as. */
export const DEFAULT_LABEL_CHOICE: LabelChoice = { format: 'pdf', dpi: DEFAULT_PNG_DPI };

/** A stored or sent choice made whole: an unknown format is the PDF, an unknown resolution 203 dpi. */
export function labelChoiceOf(value: { format?: unknown; dpi?: unknown } | undefined | null): LabelChoice {
  const format = (LABEL_FORMATS as readonly unknown[]).includes(value?.format) ? (value?.format as LabelFormat) : DEFAULT_LABEL_CHOICE.format;
  const dpi = (PNG_DPIS as readonly unknown[]).includes(Number(value?.dpi)) ? (Number(value?.dpi) as PngDpi) : DEFAULT_PNG_DPI;
  return { format, dpi };
}

/** The size of a 4x6 label in pixels at `dpi`. */
export const pngSizeAt = (dpi: PngDpi): { width: number; height: number } => ({ width: 4 * dpi, height: 6 * dpi });

/** The downloads the shipper is offered, in the menus' order, with the names they are shown by. */
export const LABEL_CHOICES: readonly (LabelChoice & { key: string; name: string; short: string })[] = [
  { key: 'pdf', format: 'pdf', dpi: DEFAULT_PNG_DPI, name: 'PDF 4x6', short: 'PDF' },
  { key: 'letter', format: 'letter', dpi: DEFAULT_PNG_DPI, name: 'PDF letter (2 per page)', short: 'Letter' },
  { key: 'png203', format: 'png', dpi: 203, name: 'PNG 4x6, 203 dpi', short: 'PNG' },
  { key: 'png300', format: 'png', dpi: 300, name: 'PNG 4x6, 300 dpi', short: 'PNG 300' },
  { key: 'zpl', format: 'zpl', dpi: DEFAULT_PNG_DPI, name: 'ZPL (thermal printer)', short: 'ZPL' },
];

/** The menu entry of `choice`: each choice has one. */
export const labelChoiceEntry = (choice: LabelChoice) => LABEL_CHOICES.find((c) => c.key === labelChoiceKey(choice)) ?? LABEL_CHOICES[0]!;

/** The file name a label is saved under: `<tracking>.pdf`, `<tracking>-letter.pdf`, `<tracking>-300dpi.png`, `<tracking>.zpl`. */
export function labelFileName(tracking: string, choice: LabelChoice): string {
  if (choice.format === 'letter') return `${tracking}-letter.pdf`;
  if (choice.format === 'png') return `${tracking}-${choice.dpi}dpi.png`;
  return `${tracking}.${choice.format}`;
}

/** The menu entry of a choice (the dpi counts only for a PNG). */
export const labelChoiceKey = (choice: LabelChoice): string => (choice.format === 'png' ? `png${choice.dpi}` : choice.format);
