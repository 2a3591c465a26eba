/**
 * The EasyPost carrier's SCAN forms and pickups against EasyPost's own recorded answers (the
 * ScanForm and Pickup cassettes of its official Node client: test/fixtures/easypost/README.md),
 * through its client to the stand-in EasyPost on 127.0.0.1; the form file's download is served by
 * the stand-in too. Each test asserts the requests we send and what we make of the answers.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProviderUnavailable } from '../../../../functions/errors';
import type { PickupRequest, ScanFormRequest } from '../../../../functions/providers/carrier/carrier';
import { EasyPostCarrier } from '../../../../functions/providers/carrier/easypost-carrier';
import scanFormCreated from '../../../fixtures/easypost/recorded-scanform-created.json';
import pickupCreated from '../../../fixtures/easypost/recorded-pickup-created.json';
import pickupBought from '../../../fixtures/easypost/recorded-pickup-bought.json';
import pickupCanceled from '../../../fixtures/easypost/recorded-pickup-canceled.json';
import recordedError from '../../../fixtures/easypost/recorded-error-parameter-required.json';
import { useEasyPostStandIn } from '../../../fixtures/easypost/stand-in';
import { sampleLabelRequest } from '../../../fixtures/label-order';

const API_KEY = 'EZTK_never_log_me_0123456789abcdef';
const BASIC = `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`;
const FORM_PDF = new Uint8Array(readFileSync(new URL('../../../fixtures/easypost/label.pdf', import.meta.url)));

const easypost = useEasyPostStandIn();
let carrier: EasyPostCarrier;
beforeAll(() => void (carrier = new EasyPostCarrier({ apiKey: API_KEY, apiUrl: easypost.url() })));

/** The recorded form's one label: its tracking code, on a shipment of ours. */
const TRACKING = scanFormCreated.tracking_codes[0]!;
const formRequest: ScanFormRequest = {
  formId: '01JBQ7Y3K5N6P8R9S0T1V2W3X4',
  shipDate: '2024-07-30',
  from: sampleLabelRequest.from,
  labels: [{ orderId: '01JBQ7Y3K5N6P8R9S0T1V2W3X5', tracking: TRACKING, carrierRef: 'shp_f169ca22aa4f474899d5f58c7d337356' }],
};

async function failure(promise: Promise<unknown>): Promise<ProviderUnavailable> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderUnavailable);
  const unavailable = err as ProviderUnavailable;
  expect(`${unavailable.message} ${unavailable.detail}`).not.toContain(API_KEY);
  return unavailable;
}

describe('EasyPostCarrier.makeScanForm', () => {
  it('makes a ScanForm of the shipments and downloads its form_url PDF', async () => {
    const asked = easypost.answers({ json: scanFormCreated }, { body: FORM_PDF });
    const made = await carrier.makeScanForm(formRequest);
    expect(made).toEqual({ carrierRef: scanFormCreated.id, trackingNumbers: [TRACKING], pdf: FORM_PDF });
    const [create, download] = asked;
    expect(create).toMatchObject({ method: 'POST', url: '/v2/scan_forms' });
    expect(create!.headers).toMatchObject({ authorization: BASIC });
    // The library sends the shipments by id only (as its recording does).
    expect(JSON.parse(create!.body)).toEqual({ scan_form: { shipments: [{ id: 'shp_f169ca22aa4f474899d5f58c7d337356' }] } });
    expect(download).toMatchObject({ method: 'GET', url: scanFormCreated.form_url });
    expect(download!.headers).toBeUndefined();
  });

  it('reads a form still being made again until it is made', async () => {
    const creating = { ...scanFormCreated, status: 'creating', form_url: null };
    const asked = easypost.answers({ json: creating }, { json: scanFormCreated }, { body: FORM_PDF });
    const made = await carrier.makeScanForm(formRequest);
    expect(made.carrierRef).toBe(scanFormCreated.id);
    expect(asked[1]).toMatchObject({ method: 'GET', url: `/v2/scan_forms/${scanFormCreated.id}` });
  });

  it('refuses a form that leaves out a label, a failed form and an EasyPost error', async () => {
    easypost.answers({ json: { ...scanFormCreated, tracking_codes: [] } });
    expect((await failure(carrier.makeScanForm(formRequest))).detail).toContain(`leaves out ${TRACKING}`);
    easypost.answers({ json: { ...scanFormCreated, status: 'failed', message: 'Shipment already on a form' } });
    expect((await failure(carrier.makeScanForm(formRequest))).detail).toContain('is failed: Shipment already on a form');
    easypost.answers({ status: 422, json: recordedError });
    expect((await failure(carrier.makeScanForm(formRequest))).detail).toContain('POST /v2/scan_forms answered HTTP 422');
  });
});

