/**
 * The EasyPost carrier against EasyPost's own recorded answers (the `recorded-*` cassette answers
 * of its official Node client) and, for a PDF label, which no recording has, answers in the shape
 * of EasyPost's documented examples (test/fixtures/easypost/README.md says which is which). The
 * carrier talks through EasyPost's client to a stand-in EasyPost on 127.0.0.1 that serves those
 * answers; the label file download's `fetch` is stubbed: no network. Each test asserts the requests
 * we send: paths, Basic auth with the key as user name, JSON bodies.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { serviceOf } from '../../../../domain/postage/services';
import { useEasyPostStandIn, type Asked } from '../../../fixtures/easypost/stand-in';
import { sampleLabelRequest } from '../../../fixtures/label-order';

const API_KEY = 'EZTK_never_log_me_0123456789abcdef';
const BASIC = `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`;
const LABEL_PDF = new Uint8Array(readFileSync(new URL('../../../fixtures/easypost/label.pdf', import.meta.url)));
const SHIPMENT_ID = created.id;
const PDF_URL = bought.postage_label.label_pdf_url;

const easypost = useEasyPostStandIn();
const easypostAnswers = easypost.answers;
let carrier: EasyPostCarrier;
afterEach(() => void vi.restoreAllMocks());
// EASYPOST_API_URL with a trailing slash: it is ignored.
beforeAll(() => void (carrier = new EasyPostCarrier({ apiKey: API_KEY, apiUrl: `${easypost.url()}/` })));

/**
 * A customer price above the recorded rates (USPS Priority $7.47, GroundAdvantage $8.92), so the
 * ceiling (by default our price) lets them through; the ceiling's own tests lower it.
 */
const request = { ...sampleLabelRequest, priceCents: 1000 };

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

describe('EasyPostCarrier.quote', () => {
  const BOX_ID = 'shp_0b0c0d0e0f101112131415161718191a';
  /** The recorded shipment made for the Medium Flat Rate Box: its own id, and its Priority rate at $16.10. */
  const boxShipment = {
    ...created,
    id: BOX_ID,
    rates: created.rates.filter((r) => r.service === 'Priority').map((r, i) => ({ ...r, id: `rate_box${i}`, rate: '16.10', shipment_id: BOX_ID })),
  };
  const referenceOf = (r: Asked) => (JSON.parse(r.body) as { shipment: { reference: string } }).shipment.reference;

  it('creates one shipment for the parcel and one per Flat Rate package side by side, each service answered from its own', async () => {
    // The parcel's shipment is answered last although asked first: each answer goes to its own call.
    const byReference = (r: Asked) => (referenceOf(r).endsWith('-parcel') ? { json: created, delayMs: 50 } : { json: boxShipment });
    const asked = easypostAnswers(byReference, byReference);
    const rates = await carrier.quote({
      reference: 'q_01',
      parcel: { weightLb: 2.5, lengthIn: 12, widthIn: 8, heightIn: 4 },
      from: request.from,
      to: request.to,
      shipDate: request.shipDate,
      services: [serviceOf('usps_priority_mail'), serviceOf('usps_priority_fr_medium_box'), serviceOf('usps_priority_mail_cubic')],
    });

    expect(asked.map((r) => [r.method, r.url, referenceOf(r)]).sort()).toEqual([
      ['POST', '/v2/shipments', 'q_01-MediumFlatRateBox'],
      ['POST', '/v2/shipments', 'q_01-parcel'],
    ]);
    expect(rates).toEqual([
      {
        service: 'usps_priority_mail',
        offered: true,
        costCents: 747,
        deliveryDays: 2,
        deliveryDate: null,
        shipmentId: SHIPMENT_ID,
        rateId: 'rate_22ca9cdf88be4b5da8e91b051e673534',
      },
      { service: 'usps_priority_fr_medium_box', offered: true, costCents: 1610, deliveryDays: 2, deliveryDate: null, shipmentId: BOX_ID, rateId: 'rate_box0' },
      { service: 'usps_priority_mail_cubic', offered: false, reason: 'EasyPost prices Cubic within the Priority Mail and Ground Advantage rates.' },
    ]);
  });
});

