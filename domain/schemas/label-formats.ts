/** The label file a download asks for, and the shipper's default (domain/label-formats.ts names them). */
import * as z from './zod';
import { schema } from './zod';
import { BATCH_LABEL_FORMATS, LABEL_FORMATS, PNG_DPIS } from '../label-formats';

export const LABEL_FORMAT_MESSAGE = `format must be one of ${LABEL_FORMATS.join(', ')}`;
export const BATCH_LABEL_FORMAT_MESSAGE = `format must be one of ${BATCH_LABEL_FORMATS.join(', ')}`;
export const PNG_DPI_MESSAGE = `dpi must be ${PNG_DPIS.join(' or ')}`;

const DPI_TEXTS = PNG_DPIS.map(String) as ['203', '300'];

/** GET /shipping/download-order/{shipOrderId}?format=&dpi=: absent, the shipper's default (the 4x6 PDF until one is set). */
export const labelDownloadQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({
    format: z.optional(z.enum(LABEL_FORMATS, { error: LABEL_FORMAT_MESSAGE })).register(z.globalRegistry, {
      description:
        "`pdf` (4x6), `letter` (8.5x11, two labels a page), `png` (4x6) or `zpl` (ZPL II, 203 dpi). Absent: the shipper's default (`labelFormat` in the profile).",
    }),
    dpi: z.optional(z.enum(DPI_TEXTS, { error: PNG_DPI_MESSAGE })).register(z.globalRegistry, {
      description: "A PNG's resolution: 203 (812 x 1218 px) or 300 (1200 x 1800 px). Absent: the default's, else 203.",
    }),
  }),
);
export type LabelDownloadQuery = z.infer<typeof labelDownloadQuerySchema>;

/** GET /shipping/batches/{batchId}/labels.pdf?format=: the 4x6 pages, or two to a letter page. */
export const batchLabelsQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({
    format: z.optional(z.enum(BATCH_LABEL_FORMATS, { error: BATCH_LABEL_FORMAT_MESSAGE })).register(z.globalRegistry, {
      description: '`pdf` (4x6 pages, the default) or `letter` (two labels a letter page, with cut lines).',
    }),
  }),
);
export type BatchLabelsQuery = z.infer<typeof batchLabelsQuerySchema>;

/** PUT /auth/label-format: the file a download gives when it names none. */
export const labelFormatBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject(
    {
      format: z.enum(LABEL_FORMATS, { error: LABEL_FORMAT_MESSAGE }),
      dpi: z.optional(z.union([z.literal(203), z.literal(300)], { error: PNG_DPI_MESSAGE })),
    },
    { error: 'Unknown setting' },
  ),
);
export type LabelFormatBody = z.infer<typeof labelFormatBodySchema>;
