/**
 * EasyPost's address verification against EasyPost's own recorded answers (cassettes of its
 * official Node client; test/fixtures/easypost/README.md names each), served by a stand-in EasyPost
 * on 127.0.0.1 to the verifier's EasyPost client: no network. Each test asserts what we ask (path,
 * Basic auth, the verify parameter) and what the route answers.
 */
import http from 'node:http';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProviderUnavailable } from '../../../../functions/errors';
import { EasyPostAddressVerifier, uspsForm } from '../../../../functions/providers/address/easypost-address-verifier';
import recordedVerified from '../../../fixtures/easypost/recorded-address-verified.json';
import recordedFailure from '../../../fixtures/easypost/recorded-address-verify-failure.json';
import { useEasyPostStandIn } from '../../../fixtures/easypost/stand-in';

const API_KEY = 'EZTK_never_log_me_0123456789abcdef';
const easypost = useEasyPostStandIn();
const easypostAnswers = easypost.answers;
let verifier: EasyPostAddressVerifier;
beforeAll(() => void (verifier = new EasyPostAddressVerifier({ apiKey: API_KEY, apiUrl: `${easypost.url()}/` })));
afterEach(() => void vi.restoreAllMocks());

/** The address EasyPost's recording was made for (its request: "417 montgomery street", street2 "FL 5"), with our one street line. */
const entered = { name: 'Ann Lee', street: '417 montgomery street', city: 'San Francisco', state: 'CA', zip: '94104', country: 'US' };

async function failure(promise: Promise<unknown>): Promise<ProviderUnavailable> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderUnavailable);
  return err as ProviderUnavailable;
}

describe('EasyPostAddressVerifier', () => {
  it('asks POST /v2/addresses with delivery verification, Basic auth with the key', async () => {
    const asked = easypostAnswers({ status: 201, json: recordedVerified });
    await verifier.verify(entered);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url).toBe('/v2/addresses');
    expect(asked[0]!.method).toBe('POST');
    expect(asked[0]!.headers).toMatchObject({ authorization: `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`, 'content-type': 'application/json' });
    expect(JSON.parse(asked[0]!.body)).toEqual({
      address: { name: 'Ann Lee', street1: '417 montgomery street', city: 'San Francisco', state: 'CA', zip: '94104', country: 'US' },
      verify: ['delivery'],
    });
  });

  it("sends the company, second street line and phone by EasyPost's names, and answers its residential flag", async () => {
    const asked = easypostAnswers({ status: 201, json: recordedVerified });
    // The recording's own request: a company and "FL 5" on the second line; its answer says the place is not residential.
    const check = await verifier.verify({ ...entered, company: 'EasyPost', street2: 'FL 5', phone: '4155550100' });
    expect(JSON.parse(asked[0]!.body)).toEqual({
      address: {
        name: 'Ann Lee',
        company: 'EasyPost',
        street1: '417 montgomery street',
        street2: 'FL 5',
        city: 'San Francisco',
        state: 'CA',
        zip: '94104',
        country: 'US',
        phone: '4155550100',
      },
      verify: ['delivery'],
    });
    expect(check.residential).toBe(false);
    // EasyPost moved "FL 5" onto the first line: the same two lines read as one, so no suggestion for that.
    expect(check.suggestion).toBeNull();
  });

  it('a second line EasyPost does not keep is left out of the suggestion; an answer without residential says null', async () => {
    const { residential: _unknown, ...noFlag } = recordedVerified;
    easypostAnswers({ status: 201, json: noFlag });
    const check = await verifier.verify({ ...entered, street: '417 Montgomery St', street2: 'Apt 99', company: 'EasyPost' });
    expect(check.residential).toBeNull();
    expect(check.suggestion).toEqual({ ...entered, street: '417 MONTGOMERY ST FL 5', city: 'SAN FRANCISCO', zip: '94104-1129', company: 'EasyPost' });
  });

  it("corrected: answers EasyPost's fields as the suggestion, the caller's name kept, and its messages", async () => {
    easypostAnswers({ status: 201, json: recordedVerified });
    expect(await verifier.verify(entered)).toEqual({
      valid: true,
      suggestion: { ...entered, street: '417 MONTGOMERY ST FL 5', city: 'SAN FRANCISCO', zip: '94104-1129' },
      messages: ['Invalid secondary information(Apt/Suite#)'],
      residential: false,
    });
  });

  it('verified: no suggestion when the answer differs only by case, punctuation, USPS abbreviations and ZIP+4', async () => {
    easypostAnswers({ status: 201, json: recordedVerified });
    const check = await verifier.verify({ ...entered, street: '417 Montgomery Street, Floor 5', city: 'san francisco' });
    expect(check).toEqual({ valid: true, suggestion: null, messages: ['Invalid secondary information(Apt/Suite#)'], residential: false });
  });

  it('failed: delivery.success false is invalid with its messages (the recorded answer with its delivery verification failed)', async () => {
    // Recorded answer, only `verifications.delivery` replaced by the failed form EasyPost documents.
    const failed = {
      ...recordedVerified,
      verifications: {
        delivery: {
          success: false,
          errors: [{ code: 'E.ADDRESS.NOT_FOUND', field: 'address', message: 'Address not found', suggestion: null }],
          details: null,
        },
      },
    };
    easypostAnswers({ status: 201, json: failed });
    expect(await verifier.verify(entered)).toEqual({ valid: false, suggestion: null, messages: ['Address not found'], residential: false });
  });

  it("failed: EasyPost's recorded 422 ADDRESS.VERIFY.FAILURE is invalid with its messages, not an outage", async () => {
    easypostAnswers({ status: 422, json: recordedFailure });
    expect(await verifier.verify({ ...entered, street: '000 unknown street', city: 'Not A City', zip: '00001' })).toEqual({
      valid: false,
      suggestion: null,
      messages: ['Address not found'],
      residential: null,
    });
  });

  it('provider down: a network error is ProviderUnavailable whose detail never holds the key', async () => {
    easypostAnswers({ drop: true });
    let err = await failure(verifier.verify(entered));
    expect(err.message).toBe('Address check is not answering right now. Please try again in a moment.');
    expect(err.detail).toBe('POST /v2/addresses failed: Error: socket hang up');
    // An error whose message holds the key (EasyPost's client makes its requests with Node's http).
    vi.spyOn(http, 'request').mockImplementation(() => {
      throw new TypeError(`request failed for ${API_KEY}`);
    });
    err = await failure(verifier.verify(entered));
    expect(err.detail).toBe('POST /v2/addresses failed: TypeError: request failed for [redacted]');
  });

  it('provider down: a 500, a body that is not JSON, or an answer without a delivery verification', async () => {
    easypostAnswers({ status: 500, json: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } } });
    expect((await failure(verifier.verify(entered))).detail).toContain('HTTP 500: INTERNAL_SERVER_ERROR: boom');
    easypostAnswers({ status: 502, body: '<html>bad gateway</html>' });
    expect((await failure(verifier.verify(entered))).detail).toContain('not JSON');
    const { verifications: _dropped, ...unverified } = recordedVerified;
    easypostAnswers({ status: 201, json: unverified });
    expect((await failure(verifier.verify(entered))).detail).toContain('without verifications.delivery');
  });

  it('reads streets as USPS writes them', () => {
    expect(uspsForm(' 12  north Main Street, Apt. 4 ')).toBe('12 N MAIN ST APT 4');
  });
});