describe('EasyPostCarrier.buyLabel', () => {
  it('asks the purchase before create and before buy (its lease renewal), and a purchase that says stop makes nothing more', async () => {
    const asked = happyPath();
    const seen: [string, number][] = [];
    await carrier.buyLabel(request, async (step) => void seen.push([step, asked.length]));
    expect(seen).toEqual([
      ['create', 0],
      ['buy', 1],
    ]);

    const again = happyPath();
    const lost = new Error('lease lost');
    await expect(carrier.buyLabel(request, async (step) => (step === 'buy' ? Promise.reject(lost) : undefined))).rejects.toBe(lost);
    // The shipment was created, never bought.
    expect(again).toHaveLength(1);
  });

  it('creates the shipment, buys the cheapest USPS Priority rate, downloads the PDF', async () => {
    const asked = happyPath();
    // Company, second street line and phone go by EasyPost's names; the recipient's are left out when not given.
    const from = { ...request.from, company: 'Shipper Co', street2: 'Suite 500', phone: '4155550100' };
    const label = await carrier.buyLabel({ ...request, from });

    expect(label).toEqual({
      tracking: '9405500105440232839154',
      carrierRef: SHIPMENT_ID,
      service: 'USPS Priority Mail',
      pdf: LABEL_PDF,
      // The selected rate's "7.47", in cents.
      costCents: 747,
    });
    expect(asked).toHaveLength(3);

    const [create, buy, download] = asked;
    expect(create!.url).toBe('/v2/shipments');
    expect(create!.method).toBe('POST');
    expect(create!.headers).toMatchObject({ authorization: BASIC, accept: 'application/json', 'content-type': 'application/json' });
    expect(JSON.parse(create!.body)).toEqual({
      shipment: {
        reference: '01JBQ7Y3K5N6P8R9S0T1V2W3X4',
        to_address: { name: 'Dr. Steve Brule', street1: '179 N Harbor Dr', city: 'Redondo Beach', state: 'CA', zip: '90277', country: 'US' },
        from_address: {
          name: 'Ann Shipper',
          company: 'Shipper Co',
          street1: '417 Montgomery Street',
          street2: 'Suite 500',
          city: 'San Francisco',
          state: 'CA',
          zip: '94104',
          country: 'US',
          phone: '4155550100',
        },
        parcel: { weight: 40, length: 12, width: 8, height: 4 },
        // The ship date (sampleLabelRequest's 2026-09-07) printed on the label: noon UTC, that day in every US zone.
        options: { label_format: 'PDF', label_date: '2026-09-07T12:00:00Z' },
      },
    });

    expect(buy!.url).toBe(`/v2/shipments/${SHIPMENT_ID}/buy`);
    expect(buy!.method).toBe('POST');
    expect(buy!.headers).toMatchObject({ authorization: BASIC, accept: 'application/json', 'content-type': 'application/json' });
    // Two USPS Priority rates (7.47 and 9.10 on two accounts): the cheaper one.
    expect(JSON.parse(buy!.body)).toEqual({ rate: { id: 'rate_22ca9cdf88be4b5da8e91b051e673534' } });

    expect(download!.url).toBe(PDF_URL);
    expect(download!.method).toBe('GET');
    expect(download!.headers).toBeUndefined(); // the key never goes to the file host
  });

  it('buys GroundAdvantage for the Ground Advantage service', async () => {
    const boughtGround = {
      ...bought,
      selected_rate: { ...bought.selected_rate, id: 'rate_e4df015173864a1a8c4e2144e2eeb055', service: 'GroundAdvantage', rate: '8.92' },
    };
    const asked = easypostAnswers({ json: created }, { json: boughtGround }, { body: LABEL_PDF });
    const label = await carrier.buyLabel({ ...request, labelType: 'usps_ground', serviceId: 'usps_ground_advantage' });
    expect(label.service).toBe('USPS Ground Advantage');
    expect(label.costCents).toBe(892);
    expect(JSON.parse(asked[1]!.body)).toEqual({ rate: { id: 'rate_e4df015173864a1a8c4e2144e2eeb055' } });
  });

  it("sends a Flat Rate service's predefined package with the weight, never the dimensions, and buys its Priority rate", async () => {
    const asked = happyPath();
    expect((await carrier.buyLabel({ ...request, labelType: 'priority', serviceId: 'usps_priority_fr_medium_box' })).service).toBe(
      'USPS Priority Mail Flat Rate Medium Box',
    );
    expect(JSON.parse(asked[0]!.body).shipment.parcel).toEqual({ predefined_package: 'MediumFlatRateBox', weight: 40 });
    expect(JSON.parse(asked[1]!.body)).toEqual({ rate: { id: 'rate_22ca9cdf88be4b5da8e91b051e673534' } });
  });

  it("buys a quote's own shipment and rate, creating no second shipment", async () => {
    const asked = easypostAnswers({ json: bought }, { body: LABEL_PDF });
    const label = await carrier.buyLabel({ ...request, quoted: { shipmentId: bought.id, rateId: 'rate_22ca9cdf88be4b5da8e91b051e673534' } });
    expect(label.carrierRef).toBe(bought.id);
    expect(asked).toHaveLength(2);
    expect(asked[0]!.url).toBe(`/v2/shipments/${bought.id}/buy`);
    expect(JSON.parse(asked[0]!.body)).toEqual({ rate: { id: 'rate_22ca9cdf88be4b5da8e91b051e673534' } });
  });

  it('sends the weight in ounces and dimensions in inches with one decimal', async () => {
    const asked = happyPath();
    await carrier.buyLabel({ ...request, weightLb: 0.33, lengthIn: 10.26, widthIn: 6.04, heightIn: 0.01 });
    expect(JSON.parse(asked[0]!.body).shipment.parcel).toEqual({ weight: 5.3, length: 10.3, width: 6, height: 0.1 });
  });

  it('gives each call 15 seconds: an EasyPost call that hangs fails then, and the download gets the same', async () => {
    expect(EASYPOST_TIMEOUT_MS).toBe(15_000);
    easypostAnswers({ hang: true });
    const err = await failure(easypost.afterHanging(EASYPOST_TIMEOUT_MS, () => carrier.buyLabel(request)));
    expect(err.detail).toBe('POST /v2/shipments failed: Error: Timeout of 15000ms exceeded');

    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const asked = happyPath();
    await carrier.buyLabel(request);
    expect(timeout.mock.calls).toEqual([[15_000]]);
    expect(asked[2]!.signal).toBe(timeout.mock.results[0]?.value);
  });

  it('uses label_url when the label file type is PDF and label_pdf_url is empty', async () => {
    const pdfOnlyInLabelUrl = { ...bought, postage_label: { ...bought.postage_label, label_pdf_url: null } };
    const asked = easypostAnswers({ json: created }, { json: pdfOnlyInLabelUrl }, { body: LABEL_PDF });
    await carrier.buyLabel(request);
    expect(asked[2]!.url).toBe(bought.postage_label.label_url);
  });
});

