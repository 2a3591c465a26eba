/**
 * The EasyPost carrier against EasyPost's own recorded answers (the `recorded-*` cassette answers
 * of its official Node client) and, for a PDF label, which no recording has, answers in the shape
 * of EasyPost's documented examples (test/fixtures/easypost/README.md says which is which). `fetch`
 * is stubbed: no network. Each test asserts the requests we send: URLs, Basic auth with the key as
 * user name, JSON bodies.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderUnavailable } from '../../../../functions/errors';
import { PurchaseRefused } from '../../../../functions/providers/carrier/carrier';
import { EASYPOST_TIMEOUT_MS, EasyPostCarrier } from '../../../../functions/providers/carrier/easypost-carrier';
import recordedBuyPng from '../../../fixtures/easypost/recorded-buy-png.json';
import recordedCreatePng from '../../../fixtures/easypost/recorded-create-png.json';
import recordedErrorNotFound from '../../../fixtures/easypost/recorded-error-not-found.json';
import recordedError from '../../../fixtures/easypost/recorded-error-parameter-required.json';
import refundAnswer from '../../../fixtures/easypost/recorded-refund-submitted.json';
import recordedRetrieveBought from '../../../fixtures/easypost/recorded-retrieve-bought.json';
import recordedRetrieveUnbought from '../../../fixtures/easypost/recorded-retrieve-unbought.json';
import bought from '../../../fixtures/easypost/shipment-bought.json';
import created from '../../../fixtures/easypost/shipment-created.json';
import { sampleLabelRequest } from '../../../fixtures/label-order';

const API_KEY = 'EZTK_never_log_me_0123456789abcdef';
const BASIC = `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`;
const LABEL_PDF = new Uint8Array(readFileSync(new URL('../../../fixtures/easypost/label.pdf', import.meta.url)));
const SHIPMENT_ID = created.id;
const PDF_URL = bought.postage_label.label_pdf_url;

const carrier = new EasyPostCarrier({ apiKey: API_KEY, apiUrl: 'https://api.easypost.com/' });

/**
 * A customer price above the recorded rates (USPS Priority $7.47, GroundAdvantage $8.92), so the
 * ceiling (by default our price) lets them through; the ceiling's own tests lower it.
 */
const request = { ...sampleLabelRequest, priceCents: 1000 };

type Answer = { status?: number; json?: unknown; body?: Uint8Array | string; error?: Error };

