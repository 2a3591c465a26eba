/**
 * EasyPost's address verification against EasyPost's own recorded answers (cassettes of its
 * official Node client; test/fixtures/easypost/README.md names each). `fetch` is stubbed: no network.
 * Each test asserts what we ask (URL, Basic auth, the verify parameter) and what the route answers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderUnavailable } from '../../../../functions/errors';
import { EasyPostAddressVerifier, uspsForm } from '../../../../functions/providers/address/easypost-address-verifier';
import recordedVerified from '../../../fixtures/easypost/recorded-address-verified.json';
import recordedFailure from '../../../fixtures/easypost/recorded-address-verify-failure.json';

const API_KEY = 'EZTK_never_log_me_0123456789abcdef';
const verifier = new EasyPostAddressVerifier({ apiKey: API_KEY, apiUrl: 'https://api.easypost.com/' });

/** The address EasyPost's recording was made for (its request: "417 montgomery street", street2 "FL 5"), with our one street line. */
const entered = { name: 'Ann Lee', street: '417 montgomery street', city: 'San Francisco', state: 'CA', zip: '94104', country: 'US' };

function answers(answer: () => Promise<Response>) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
afterEach(() => {
  vi.unstubAllGlobals();
});

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
    const fetch = answers(async () => Response.json(recordedVerified, { status: 201 }));
    await verifier.verify(entered);
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('https://api.easypost.com/v2/addresses');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).authorization).toBe(`Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`);
    expect(JSON.parse(String(init?.body))).toEqual({
      address: { name: 'Ann Lee', street1: '417 montgomery street', city: 'San Francisco', state: 'CA', zip: '94104', country: 'US' },
      verify: ['delivery'],
    });
  });

  it("corrected: answers EasyPost's fields as the suggestion, the caller's name kept, and its messages", async () => {
    answers(async () => Response.json(recordedVerified, { status: 201 }));
    expect(await verifier.verify(entered)).toEqual({
      valid: true,
      suggestion: { ...entered, street: '417 MONTGOMERY ST FL 5', city: 'SAN FRANCISCO', zip: '94104-1129' },
      messages: ['Invalid secondary information(Apt/Suite#)'],
    });
  });

  it('verified: no suggestion when the answer differs only by case, punctuation, USPS abbreviations and ZIP+4', async () => {
    answers(async () => Response.json(recordedVerified, { status: 201 }));
    const check = await verifier.verify({ ...entered, street: '417 Montgomery Street, Floor 5', city: 'san francisco' });
    expect(check).toEqual({ valid: true, suggestion: null, messages: ['Invalid secondary information(Apt/Suite#)'] });
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
    answers(async () => Response.json(failed, { status: 201 }));
    expect(await verifier.verify(entered)).toEqual({ valid: false, suggestion: null, messages: ['Address not found'] });
  });

  it("failed: EasyPost's recorded 422 ADDRESS.VERIFY.FAILURE is invalid with its messages, not an outage", async () => {
    answers(async () => Response.json(recordedFailure, { status: 422 }));
    expect(await verifier.verify({ ...entered, street: '000 unknown street', city: 'Not A City', zip: '00001' })).toEqual({
      valid: false,
      suggestion: null,
      messages: ['Address not found'],
    });
  });

  it('provider down: a network error is ProviderUnavailable whose detail never holds the key', async () => {
    answers(async () => {
      throw new TypeError(`fetch failed for ${API_KEY}`);
    });
    const err = await failure(verifier.verify(entered));
    expect(err.message).toBe('Address check is not answering right now. Please try again in a moment.');
    expect(err.detail).toContain('POST /v2/addresses failed');
    expect(err.detail).not.toContain(API_KEY);
  });

  it('provider down: a 500, a body that is not JSON, or an answer without a delivery verification', async () => {
    answers(async () => Response.json({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } }, { status: 500 }));
    expect((await failure(verifier.verify(entered))).detail).toContain('HTTP 500: INTERNAL_SERVER_ERROR: boom');
    answers(async () => new Response('<html>bad gateway</html>', { status: 502 }));
    expect((await failure(verifier.verify(entered))).detail).toContain('not JSON');
    const { verifications: _dropped, ...unverified } = recordedVerified;
    answers(async () => Response.json(unverified, { status: 201 }));
    expect((await failure(verifier.verify(entered))).detail).toContain('without verifications.delivery');
  });

  it('reads streets as USPS writes them', () => {
    expect(uspsForm(' 12  north Main Street, Apt. 4 ')).toBe('12 N MAIN ST APT 4');
  });
});