describe("EasyPostCarrier sends a label's extras as EasyPost's documented shipment options (docs.easypost.com/docs/options)", () => {
  const extras = { labelText: ['Order #1042', 'Fragile: glass'], signature: 'adult', insuredValueCents: 24_999 } as const;

  it('creates the shipment with delivery_confirmation and print_custom_1/2, and buys it with EasyPost insurance for the declared value in dollars', async () => {
    const asked = happyPath();
    await carrier.buyLabel({ ...request, priceCents: 2_000, extras: { ...extras, labelText: [...extras.labelText] } });
    expect(JSON.parse(asked[0]!.body).shipment.options).toEqual({
      label_format: 'PDF',
      label_date: '2026-09-07T12:00:00Z',
      delivery_confirmation: 'ADULT_SIGNATURE',
      print_custom_1: 'Order #1042',
      print_custom_2: 'Fragile: glass',
    });
    expect(JSON.parse(asked[1]!.body)).toEqual({ rate: { id: 'rate_22ca9cdf88be4b5da8e91b051e673534' }, insurance: 249.99 });
  });

  it("rates a quote's shipments with the same options, so the shipment a purchase buys carries them", async () => {
    const asked = easypostAnswers({ json: created });
    await carrier.quote({
      reference: 'q_02',
      parcel: { weightLb: 2.5, lengthIn: 12, widthIn: 8, heightIn: 4 },
      from: request.from,
      to: request.to,
      shipDate: request.shipDate,
      services: [serviceOf('usps_priority_mail')],
      extras: { labelText: ['Memo'], signature: 'signature', insuredValueCents: 0 },
    });
    expect(JSON.parse(asked[0]!.body).shipment.options).toEqual({
      label_format: 'PDF',
      label_date: '2026-09-07T12:00:00Z',
      delivery_confirmation: 'SIGNATURE',
      print_custom_1: 'Memo',
    });
  });

  it("buys a quote's shipment with insurance, and sends none for a label that is not insured", async () => {
    const asked = easypostAnswers({ json: bought }, { body: LABEL_PDF });
    const quoted = { shipmentId: bought.id, rateId: 'rate_22ca9cdf88be4b5da8e91b051e673534' };
    await carrier.buyLabel({ ...request, quoted, extras: { labelText: [], signature: 'none', insuredValueCents: 10_000 } });
    expect(JSON.parse(asked[0]!.body)).toEqual({ rate: { id: quoted.rateId }, insurance: 100 });

    const plain = easypostAnswers({ json: bought }, { body: LABEL_PDF });
    await carrier.buyLabel({ ...request, quoted, extras: { labelText: ['A'], signature: 'none', insuredValueCents: 0 } });
    expect(JSON.parse(plain[0]!.body)).toEqual({ rate: { id: quoted.rateId } });
  });

  it("leaves the insurance's part of our price out of the rate's default ceiling: EasyPost charges insurance apart", async () => {
    const asked = easypostAnswers({ json: created });
    // $8.00 of price of which $0.80 is insurance: at most $7.20 for the $7.47 rate.
    const insured = { labelText: [], signature: 'none', insuredValueCents: 10_000 } as const;
    expect((await failure(carrier.buyLabel({ ...request, priceCents: 800, insuranceCents: 80, extras: { ...insured, labelText: [] } }))).detail).toContain(
      'above the ceiling of $7.20',
    );
    expect(asked).toHaveLength(1);
  });

  it("raises a configured postage ceiling by the signature's USPS fee, which EasyPost's rate includes", async () => {
    const strict = new EasyPostCarrier({ apiKey: API_KEY, apiUrl: easypost.url(), costCeilings: { usps_priority: 400 } });
    happyPath();
    // $4.00 of postage plus Adult Signature's $10.20 covers the $7.47 rate.
    expect((await strict.buyLabel({ ...request, extras: { labelText: [], signature: 'adult', insuredValueCents: 0 } })).costCents).toBe(747);
    easypostAnswers({ json: created });
    expect((await failure(strict.buyLabel(request))).detail).toContain('above the ceiling of $4.00');
  });
});

