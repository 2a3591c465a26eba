/**
 * A bought label as the file a download asks for (docs/decisions/0215-label-formats.md): the 4x6 PDF
 * as stored; the letter layout made here from it; a PNG or ZPL made by the carrier that sold it
 * (Carrier.labelFile: EasyPost converts its own label, the sandbox draws its label again as an SVG),
 * brought here to the resolution asked (a PNG of exactly 4x6 inches at 203 or 300 dpi). Every
 * file but the PDF is made once and kept in the label store beside the PDF, under a key per format
 * (`<order>.letter.pdf`, `<order>.zpl`, `<order>.203.png`, `<order>.300.png`), so a second download is
 * one read of the same bytes and the carrier is asked once per label and format.
 */
import type { Order } from '../../domain/api/orders';
import type { LabelChoice, LabelFormat } from '../../domain/label-formats';
import { getLabelStore } from '../providers/registry/blobs';
import { getCarrier } from '../providers/registry/carrier';
import { labelRequestOf } from './buy-label';
import { letterLayout } from './letter-layout';
import { pngAt, svgToPng } from '../providers/carrier/label-raster';

/** What each file is answered as. */
export const LABEL_CONTENT_TYPES: Record<LabelFormat, string> = {
  pdf: 'application/pdf',
  letter: 'application/pdf',
  png: 'image/png',
  zpl: 'application/zpl',
};

/** Where the file of `choice` is kept for the label stored at `labelKey` (the PDF's own key for the PDF). */
export function labelFileKey(labelKey: string, choice: LabelChoice): string {
  const base = labelKey.replace(/\.pdf$/, '');
  switch (choice.format) {
    case 'pdf':
      return labelKey;
    case 'letter':
      return `${base}.letter.pdf`;
    case 'zpl':
      return `${base}.zpl`;
    case 'png':
      return `${base}.${choice.dpi}.png`;
  }
}

/** The label of a printable order (labelKey, tracking and carrierRef set) as `choice`; its bytes and content type. */
export async function labelFile(
  order: Order & { labelKey: string; tracking: string },
  choice: LabelChoice,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const store = getLabelStore();
  const type = { contentType: LABEL_CONTENT_TYPES[choice.format] };
  const key = labelFileKey(order.labelKey, choice);
  const kept = await store.get(key);
  if (kept) return { bytes: kept, ...type };
  if (choice.format === 'pdf') throw new Error(`label ${order.labelKey} missing from the store`);
  let bytes: Uint8Array;
  if (choice.format === 'letter') {
    const pdf = await store.get(order.labelKey);
    if (!pdf) throw new Error(`label ${order.labelKey} missing from the store`);
    bytes = await letterLayout(pdf);
  } else {
    if (!order.carrierRef) throw new Error(`order ${order.id} has a label but no carrierRef`);
    const made = await getCarrier().labelFile({ label: labelRequestOf(order), tracking: order.tracking, carrierRef: order.carrierRef, format: choice.format });
    if (made.type === 'zpl') bytes = made.bytes;
    else if (made.type === 'svg') bytes = await svgToPng(made.svg, choice.dpi);
    else bytes = await pngAt(made.bytes, choice.dpi);
  }
  await store.put(key, bytes, type.contentType);
  return { bytes, ...type };
}