/** Stubs fetch with one answer per call, in order; returns the stub to inspect the requests. */
function easypostAnswers(...answers: Answer[]) {
  const queue = [...answers];
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    const next = queue.shift();
    if (!next) throw new Error('unexpected request');
    if (next.error) throw next.error;
    const status = next.status ?? 200;
    if (next.json !== undefined) return Response.json(next.json, { status });
    return new Response(typeof next.body === 'string' || next.body === undefined ? (next.body ?? '') : Buffer.from(next.body), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const happyPath = () => easypostAnswers({ json: created }, { json: bought }, { body: LABEL_PDF });

async function failure(promise: Promise<unknown>): Promise<ProviderUnavailable> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderUnavailable);
  const unavailable = err as ProviderUnavailable;
  expect(unavailable.provider).toBe('USPS label service');
  expect(unavailable.message).toBe('USPS label service is not answering right now. Please try again in a moment.');
  const everything = `${unavailable.message} ${unavailable.detail} ${unavailable.stack ?? ''}`;
  expect(everything).not.toContain(API_KEY);
  expect(everything).not.toContain(BASIC.slice(6));
  return unavailable;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('EasyPostCarrier.buyLabel', () => {
  it('asks the purchase before create and before buy (its lease renewal), and a purchase that says stop makes nothing more', async () => {
    const fetch = happyPath();
    const seen: [string, number][] = [];
    await carrier.buyLabel(request, async (step) => void seen.push([step, fetch.mock.calls.length]));
    expect(seen).toEqual([
      ['create', 0],
      ['buy', 1],
    ]);

    const again = happyPath();
    const lost = new Error('lease lost');
    await expect(carrier.buyLabel(request, async (step) => (step === 'buy' ? Promise.reject(lost) : undefined))).rejects.toBe(lost);
    // The shipment was created, never bought.
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('creates the shipment, buys the cheapest USPS Priority rate, downloads the PDF', async () => {
    const fetch = happyPath();
    const label = await carrier.buyLabel(request);

    expect(label).toEqual({
      tracking: '9405500105440232839154',
      carrierRef: SHIPMENT_ID,
      service: 'USPS Priority Mail',
      pdf: LABEL_PDF,
      // The selected rate's "7.47", in cents.
      costCents: 747,
    });
    expect(fetch).toHaveBeenCalledTimes(3);

    const [createUrl, createInit] = fetch.mock.calls[0]!;
    expect(createUrl).toBe('https://api.easypost.com/v2/shipments');
    expect(createInit?.method).toBe('POST');
    expect(createInit?.headers).toEqual({ authorization: BASIC, accept: 'application/json', 'content-type': 'application/json' });
    expect(JSON.parse(String(createInit?.body))).toEqual({
      shipment: {
        reference: '01JBQ7Y3K5N6P8R9S0T1V2W3X4',
        to_address: { name: 'Dr. Steve Brule', street1: '179 N Harbor Dr', city: 'Redondo Beach', state: 'CA', zip: '90277', country: 'US' },
        from_address: { name: 'Ann Shipper', street1: '417 Montgomery Street', city: 'San Francisco', state: 'CA', zip: '94104', country: 'US' },
        parcel: { weight: 40, length: 12, width: 8, height: 4 },
        // The ship date (sampleLabelRequest's 2026-09-07) printed on the label: noon UTC, that day in every US zone.
        options: { label_format: 'PDF', label_date: '2026-09-07T12:00:00Z' },
      },
    });

    const [buyUrl, buyInit] = fetch.mock.calls[1]!;
    expect(buyUrl).toBe(`https://api.easypost.com/v2/shipments/${SHIPMENT_ID}/buy`);
    expect(buyInit?.method).toBe('POST');
    expect(buyInit?.headers).toEqual({ authorization: BASIC, accept: 'application/json', 'content-type': 'application/json' });
    // Two USPS Priority rates (7.47 and 9.10 on two accounts): the cheaper one.
    expect(JSON.parse(String(buyInit?.body))).toEqual({ rate: { id: 'rate_22ca9cdf88be4b5da8e91b051e673534' } });

    const [downloadUrl, downloadInit] = fetch.mock.calls[2]!;
    expect(String(downloadUrl)).toBe(PDF_URL);
    expect(downloadInit?.method).toBe('GET');
    expect(downloadInit?.headers).toBeUndefined(); // the key never goes to the file host
  });

  it('buys GroundAdvantage for the ground types', async () => {
    const boughtGround = {
      ...bought,
      selected_rate: { ...bought.selected_rate, id: 'rate_e4df015173864a1a8c4e2144e2eeb055', service: 'GroundAdvantage', rate: '8.92' },
    };
    for (const labelType of ['usps_ground', 'ground_lbs']) {
      const fetch = easypostAnswers({ json: created }, { json: boughtGround }, { body: LABEL_PDF });
      const label = await carrier.buyLabel({ ...request, labelType });
      expect(label.service).toBe('USPS Ground Advantage');
      expect(label.costCents).toBe(892);
      expect(JSON.parse(String(fetch.mock.calls[1]![1]?.body))).toEqual({ rate: { id: 'rate_e4df015173864a1a8c4e2144e2eeb055' } });
    }
  });

  it('buys Priority for the flat-rate type, with no predefined package', async () => {
    const fetch = happyPath();
    expect((await carrier.buyLabel({ ...request, labelType: 'priority' })).service).toBe('USPS Priority Mail Flat Rate');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body)).shipment.parcel).not.toHaveProperty('predefined_package');
    expect(JSON.parse(String(fetch.mock.calls[1]![1]?.body))).toEqual({ rate: { id: 'rate_22ca9cdf88be4b5da8e91b051e673534' } });
  });

  it('sends the weight in ounces and dimensions in inches with one decimal', async () => {
    const fetch = happyPath();
    await carrier.buyLabel({ ...request, weightLb: 0.33, lengthIn: 10.26, widthIn: 6.04, heightIn: 0.01 });
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body)).shipment.parcel).toEqual({ weight: 5.3, length: 10.3, width: 6, height: 0.1 });
  });

  it('gives each call 15 seconds', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const fetch = happyPath();
    await carrier.buyLabel(request);
    expect(EASYPOST_TIMEOUT_MS).toBe(15_000);
    expect(timeout.mock.calls).toEqual([[15_000], [15_000], [15_000]]);
    fetch.mock.calls.forEach(([, init], i) => expect(init?.signal).toBe(timeout.mock.results[i]?.value));
  });

  it('uses label_url when the label file type is PDF and label_pdf_url is empty', async () => {
    const pdfOnlyInLabelUrl = { ...bought, postage_label: { ...bought.postage_label, label_pdf_url: null } };
    const fetch = easypostAnswers({ json: created }, { json: pdfOnlyInLabelUrl }, { body: LABEL_PDF });
    await carrier.buyLabel(request);
    expect(String(fetch.mock.calls[2]![0])).toBe(bought.postage_label.label_url);
  });
});