describe('EasyPostCarrier makes a return label as EasyPost documents it (docs.easypost.com/docs/returns)', () => {
  // A return holds its addresses as printed: from the outbound's recipient back to its shipper.
  const returned = { ...request, from: request.to, to: request.from, isReturn: true };

  it("creates the shipment with is_return: true and the outbound's addresses in their places, which EasyPost swaps", async () => {
    const asked = happyPath();
    await carrier.buyLabel(returned);
    const shipment = JSON.parse(asked[0]!.body).shipment;
    expect(shipment.is_return).toBe(true);
    expect(shipment.to_address).toMatchObject({ name: request.to.name, zip: request.to.zip });
    expect(shipment.from_address).toMatchObject({ name: request.from.name, zip: request.from.zip });
  });

  it("rates a return quote's shipments as a return, and an outbound's without is_return", async () => {
    const quote = (isReturn: boolean) =>
      carrier.quote({
        reference: 'q_ret',
        parcel: { weightLb: 2.5, lengthIn: 12, widthIn: 8, heightIn: 4 },
        from: isReturn ? request.to : request.from,
        to: isReturn ? request.from : request.to,
        shipDate: request.shipDate,
        services: [serviceOf('usps_priority_mail')],
        ...(isReturn ? { isReturn } : {}),
      });
    const asked = easypostAnswers({ json: created });
    await quote(true);
    expect(JSON.parse(asked[0]!.body).shipment).toMatchObject({
      is_return: true,
      to_address: { name: request.to.name },
      from_address: { name: request.from.name },
    });
    const outbound = easypostAnswers({ json: created });
    await quote(false);
    expect(JSON.parse(outbound[0]!.body).shipment).not.toHaveProperty('is_return');
    expect(JSON.parse(outbound[0]!.body).shipment).toMatchObject({ to_address: { name: request.to.name }, from_address: { name: request.from.name } });
  });
});