const pickupRequest: PickupRequest = {
  pickupId: '01JBQ7Y3K5N6P8R9S0T1V2W3X6',
  date: '2024-08-01',
  windowStart: '09:00',
  windowEnd: '17:00',
  address: sampleLabelRequest.from,
  instructions: 'Pickup at front door',
  labels: [
    { orderId: '01JBQ7Y3K5N6P8R9S0T1V2W3X5', tracking: '9400100110368068952870', carrierRef: 'shp_f15bccbd66504887883a528ed7a0bc14' },
    { orderId: '01JBQ7Y3K5N6P8R9S0T1V2W3X7', tracking: '9400100110368068952871', carrierRef: 'shp_f15bccbd66504887883a528ed7a0bc15' },
  ],
};

describe('EasyPostCarrier.bookPickup', () => {
  it("creates the pickup, buys its free USPS rate and answers EasyPost's confirmation", async () => {
    const asked = easypost.answers({ json: pickupCreated }, { json: pickupBought });
    expect(await carrier.bookPickup(pickupRequest)).toEqual({ carrierRef: pickupCreated.id, confirmation: 'WTC64740634' });
    const [create, buy] = asked;
    expect(create).toMatchObject({ method: 'POST', url: '/v2/pickups' });
    expect(JSON.parse(create!.body)).toEqual({
      pickup: {
        reference: pickupRequest.pickupId,
        address: expect.objectContaining({ street1: '417 Montgomery Street', zip: '94104' }),
        // EasyPost names one shipment (or batch); USPS collects every parcel at the address.
        shipment: { id: 'shp_f15bccbd66504887883a528ed7a0bc14' },
        min_datetime: '2024-08-01T09:00:00',
        max_datetime: '2024-08-01T17:00:00',
        instructions: 'Pickup at front door',
        is_account_address: false,
      },
    });
    expect(buy).toMatchObject({ method: 'POST', url: `/v2/pickups/${pickupCreated.id}/buy` });
    expect(JSON.parse(buy!.body)).toEqual({ carrier: 'USPS', service: 'NextDay' });
  });

  it('refuses a pickup offered at a price before buying it, so nobody is charged', async () => {
    const priced = { ...pickupCreated, pickup_rates: pickupCreated.pickup_rates.map((r) => ({ ...r, rate: '5.00' })) };
    const asked = easypost.answers({ json: priced });
    expect((await failure(carrier.bookPickup(pickupRequest))).detail).toContain('offered at $5.00, not free; not booked');
    expect(asked).toHaveLength(1);
  });

  it('refuses a pickup without a USPS rate, and a bought pickup without a confirmation', async () => {
    easypost.answers({ json: { ...pickupCreated, pickup_rates: [] } });
    expect((await failure(carrier.bookPickup(pickupRequest))).detail).toContain('no USPS pickup rate');
    easypost.answers({ json: pickupCreated }, { json: { ...pickupBought, confirmation: null } });
    expect((await failure(carrier.bookPickup(pickupRequest))).detail).toContain('without a confirmation');
  });
});

describe('EasyPostCarrier.cancelPickup', () => {
  it('cancels the pickup at EasyPost', async () => {
    const asked = easypost.answers({ json: pickupCanceled });
    await carrier.cancelPickup(pickupCanceled.id);
    expect(asked[0]).toMatchObject({ method: 'POST', url: `/v2/pickups/${pickupCanceled.id}/cancel` });
  });

  it('fails when EasyPost does not answer canceled', async () => {
    easypost.answers({ json: pickupBought });
    expect((await failure(carrier.cancelPickup(pickupBought.id))).detail).toContain('answered status scheduled');
  });
});
