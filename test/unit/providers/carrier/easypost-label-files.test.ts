/**
 * EasyPostCarrier.labelFile on EasyPost's own recorded answer of a label conversion
 * (recorded-convert-label-zpl.json: `GET /v2/shipments/{id}/label?file_format=ZPL`, which answers
 * the shipment with `label_zpl_url` beside the 300 dpi PNG in `label_url`). The files behind those
 * URLs are not in the recording: the stand-in serves a ZPL and a 300 dpi PNG drawn by the sandbox.
 * The download brings EasyPost's PNG to the resolution asked (label-raster.ts pngAt), tested here too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ProviderUnavailable } from '../../../../functions/errors';
import { EasyPostCarrier } from '../../../../functions/providers/carrier/easypost-carrier';
import { drawSandboxSvg, drawSandboxZpl } from '../../../../functions/providers/carrier/sandbox-label-files';
import { pngAt, svgToPng } from '../../../../functions/providers/carrier/label-raster';
import recordedConvert from '../../../fixtures/easypost/recorded-convert-label-zpl.json';
import recordedError from '../../../fixtures/easypost/recorded-error-not-found.json';
import { useEasyPostStandIn } from '../../../fixtures/easypost/stand-in';
import { sampleLabelRequest } from '../../../fixtures/label-order';
import { decodePngBarcodes, parseZpl, pngDimensions } from '../../../fixtures/label-file-checks';

const API_KEY = 'EZTK_never_log_me_0123456789abcdef';
const SHIPMENT_ID = recordedConvert.id;
// The sandbox's tracking number, so the served PNG's barcode is one the sandbox can draw.
const TRACKING = '9405500105440232839154';
const easypost = useEasyPostStandIn();
let carrier: EasyPostCarrier;
beforeAll(() => void (carrier = new EasyPostCarrier({ apiKey: API_KEY, apiUrl: easypost.url() })));

const ask = (format: 'png' | 'zpl') => carrier.labelFile({ label: sampleLabelRequest, tracking: TRACKING, carrierRef: SHIPMENT_ID, format });
const bytesOf = async (format: 'png' | 'zpl') => {
  const file = await ask(format);
  if (file.type === 'svg') throw new Error('EasyPost answers files, not drawings');
  expect(file.type).toBe(format);
  return file.bytes;
};
const easyPostPng = async () => svgToPng(await drawSandboxSvg(sampleLabelRequest, TRACKING), 300);

describe('EasyPostCarrier.labelFile', () => {
  it('asks EasyPost to convert the label to ZPL and answers the file at label_zpl_url as it is', async () => {
    const zpl = drawSandboxZpl(sampleLabelRequest, TRACKING);
    const asked = easypost.answers({ json: recordedConvert }, { body: zpl });
    const bytes = await bytesOf('zpl');
    expect(new TextDecoder().decode(bytes)).toBe(zpl);
    expect(parseZpl(new TextDecoder().decode(bytes))).toHaveLength(1);
    expect(asked.map((a) => [a.method, a.url])).toEqual([
      ['GET', `/v2/shipments/${SHIPMENT_ID}/label?file_format=ZPL`],
      ['GET', recordedConvert.postage_label.label_zpl_url],
    ]);
  });

  it("answers EasyPost's PNG at label_url as it is, which stays as it is at 300 dpi", async () => {
    const png = await easyPostPng();
    const asked = easypost.answers({ json: recordedConvert }, { body: png });
    expect(recordedConvert.postage_label.label_resolution).toBe(300);
    const bytes = await bytesOf('png');
    expect(Buffer.from(bytes).equals(Buffer.from(png))).toBe(true);
    expect(await pngAt(bytes, 300)).toBe(bytes);
    expect(asked.map((a) => [a.method, a.url])).toEqual([
      ['GET', `/v2/shipments/${SHIPMENT_ID}/label?file_format=PNG`],
      ['GET', recordedConvert.postage_label.label_url],
    ]);
  });

  it('is scaled to 812 x 1218 for 203 dpi, its barcode still readable', async () => {
    easypost.answers({ json: recordedConvert }, { body: await easyPostPng() });
    const bytes = await pngAt(await bytesOf('png'), 203);
    expect(pngDimensions(bytes)).toEqual({ width: 812, height: 1218 });
    expect(await decodePngBarcodes(bytes)).toEqual([`(420)${sampleLabelRequest.to.zip.slice(0, 5)}(94)${TRACKING.slice(2)}`]);
  });

  it('is ProviderUnavailable when EasyPost refuses the conversion, when no ZPL comes back, or when the file is not one', async () => {
    easypost.answers({ status: 404, json: recordedError });
    expect(await ask('zpl').catch((e: unknown) => e)).toBeInstanceOf(ProviderUnavailable);
    easypost.answers({ json: { ...recordedConvert, postage_label: { ...recordedConvert.postage_label, label_zpl_url: null } } });
    expect(((await ask('zpl').catch((e: unknown) => e)) as ProviderUnavailable).detail).toMatch(/without a ZPL label/);
    easypost.answers({ json: recordedConvert }, { body: '<html>not a label</html>' });
    expect(((await ask('zpl').catch((e: unknown) => e)) as ProviderUnavailable).detail).toMatch(/is not a ZPL/);
    easypost.answers({ json: recordedConvert }, { body: '%PDF-1.4' });
    expect(((await ask('png').catch((e: unknown) => e)) as ProviderUnavailable).detail).toMatch(/is not a PNG/);
  });
});