describe('EasyPostCarrier failures are ProviderUnavailable without the key', () => {
  it('an EasyPost error answer (recorded), with its code and field messages in the detail', async () => {
    const asked = easypostAnswers({ status: 422, json: recordedError });
    const err = await failure(carrier.buyLabel(request));
    expect(err.detail).toBe('POST /v2/shipments answered HTTP 422: PARAMETER.REQUIRED: Missing required parameter. (shipment: cannot be blank)');
    expect(asked).toHaveLength(1); // nothing bought
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
    easypostAnswers({ drop: true });
    expect((await failure(carrier.buyLabel(request))).detail).toBe('POST /v2/shipments failed: Error: socket hang up');
    easypostAnswers({ hang: true });
    expect((await failure(easypost.afterHanging(EASYPOST_TIMEOUT_MS, () => carrier.buyLabel(request)))).detail).toContain(
      'POST /v2/shipments failed: Error: Timeout',
    );
  });

  it("an error answer that is not JSON (a proxy's page) with its status and text", async () => {
    easypostAnswers({ status: 502, body: '<html>bad gateway</html>' });
    expect((await failure(carrier.buyLabel(request))).detail).toBe('POST /v2/shipments answered HTTP 502: <html>bad gateway</html>');
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
    const asked = easypostAnswers({ json: noPriority });
    const err = await failure(carrier.buyLabel(request));
    expect(err.detail).toContain('no USPS Priority rate');
    expect(err.detail).toContain('USPS GroundAdvantage');
    expect(err.detail).toContain('USPS: Priority unavailable');
    expect(asked).toHaveLength(1);
  });

  it('a buy that fails (nothing bought, nothing to refund)', async () => {
    const asked = easypostAnswers({ json: created }, { status: 402, json: { error: { code: 'PAYMENT.INSUFFICIENT_FUNDS', message: 'Insufficient funds' } } });
    expect((await failure(carrier.buyLabel(request))).detail).toContain(`POST /v2/shipments/${SHIPMENT_ID}/buy answered HTTP 402`);
    expect(asked).toHaveLength(2);
  });

  it('a bought label without tracking code: refused, and its refund asked at EasyPost', async () => {
    const asked = easypostAnswers({ json: created }, { json: { ...bought, tracking_code: null } }, { json: refundAnswer });
    expect((await failure(carrier.buyLabel(request))).detail).toBe(
      `buy ${SHIPMENT_ID} answered without a usable tracking_code (shipment ${SHIPMENT_ID}, reference ${request.orderId}); label refused; its refund was asked at EasyPost (refund_status submitted)`,
    );
    expect(asked[2]!.url).toBe(`/v2/shipments/${SHIPMENT_ID}/refund`);
  });

  it('a label download that fails, is not https, or is not a PDF: refused, and its refund asked at EasyPost', async () => {
    const refunded = '; label refused; its refund was asked at EasyPost (refund_status submitted)';
    let asked = easypostAnswers({ json: created }, { json: bought }, { status: 403, body: 'AccessDenied' }, { json: refundAnswer });
    const denied = (await failure(carrier.buyLabel(request))).detail;
    expect(denied).toMatch(/label of shp_\w+ \(easypost-files\.s3\.us-west-2\.amazonaws\.com\/files\/.*\) answered HTTP 403/);
    expect(denied.endsWith(refunded)).toBe(true);
    expect(asked[3]!.url).toBe(`/v2/shipments/${SHIPMENT_ID}/refund`);
    asked = easypostAnswers({ json: created }, { json: bought }, { body: '<html>not a pdf</html>' }, { json: refundAnswer });
    expect((await failure(carrier.buyLabel(request))).detail).toContain(`is not a PDF (shipment ${SHIPMENT_ID}`);
    expect(asked).toHaveLength(4);
    const http = { ...bought, postage_label: { ...bought.postage_label, label_pdf_url: 'http://easypost-files.example/l.pdf' } };
    asked = easypostAnswers({ json: created }, { json: http }, { json: refundAnswer });
    expect((await failure(carrier.buyLabel(request))).detail).toContain('non-https');
    expect(asked).toHaveLength(3);
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
    easypostAnswers({ hang: true });
    expect(await refusedWith(easypost.afterHanging(EASYPOST_TIMEOUT_MS, () => carrier.buyLabel(request)))).toBe(true);
    easypostAnswers({ drop: true });
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
    // The status is the refusal, whatever the body: a proxy's page in front of EasyPost.
    easypostAnswers({ json: created }, { status: 400, body: '<html>Bad Request</html>' });
    expect(await refusedWith(carrier.buyLabel(request))).toBe(true);
  });

  it('a buy that timed out, lost its connection, or answered 5xx, 408 or 409 may have sold the label: not a refusal', async () => {
    easypostAnswers({ json: created }, { hang: true });
    expect(await refusedWith(easypost.afterHanging(EASYPOST_TIMEOUT_MS, () => carrier.buyLabel(request)))).toBe(false);
    easypostAnswers({ json: created }, { drop: true });
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
    const asked = easypostAnswers({ json: created });
    // Our price for 2.5 lb USPS Priority: $6.00; EasyPost's cheapest Priority rate: $7.47.
    const err = await failure(carrier.buyLabel(sampleLabelRequest));
    expect(sampleLabelRequest.priceCents).toBe(600);
    expect(err.detail).toBe(
      `shipment ${SHIPMENT_ID}: USPS Priority costs $7.47 (747 cents), above the ceiling of $6.00 (600 cents) for usps_priority; not bought`,
    );
    expect(asked).toHaveLength(1); // no buy call
  });

  it('buys at exactly the ceiling', async () => {
    const asked = happyPath();
    expect((await carrier.buyLabel({ ...request, priceCents: 747 })).costCents).toBe(747);
    expect(asked).toHaveLength(3);
  });

  it('takes a configured ceiling per label type over our price, both ways', async () => {
    const generous = new EasyPostCarrier({ apiKey: API_KEY, apiUrl: easypost.url(), costCeilings: { usps_priority: 800 } });
    happyPath();
    expect((await generous.buyLabel(sampleLabelRequest)).costCents).toBe(747);

    const strict = new EasyPostCarrier({ apiKey: API_KEY, apiUrl: easypost.url(), costCeilings: { usps_priority: 700 } });
    const asked = easypostAnswers({ json: created });
    expect((await failure(strict.buyLabel(request))).detail).toContain('costs $7.47 (747 cents), above the ceiling of $7.00 (700 cents) for usps_priority');
    expect(asked).toHaveLength(1);

    // Another type keeps its own default: our price.
    easypostAnswers({ json: created });
    expect((await failure(strict.buyLabel({ ...request, labelType: 'usps_ground', serviceId: 'usps_ground_advantage', priceCents: 500 }))).detail).toContain(
      'USPS GroundAdvantage costs $8.92 (892 cents), above the ceiling of $5.00 (500 cents) for usps_ground',
    );
  });

  it('reads a float-looking rate as whole cents on its text: "7.3500000001" is 735 cents, "7.355" is 736', async () => {
    const asked = easypostAnswers({ json: priorityAt('7.3500000001') }, { json: boughtAs({ rate: '7.3500000001' }) }, { body: LABEL_PDF });
    expect((await carrier.buyLabel({ ...request, priceCents: 735 })).costCents).toBe(735);
    expect(JSON.parse(asked[1]!.body)).toEqual({ rate: { id: 'rate_22ca9cdf88be4b5da8e91b051e673534' } });

    easypostAnswers({ json: priorityAt('7.355') });
    expect((await failure(carrier.buyLabel({ ...request, priceCents: 735 }))).detail).toContain('costs $7.36 (736 cents), above the ceiling of $7.35');
  });

  it('chooses the cheaper rate by cents, and skips a rate whose cost it cannot read', async () => {
    // "7.10" < "7.9" as cents (710 < 790) though not as text; "seven" and "-1" are no prices.
    const asked = easypostAnswers(
      { json: priorityAt('7.9', '7.10') },
      { json: boughtAs({ id: 'rate_9f1c2d3e4b5a69788796a5b4c3d2e1f0', rate: '7.10' }) },
      {
        body: LABEL_PDF,
      },
    );
    expect((await carrier.buyLabel(request)).costCents).toBe(710);
    expect(JSON.parse(asked[1]!.body)).toEqual({ rate: { id: 'rate_9f1c2d3e4b5a69788796a5b4c3d2e1f0' } });

    for (const unreadable of ['seven', '-1', '']) {
      const only = { ...created, rates: created.rates.map((r) => (r.service === 'Priority' ? { ...r, rate: unreadable } : r)) };
      const refused = easypostAnswers({ json: only });
      expect((await failure(carrier.buyLabel(request))).detail).toContain('no USPS Priority rate');
      expect(refused).toHaveLength(1);
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
      const asked = easypostAnswers({ json: created }, { json: boughtAs(selected) }, { json: refundAnswer });
      const err = await failure(carrier.buyLabel(request));
      expect(err.detail).toBe(`${what} ${got}, not USPS Priority at most $10.00; label refused; its refund was asked at EasyPost (refund_status submitted)`);
      expect(asked).toHaveLength(3);
      expect(asked[2]!.url).toBe(`/v2/shipments/${SHIPMENT_ID}/refund`);
      expect(asked[2]!.method).toBe('POST');
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

  it("asks for the refund with a POST of no parameters to the shipment's refund and reads refund_status: submitted", async () => {
    const asked = easypostAnswers({ json: refundAnswer });

    expect(await carrier.refundLabel(label)).toEqual({ status: 'submitted' });
    expect(asked[0]!.url).toBe(`/v2/shipments/${SHIPMENT_ID}/refund`);
    expect(asked[0]!.method).toBe('POST');
    expect(asked[0]!.headers).toMatchObject({ authorization: BASIC, accept: 'application/json' });
    // EasyPost's client sends no parameters as an empty JSON object.
    expect(asked[0]!.body).toBe('{}');
  });

  it('polls the shipment: refunded, rejected and not_applicable (rejected) with a reason, and undefined before any request', async () => {
    const asked = easypostAnswers(
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
    expect(asked[0]!.url).toBe(`/v2/shipments/${SHIPMENT_ID}`);
    expect(asked[0]!.method).toBe('GET');
  });

  it('cannot say when EasyPost fails, answers a refund without refund_status, or an unknown one (ProviderUnavailable, no key)', async () => {
    easypostAnswers({ status: 422, json: recordedError }, { json: withStatus(null) }, { json: withStatus('lost_in_the_mail') });
    expect((await failure(carrier.refundLabel(label))).detail).toContain(`POST /v2/shipments/${SHIPMENT_ID}/refund answered HTTP 422`);
    expect((await failure(carrier.refundLabel(label))).detail).toBe(`refund ${SHIPMENT_ID} answered without a refund_status`);
    expect((await failure(carrier.refundStatus(label))).detail).toBe(`shipment ${SHIPMENT_ID} answered an unknown refund_status lost_in_the_mail`);
  });

  it('refuses an order without an EasyPost shipment before calling anything', async () => {
    const asked = easypostAnswers();
    await expect(carrier.refundLabel({ ...label, carrierRef: 'sandbox_x' })).rejects.toThrow(`order ${label.id} has no EasyPost shipment to refund`);
    expect(asked).toHaveLength(0);
  });
});

describe('EasyPostCarrier.findPurchase (recovery of a purchase cut short)', () => {
  it('finds the bought shipment by our order id (its reference) and answers its label, as the purchase would have', async () => {
    const asked = easypostAnswers({ json: bought }, { body: LABEL_PDF });
    const found = await carrier.findPurchase(request);

    expect(found).toEqual({
      state: 'bought',
      label: { tracking: '9405500105440232839154', carrierRef: SHIPMENT_ID, service: 'USPS Priority Mail', pdf: LABEL_PDF, costCents: 747 },
    });
    expect(asked[0]!.url).toBe(`/v2/shipments/${request.orderId}`);
    expect(asked[0]!.method).toBe('GET');
    expect(asked[0]!.headers).toMatchObject({ authorization: BASIC, accept: 'application/json' });
    expect(asked[0]!.body).toBe('');
    expect(asked[1]!.url).toBe(PDF_URL);
  });

  it('puts the reference in the path URL-encoded (EasyPost takes a reference for an id)', async () => {
    const asked = easypostAnswers({ status: 404, json: recordedErrorNotFound });
    expect(await carrier.findPurchase({ ...request, orderId: 'a/b?c=d' })).toEqual({ state: 'none' });
    expect(asked[0]!.url).toBe('/v2/shipments/a%2Fb%3Fc%3Dd');
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
  const ground = { ...request, labelType: 'usps_ground', serviceId: 'usps_ground_advantage' as const };

  it('refuses a shipment created for a PNG label before buying anything (the recorded create answer)', async () => {
    expect(recordedCreatePng.options.label_format).toBe('PNG');
    const asked = easypostAnswers({ json: recordedCreatePng });
    expect((await failure(carrier.buyLabel(ground))).detail).toBe(`shipment ${RECORDED_ID} was created with label_format PNG, not PDF; not bought`);
    expect(asked).toHaveLength(1);
  });

  it('a recorded PNG label bought anyway: "answered without a PDF label", never downloaded, its refund asked at once', async () => {
    const asked = easypostAnswers({ json: createdForPdf }, { json: recordedBuyPng }, { json: refundAnswer });
    const err = await failure(carrier.buyLabel(ground));
    expect(err.detail).toBe(
      `buy ${RECORDED_ID} answered without a PDF label (label_file_type image/png) (shipment ${RECORDED_ID}, reference ${ground.orderId}); label refused; its refund was asked at EasyPost (refund_status submitted)`,
    );
    expect(JSON.parse(asked[1]!.body)).toEqual({ rate: { id: 'rate_1417b8ba15e0420287f0249d36bb0ef6' } });
    expect(asked).toHaveLength(3);
    expect(asked[2]!.url).toBe(`/v2/shipments/${RECORDED_ID}/refund`);
    expect(asked[2]!.method).toBe('POST');
  });

  it('buys the recorded GroundAdvantage rate and reads the recorded tracking code and cost when the label is a PDF', async () => {
    const asked = easypostAnswers({ json: createdForPdf }, { json: boughtPdf }, { body: LABEL_PDF });
    expect(await carrier.buyLabel(ground)).toEqual({
      tracking: '9400100110368068953228',
      carrierRef: RECORDED_ID,
      service: 'USPS Ground Advantage',
      pdf: LABEL_PDF,
      costCents: 593,
    });
    expect(asked[2]!.url).toBe(boughtPdf.postage_label.label_pdf_url);
  });

  it('buys the recorded Priority rate ($6.90) for a Priority label, refusing it under a $6.00 ceiling', async () => {
    const asked = easypostAnswers({ json: createdForPdf });
    expect((await failure(carrier.buyLabel(sampleLabelRequest))).detail).toBe(
      `shipment ${RECORDED_ID}: USPS Priority costs $6.90 (690 cents), above the ceiling of $6.00 (600 cents) for usps_priority; not bought`,
    );
    expect(asked).toHaveLength(1);
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
    const asked = easypostAnswers({ json: refundAnswer });
    expect(await carrier.refundLabel(label(refundAnswer.id))).toEqual({ status: 'submitted' });
    expect(asked[0]!.url).toBe(`/v2/shipments/${refundAnswer.id}/refund`);
  });

  it('refundStatus reads a recorded bought shipment never refunded (refund_status null) as no refund asked', async () => {
    expect(recordedRetrieveBought.refund_status).toBeNull();
    easypostAnswers({ json: recordedRetrieveBought });
    expect(await carrier.refundStatus(label(recordedRetrieveBought.id))).toBeUndefined();
  });

  it('findPurchase: a recorded shipment created but never bought is started, not bought; a recorded shipment of no reference is not ours', async () => {
    const asked = easypostAnswers({ json: recordedRetrieveUnbought }, { json: recordedRetrieveBought });
    expect(await carrier.findPurchase({ ...request, orderId: recordedRetrieveUnbought.reference })).toEqual({
      state: 'started',
      startedAt: '2024-07-30T16:12:04.000Z',
    });
    expect(asked[0]!.url).toBe('/v2/shipments/123');
    expect(await carrier.findPurchase(request)).toEqual({ state: 'none' });
    expect(asked).toHaveLength(2); // nothing downloaded
  });

  it('findPurchase: a recorded bought shipment whose label is a PNG cannot be kept (ProviderUnavailable, nothing downloaded)', async () => {
    const asked = easypostAnswers({ json: recordedBuyPng });
    expect((await failure(carrier.findPurchase({ ...request, orderId: recordedBuyPng.reference }))).detail).toBe(
      `shipment ${RECORDED_ID} answered without a PDF label (label_file_type image/png)`,
    );
    expect(asked).toHaveLength(1);
  });
});