describe('EasyPostCarrier failures are ProviderUnavailable without the key', () => {
  it('an EasyPost error answer (recorded), with its code and field messages in the detail', async () => {
    const fetch = easypostAnswers({ status: 422, json: recordedError });
    const err = await failure(carrier.buyLabel(request));
    expect(err.detail).toBe('POST /v2/shipments answered HTTP 422: PARAMETER.REQUIRED: Missing required parameter. (shipment: cannot be blank)');
    expect(fetch).toHaveBeenCalledTimes(1); // nothing bought
  });

  it('an EasyPost error answer in its alternative format (recorded: errors as plain strings)', async () => {
    easypostAnswers({ status: 404, json: recordedErrorNotFound });
    expect((await failure(carrier.buyLabel(request))).detail).toBe(
      'POST /v2/shipments answered HTTP 404: NOT_FOUND: The requested resource could not be found. (No eligible insurance found with provided tracking code.)',
    );
  });

  it('a refused key (401) does not echo the key', async () => {
    easypostAnswers({ status: 401, body: `{"error":{"code":"APIKEY.INACTIVE","message":"key ${API_KEY} is not active"}}` });
    const err = await failure(carrier.buyLabel(request));
    expect(err.detail).toContain('answered HTTP 401');
    expect(err.detail).toContain('[redacted]');
  });

  it('a network error or timeout', async () => {
    easypostAnswers({ error: new DOMException('The operation was aborted due to timeout', 'TimeoutError') });
    expect((await failure(carrier.buyLabel(request))).detail).toContain('POST /v2/shipments failed: TimeoutError');
  });

  it('an answer that is not JSON, or has no shipment id', async () => {
    easypostAnswers({ status: 200, body: '<html>gateway</html>' });
    expect((await failure(carrier.buyLabel(request))).detail).toContain('not JSON');
    easypostAnswers({ json: { ...created, id: undefined } });
    expect((await failure(carrier.buyLabel(request))).detail).toContain('without a shipment id');
  });

  it('no rate for the mapped service: lists what was offered and buys nothing', async () => {
    const noPriority = {
      ...created,
      rates: created.rates.filter((r) => r.service !== 'Priority'),
      messages: [{ carrier: 'USPS', type: 'rate_error', message: 'Priority unavailable' }],
    };
    const fetch = easypostAnswers({ json: noPriority });
    const err = await failure(carrier.buyLabel(request));
    expect(err.detail).toContain('no USPS Priority rate');
    expect(err.detail).toContain('USPS GroundAdvantage');
    expect(err.detail).toContain('USPS: Priority unavailable');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a buy that fails (nothing bought, nothing to refund)', async () => {
    const fetch = easypostAnswers({ json: created }, { status: 402, json: { error: { code: 'PAYMENT.INSUFFICIENT_FUNDS', message: 'Insufficient funds' } } });
    expect((await failure(carrier.buyLabel(request))).detail).toContain(`POST /v2/shipments/${SHIPMENT_ID}/buy answered HTTP 402`);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a bought label without tracking code: refused, and its refund asked at EasyPost', async () => {
    const fetch = easypostAnswers({ json: created }, { json: { ...bought, tracking_code: null } }, { json: refundAnswer });
    expect((await failure(carrier.buyLabel(request))).detail).toBe(
      `buy ${SHIPMENT_ID} answered without a usable tracking_code (shipment ${SHIPMENT_ID}, reference ${request.orderId}); label refused; its refund was asked at EasyPost (refund_status submitted)`,
    );
    expect(fetch.mock.calls[2]![0]).toBe(`https://api.easypost.com/v2/shipments/${SHIPMENT_ID}/refund`);
  });

  it('a label download that fails, is not https, or is not a PDF: refused, and its refund asked at EasyPost', async () => {
    const refunded = '; label refused; its refund was asked at EasyPost (refund_status submitted)';
    let fetch = easypostAnswers({ json: created }, { json: bought }, { status: 403, body: 'AccessDenied' }, { json: refundAnswer });
    const denied = (await failure(carrier.buyLabel(request))).detail;
    expect(denied).toMatch(/label of shp_\w+ \(easypost-files\.s3\.us-west-2\.amazonaws\.com\/files\/.*\) answered HTTP 403/);
    expect(denied.endsWith(refunded)).toBe(true);
    expect(fetch.mock.calls[3]![0]).toBe(`https://api.easypost.com/v2/shipments/${SHIPMENT_ID}/refund`);
    fetch = easypostAnswers({ json: created }, { json: bought }, { body: '<html>not a pdf</html>' }, { json: refundAnswer });
    expect((await failure(carrier.buyLabel(request))).detail).toContain(`is not a PDF (shipment ${SHIPMENT_ID}`);
    expect(fetch).toHaveBeenCalledTimes(4);
    const http = { ...bought, postage_label: { ...bought.postage_label, label_pdf_url: 'http://easypost-files.example/l.pdf' } };
    fetch = easypostAnswers({ json: created }, { json: http }, { json: refundAnswer });
    expect((await failure(carrier.buyLabel(request))).detail).toContain('non-https');
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('EasyPostCarrier tells a refusal (nothing sold, for certain) from a buy whose answer was lost', () => {
  const refusedWith = async (promise: Promise<unknown>) => {
    const err = await failure(promise);
    return err instanceof PurchaseRefused;
  };

  it('anything before the buy call is a refusal: an error answer, a timeout, no rate, a rate above the ceiling', async () => {
    easypostAnswers({ status: 500, body: 'oops' });
    expect(await refusedWith(carrier.buyLabel(request))).toBe(true);
    easypostAnswers({ error: new DOMException('The operation was aborted due to timeout', 'TimeoutError') });
    expect(await refusedWith(carrier.buyLabel(request))).toBe(true);
    easypostAnswers({ json: { ...created, rates: [] } });
    expect(await refusedWith(carrier.buyLabel(request))).toBe(true);
    easypostAnswers({ json: created });
    expect(await refusedWith(carrier.buyLabel({ ...request, priceCents: 100 }))).toBe(true);
  });

  it('a buy EasyPost answered with a refusing status (400, 401, 402, 403, 404, 422, 429) is a refusal', async () => {
    for (const status of [400, 401, 402, 403, 404, 422, 429]) {
      easypostAnswers({ json: created }, { status, json: { error: { code: 'SHIPMENT.POSTAGE.FAILURE', message: 'no' } } });
      expect(await refusedWith(carrier.buyLabel(request)), `HTTP ${status}`).toBe(true);
    }
  });

  it('a buy that timed out, lost its connection, or answered 5xx, 408 or 409 may have sold the label: not a refusal', async () => {
    easypostAnswers({ json: created }, { error: new DOMException('The operation was aborted due to timeout', 'TimeoutError') });
    expect(await refusedWith(carrier.buyLabel(request))).toBe(false);
    easypostAnswers({ json: created }, { error: new TypeError('fetch failed') });
    expect(await refusedWith(carrier.buyLabel(request))).toBe(false);
    for (const status of [500, 502, 503, 504, 408, 409]) {
      easypostAnswers({ json: created }, { status, body: 'upstream' });
      expect(await refusedWith(carrier.buyLabel(request)), `HTTP ${status}`).toBe(false);
    }
    easypostAnswers({ json: created }, { status: 200, body: '<html>gateway</html>' });
    expect(await refusedWith(carrier.buyLabel(request))).toBe(false);
  });

  it('a bought label refused here, its refund asked at EasyPost, is a refusal (no label stands sold for the order)', async () => {
    easypostAnswers({ json: created }, { json: { ...bought, tracking_code: null } }, { json: refundAnswer });
    expect(await refusedWith(carrier.buyLabel(request))).toBe(true);
  });
});

/** The recorded shipment with its USPS Priority rates at these prices (dollar strings, as EasyPost sends them). */
function priorityAt(cheap: string, dear = '9.10') {
  const rates = created.rates.map((r) => (r.service !== 'Priority' ? r : { ...r, rate: r.id === 'rate_22ca9cdf88be4b5da8e91b051e673534' ? cheap : dear }));
  return { ...created, rates };
}
/** The recorded buy answer with its selected rate changed. */
const boughtAs = (selected: Partial<typeof bought.selected_rate> | null) => ({
  ...bought,
  selected_rate: selected && { ...bought.selected_rate, ...selected },
});

describe('EasyPostCarrier never buys above the cost ceiling', () => {
  it('refuses before buying when the cheapest rate costs more than our price (the default ceiling), naming both', async () => {
    const fetch = easypostAnswers({ json: created });
    // Our price for 2.5 lb USPS Priority: $6.00; EasyPost's cheapest Priority rate: $7.47.
    const err = await failure(carrier.buyLabel(sampleLabelRequest));
    expect(sampleLabelRequest.priceCents).toBe(600);
    expect(err.detail).toBe(
      `shipment ${SHIPMENT_ID}: USPS Priority costs $7.47 (747 cents), above the ceiling of $6.00 (600 cents) for usps_priority; not bought`,
    );
    expect(fetch).toHaveBeenCalledTimes(1); // no buy call
  });

  it('buys at exactly the ceiling', async () => {
    const fetch = happyPath();
    expect((await carrier.buyLabel({ ...request, priceCents: 747 })).costCents).toBe(747);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('takes a configured ceiling per label type over our price, both ways', async () => {
    const generous = new EasyPostCarrier({ apiKey: API_KEY, apiUrl: 'https://api.easypost.com', costCeilings: { usps_priority: 800 } });
    happyPath();
    expect((await generous.buyLabel(sampleLabelRequest)).costCents).toBe(747);

    const strict = new EasyPostCarrier({ apiKey: API_KEY, apiUrl: 'https://api.easypost.com', costCeilings: { usps_priority: 700 } });
    const fetch = easypostAnswers({ json: created });
    expect((await failure(strict.buyLabel(request))).detail).toContain('costs $7.47 (747 cents), above the ceiling of $7.00 (700 cents) for usps_priority');
    expect(fetch).toHaveBeenCalledTimes(1);

    // Another type keeps its own default: our price.
    easypostAnswers({ json: created });
    expect((await failure(strict.buyLabel({ ...request, labelType: 'usps_ground', priceCents: 500 }))).detail).toContain(
      'USPS GroundAdvantage costs $8.92 (892 cents), above the ceiling of $5.00 (500 cents) for usps_ground',
    );
  });

  it('reads a float-looking rate as whole cents on its text: "7.3500000001" is 735 cents, "7.355" is 736', async () => {
    const fetch = easypostAnswers({ json: priorityAt('7.3500000001') }, { json: boughtAs({ rate: '7.3500000001' }) }, { body: LABEL_PDF });
    expect((await carrier.buyLabel({ ...request, priceCents: 735 })).costCents).toBe(735);
    expect(JSON.parse(String(fetch.mock.calls[1]![1]?.body))).toEqual({ rate: { id: 'rate_22ca9cdf88be4b5da8e91b051e673534' } });

    easypostAnswers({ json: priorityAt('7.355') });
    expect((await failure(carrier.buyLabel({ ...request, priceCents: 735 }))).detail).toContain('costs $7.36 (736 cents), above the ceiling of $7.35');
  });

  it('chooses the cheaper rate by cents, and skips a rate whose cost it cannot read', async () => {
    // "7.10" < "7.9" as cents (710 < 790) though not as text; "seven" and "-1" are no prices.
    const fetch = easypostAnswers(
      { json: priorityAt('7.9', '7.10') },
      { json: boughtAs({ id: 'rate_9f1c2d3e4b5a69788796a5b4c3d2e1f0', rate: '7.10' }) },
      {
        body: LABEL_PDF,
      },
    );
    expect((await carrier.buyLabel(request)).costCents).toBe(710);
    expect(JSON.parse(String(fetch.mock.calls[1]![1]?.body))).toEqual({ rate: { id: 'rate_9f1c2d3e4b5a69788796a5b4c3d2e1f0' } });

    for (const unreadable of ['seven', '-1', '']) {
      const only = { ...created, rates: created.rates.map((r) => (r.service === 'Priority' ? { ...r, rate: unreadable } : r)) };
      const refused = easypostAnswers({ json: only });
      expect((await failure(carrier.buyLabel(request))).detail).toContain('no USPS Priority rate');
      expect(refused).toHaveBeenCalledTimes(1);
    }
  });
});

describe('EasyPostCarrier refuses a label whose selected_rate is not what it asked for, and asks EasyPost to refund it', () => {
  const what = `shipment ${SHIPMENT_ID} (reference ${request.orderId}) was bought as`;

  it('another carrier or service: refused after the buy, before the download; the refund is asked at once and the detail says so', async () => {
    for (const [selected, got] of [
      [{ carrier: 'UPS', service: 'Ground', rate: '11.20' }, 'UPS Ground $11.20'],
      [{ service: 'GroundAdvantage', rate: '8.92' }, 'USPS GroundAdvantage $8.92'],
      [{ service: 'Express', rate: '46.85' }, 'USPS Express $46.85'],
    ] as const) {
      const fetch = easypostAnswers({ json: created }, { json: boughtAs(selected) }, { json: refundAnswer });
      const err = await failure(carrier.buyLabel(request));
      expect(err.detail).toBe(`${what} ${got}, not USPS Priority at most $10.00; label refused; its refund was asked at EasyPost (refund_status submitted)`);
      expect(fetch).toHaveBeenCalledTimes(3);
      const [url, init] = fetch.mock.calls[2]!;
      expect(url).toBe(`https://api.easypost.com/v2/shipments/${SHIPMENT_ID}/refund`);
      expect(init?.method).toBe('POST');
    }
  });

  it('says REFUND AT EASYPOST, for the operator, only when the refund call itself failed', async () => {
    easypostAnswers(
      { json: created },
      { json: boughtAs({ id: 'rate_9f1c2d3e4b5a69788796a5b4c3d2e1f0', rate: '9.10' }) },
      { status: 503, body: 'upstream down' },
    );
    expect((await failure(carrier.buyLabel({ ...request, priceCents: 800 }))).detail).toBe(
      `REFUND AT EASYPOST: ${what} USPS Priority $9.10, not USPS Priority at most $8.00; label refused; the refund call failed: POST /v2/shipments/${SHIPMENT_ID}/refund answered HTTP 503: upstream down`,
    );
  });

  it('no selected_rate, or one without a readable cost', async () => {
    easypostAnswers({ json: created }, { json: boughtAs(null) }, { json: refundAnswer });
    expect((await failure(carrier.buyLabel(request))).detail).toBe(
      `${what} no readable selected_rate, not USPS Priority at most $10.00; label refused; its refund was asked at EasyPost (refund_status submitted)`,
    );
    easypostAnswers({ json: created }, { json: boughtAs({ rate: 'free' }) }, { json: refundAnswer });
    expect((await failure(carrier.buyLabel(request))).detail).toContain('no readable selected_rate');
  });
});

describe('EasyPostCarrier label refunds', () => {
  /** A created order of ours whose label is the recorded shipment. */
  const label = {
    id: request.orderId,
    carrierRef: SHIPMENT_ID,
    tracking: bought.tracking_code,
    createdAt: '2026-09-07T15:00:00.000Z',
    labelType: 'usps_priority',
    service: 'USPS Priority Mail',
    from: request.from,
    to: request.to,
  };
  const withStatus = (refund_status: string | null) => ({ ...refundAnswer, refund_status });

  it("asks for the refund with a bodiless POST to the shipment's refund and reads refund_status: submitted", async () => {
    const fetch = easypostAnswers({ json: refundAnswer });

    expect(await carrier.refundLabel(label)).toEqual({ status: 'submitted' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`https://api.easypost.com/v2/shipments/${SHIPMENT_ID}/refund`);
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ authorization: BASIC, accept: 'application/json' });
    expect(init?.body).toBeUndefined();
  });

  it('polls the shipment: refunded, rejected and not_applicable (rejected) with a reason, and undefined before any request', async () => {
    const fetch = easypostAnswers(
      { json: withStatus('refunded') },
      { json: withStatus('rejected') },
      { json: withStatus('not_applicable') },
      { json: withStatus(null) },
      { json: withStatus('submitted') },
    );

    expect(await carrier.refundStatus(label)).toEqual({ status: 'refunded' });
    expect(await carrier.refundStatus(label)).toEqual({
      status: 'rejected',
      reason: 'USPS rejected the refund: the label was scanned or is too old to refund.',
    });
    expect(await carrier.refundStatus(label)).toEqual({ status: 'rejected', reason: 'The carrier does not refund this label (not applicable).' });
    expect(await carrier.refundStatus(label)).toBeUndefined();
    expect(await carrier.refundStatus(label)).toEqual({ status: 'submitted' });
    expect(fetch.mock.calls[0]![0]).toBe(`https://api.easypost.com/v2/shipments/${SHIPMENT_ID}`);
    expect(fetch.mock.calls[0]![1]?.method).toBe('GET');
  });

  it('cannot say when EasyPost fails, answers a refund without refund_status, or an unknown one (ProviderUnavailable, no key)', async () => {
    easypostAnswers({ status: 422, json: recordedError }, { json: withStatus(null) }, { json: withStatus('lost_in_the_mail') });
    expect((await failure(carrier.refundLabel(label))).detail).toContain(`POST /v2/shipments/${SHIPMENT_ID}/refund answered HTTP 422`);
    expect((await failure(carrier.refundLabel(label))).detail).toBe(`refund ${SHIPMENT_ID} answered without a refund_status`);
    expect((await failure(carrier.refundStatus(label))).detail).toBe(`shipment ${SHIPMENT_ID} answered an unknown refund_status lost_in_the_mail`);
  });

  it('refuses an order without an EasyPost shipment before calling anything', async () => {
    const fetch = easypostAnswers();
    await expect(carrier.refundLabel({ ...label, carrierRef: 'sandbox_x' })).rejects.toThrow(`order ${label.id} has no EasyPost shipment to refund`);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('EasyPostCarrier.findPurchase (recovery of a purchase cut short)', () => {
  it('finds the bought shipment by our order id (its reference) and answers its label, as the purchase would have', async () => {
    const fetch = easypostAnswers({ json: bought }, { body: LABEL_PDF });
    const found = await carrier.findPurchase(request);

    expect(found).toEqual({
      state: 'bought',
      label: { tracking: '9405500105440232839154', carrierRef: SHIPMENT_ID, service: 'USPS Priority Mail', pdf: LABEL_PDF, costCents: 747 },
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`https://api.easypost.com/v2/shipments/${request.orderId}`);
    expect(init?.method).toBe('GET');
    expect(init?.headers).toEqual({ authorization: BASIC, accept: 'application/json' });
    expect(fetch.mock.calls[1]![0]).toEqual(new URL(PDF_URL));
  });

  it('answers no label when EasyPost has no shipment with that reference (404): the purchase never reached it', async () => {
    easypostAnswers({ status: 404, json: { error: { code: 'NOT_FOUND', message: 'The requested resource could not be found.', errors: [] } } });
    expect(await carrier.findPurchase(request)).toEqual({ state: 'none' });
  });

  it('answers a shipment created but not bought, dated by its created_at (its purchase may still be buying it, or died between the two calls)', async () => {
    easypostAnswers({ json: created });
    expect(await carrier.findPurchase(request)).toEqual({ state: 'started', startedAt: '2023-07-10T17:30:32.000Z' });
    easypostAnswers({ json: { ...created, created_at: undefined } });
    expect(await carrier.findPurchase(request)).toEqual({ state: 'started', startedAt: undefined });
  });

  it("answers nothing for a shipment whose reference is not this order's", async () => {
    easypostAnswers({ json: { ...bought, reference: 'someone-else' } });
    expect(await carrier.findPurchase(request)).toEqual({ state: 'none' });
  });

  it('cannot say when EasyPost fails (recovery asks again later, nothing is refunded)', async () => {
    easypostAnswers({ status: 503, body: 'upstream unavailable' });
    expect((await failure(carrier.findPurchase(request))).detail).toContain('answered HTTP 503');
  });
});

describe("EasyPostCarrier on EasyPost's own recorded answers (easypost-node cassettes, PNG labels)", () => {
  const RECORDED_ID = recordedCreatePng.id;
  /** The recorded create answer as EasyPost echoes our request for a PDF: only options.label_format differs. */
  const createdForPdf = { ...recordedCreatePng, options: { ...recordedCreatePng.options, label_format: 'PDF' } };
  /** The recorded buy answer with the postage_label EasyPost answers for label_format PDF (docs; no cassette has one). */
  const boughtPdf = {
    ...recordedBuyPng,
    postage_label: {
      ...recordedBuyPng.postage_label,
      label_file_type: 'application/pdf',
      label_url: 'https://easypost-files.s3.us-west-2.amazonaws.com/files/postage_label/20240730/e80af044eacbb34c648540530560435ed0.pdf',
      label_pdf_url: 'https://easypost-files.s3.us-west-2.amazonaws.com/files/postage_label/20240730/e80af044eacbb34c648540530560435ed0.pdf',
    },
  };
  const ground = { ...request, labelType: 'usps_ground' };

  it('refuses a shipment created for a PNG label before buying anything (the recorded create answer)', async () => {
    expect(recordedCreatePng.options.label_format).toBe('PNG');
    const fetch = easypostAnswers({ json: recordedCreatePng });
    expect((await failure(carrier.buyLabel(ground))).detail).toBe(`shipment ${RECORDED_ID} was created with label_format PNG, not PDF; not bought`);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a recorded PNG label bought anyway: "answered without a PDF label", never downloaded, its refund asked at once', async () => {
    const fetch = easypostAnswers({ json: createdForPdf }, { json: recordedBuyPng }, { json: refundAnswer });
    const err = await failure(carrier.buyLabel(ground));
    expect(err.detail).toBe(
      `buy ${RECORDED_ID} answered without a PDF label (label_file_type image/png) (shipment ${RECORDED_ID}, reference ${ground.orderId}); label refused; its refund was asked at EasyPost (refund_status submitted)`,
    );
    expect(JSON.parse(String(fetch.mock.calls[1]![1]?.body))).toEqual({ rate: { id: 'rate_1417b8ba15e0420287f0249d36bb0ef6' } });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls[2]![0]).toBe(`https://api.easypost.com/v2/shipments/${RECORDED_ID}/refund`);
    expect(fetch.mock.calls[2]![1]?.method).toBe('POST');
  });

  it('buys the recorded GroundAdvantage rate and reads the recorded tracking code and cost when the label is a PDF', async () => {
    const fetch = easypostAnswers({ json: createdForPdf }, { json: boughtPdf }, { body: LABEL_PDF });
    expect(await carrier.buyLabel(ground)).toEqual({
      tracking: '9400100110368068953228',
      carrierRef: RECORDED_ID,
      service: 'USPS Ground Advantage',
      pdf: LABEL_PDF,
      costCents: 593,
    });
    expect(String(fetch.mock.calls[2]![0])).toBe(boughtPdf.postage_label.label_pdf_url);
  });

  it('buys the recorded Priority rate ($6.90) for a Priority label, refusing it under a $6.00 ceiling', async () => {
    const fetch = easypostAnswers({ json: createdForPdf });
    expect((await failure(carrier.buyLabel(sampleLabelRequest))).detail).toBe(
      `shipment ${RECORDED_ID}: USPS Priority costs $6.90 (690 cents), above the ceiling of $6.00 (600 cents) for usps_priority; not bought`,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  const label = (carrierRef: string) => ({
    id: request.orderId,
    carrierRef,
    tracking: '9400100110368068953341',
    createdAt: '2026-09-07T15:00:00.000Z',
    labelType: 'usps_ground',
    service: 'USPS Ground Advantage',
    from: request.from,
    to: request.to,
  });

  it('refundLabel reads the recorded refund answer: submitted', async () => {
    const fetch = easypostAnswers({ json: refundAnswer });
    expect(await carrier.refundLabel(label(refundAnswer.id))).toEqual({ status: 'submitted' });
    expect(fetch.mock.calls[0]![0]).toBe(`https://api.easypost.com/v2/shipments/${refundAnswer.id}/refund`);
  });

  it('refundStatus reads a recorded bought shipment never refunded (refund_status null) as no refund asked', async () => {
    expect(recordedRetrieveBought.refund_status).toBeNull();
    easypostAnswers({ json: recordedRetrieveBought });
    expect(await carrier.refundStatus(label(recordedRetrieveBought.id))).toBeUndefined();
  });

  it('findPurchase: a recorded shipment created but never bought is started, not bought; a recorded shipment of no reference is not ours', async () => {
    const fetch = easypostAnswers({ json: recordedRetrieveUnbought }, { json: recordedRetrieveBought });
    expect(await carrier.findPurchase({ ...request, orderId: recordedRetrieveUnbought.reference })).toEqual({
      state: 'started',
      startedAt: '2024-07-30T16:12:04.000Z',
    });
    expect(fetch.mock.calls[0]![0]).toBe('https://api.easypost.com/v2/shipments/123');
    expect(await carrier.findPurchase(request)).toEqual({ state: 'none' });
    expect(fetch).toHaveBeenCalledTimes(2); // nothing downloaded
  });

  it('findPurchase: a recorded bought shipment whose label is a PNG cannot be kept (ProviderUnavailable, nothing downloaded)', async () => {
    const fetch = easypostAnswers({ json: recordedBuyPng });
    expect((await failure(carrier.findPurchase({ ...request, orderId: recordedBuyPng.reference }))).detail).toBe(
      `shipment ${RECORDED_ID} answered without a PDF label (label_file_type image/png)`,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
