/**
 * Address verification through EasyPost (chosen with CARRIER_PROVIDER=easypost: the same key and
 * base URL as the carrier, easypost-carrier.ts, and the same client of EasyPost's official Node
 * library, ../easypost-client.ts: HTTP Basic with the key, JSON, 15 seconds):
 *
 *   client.Address.create({ ...address, verify: ["delivery"] })
 *   POST {EASYPOST_API_URL}/v2/addresses  { address: { name, company, street1, street2, city, state, zip, country, phone }, verify: ["delivery"] }
 *        -> 201 Address { street1, street2, city, state, zip, residential, verifications: { delivery: { success, errors: [{ code, field, message }] } } }
 *
 * `delivery.success` is the answer's `valid`, and the `errors[].message`s its `messages` (EasyPost
 * may list some on a success too, e.g. an ignored suite number). On success the corrected fields are
 * the suggestion, but only when they differ from what was entered in more than case, spacing,
 * punctuation, ZIP+4 or USPS's standard abbreviations (STREET -> ST): USPS upper-cases and
 * abbreviates every address, and a suggestion for that alone would cost every purchase a click. The
 * suggestion keeps the caller's name, company, phone and country. A strict-verification refusal (422
 * ADDRESS.VERIFY.FAILURE with `error.errors`) is read as invalid with those messages. Anything else
 * (network error, timeout, another non-2xx, an answer without `verifications.delivery`) is
 * ProviderUnavailable; its detail never holds the key.
 */
import type { AddressCheck } from '../../../domain/api/addresses';
import type { Address } from '../../../domain/schemas/addresses';
import { ProviderUnavailable } from '../../errors';
import { askEasyPost, type EasyPostAccount, type EasyPostAnswer } from '../easypost-client';
import { easypostAddress } from '../easypost-client';
import { asText, clip, redact } from '../payments/checkout-request';
import { ADDRESS_PROVIDER_NAME, type AddressVerifier } from './address-verifier';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** USPS Publication 28's most common street words and their standard abbreviations. */
const ABBREVIATIONS: Record<string, string> = {
  STREET: 'ST',
  AVENUE: 'AVE',
  ROAD: 'RD',
  DRIVE: 'DR',
  BOULEVARD: 'BLVD',
  LANE: 'LN',
  COURT: 'CT',
  PLACE: 'PL',
  PARKWAY: 'PKWY',
  HIGHWAY: 'HWY',
  CIRCLE: 'CIR',
  TERRACE: 'TER',
  SQUARE: 'SQ',
  SUITE: 'STE',
  APARTMENT: 'APT',
  FLOOR: 'FL',
  BUILDING: 'BLDG',
  ROOM: 'RM',
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
};

/** A street, city or state as USPS would write it: upper case, no punctuation, single spaces, standard abbreviations. */
export function uspsForm(value: string): string {
  return value
    .toUpperCase()
    .replace(/[.,#]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}

/** The messages of EasyPost's `errors` list (objects with a `message`, or plain strings in its alternative format). */
function messagesOf(errors: unknown): string[] {
  if (!Array.isArray(errors)) return [];
  return errors.map((e) => (isRecord(e) ? text(e.message) : text(e))).filter(Boolean);
}

export interface EasyPostAddressVerifierOptions {
  apiKey: string;
  /** e.g. https://api.easypost.com (no trailing /v2). */
  apiUrl: string;
}

export class EasyPostAddressVerifier implements AddressVerifier {
  private readonly account: EasyPostAccount;

  constructor(options: EasyPostAddressVerifierOptions) {
    if (!options.apiKey) throw new Error('EasyPostAddressVerifier needs an API key');
    this.account = { apiKey: options.apiKey, apiUrl: options.apiUrl };
  }

  async verify(address: Address): Promise<AddressCheck> {
    const fields = easypostAddress(address);
    let res: EasyPostAnswer;
    try {
      res = await askEasyPost(this.account, (client) => client.Address.create({ ...fields, verify: ['delivery'] }));
    } catch (err) {
      throw this.unavailable(`POST /v2/addresses failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
    }
    const { status, text: raw } = res;
    let answer: unknown;
    try {
      answer = JSON.parse(raw);
    } catch {
      throw this.unavailable(`POST /v2/addresses answered HTTP ${status} with a body that is not JSON: ${clip(raw, 100)}`);
    }
    if (status < 200 || status > 299) {
      const error = isRecord(answer) && isRecord(answer.error) ? answer.error : undefined;
      if (status === 422 && error?.code === 'ADDRESS.VERIFY.FAILURE') {
        const messages = messagesOf(error.errors);
        return {
          valid: false,
          suggestion: null,
          messages: messages.length ? messages : [text(error.message) || 'The address could not be verified.'],
          residential: null,
        };
      }
      throw this.unavailable(`POST /v2/addresses answered HTTP ${status}: ${clip(error ? `${asText(error.code)}: ${asText(error.message)}` : raw)}`);
    }
    const verifications = isRecord(answer) && isRecord(answer.verifications) ? answer.verifications : undefined;
    const delivery = verifications && isRecord(verifications.delivery) ? verifications.delivery : undefined;
    if (!isRecord(answer) || !delivery || typeof delivery.success !== 'boolean') {
      throw this.unavailable('POST /v2/addresses answered without verifications.delivery (was the verify parameter ignored?)');
    }
    const messages = messagesOf(delivery.errors);
    const residential = typeof answer.residential === 'boolean' ? answer.residential : null;
    if (!delivery.success)
      return { valid: false, suggestion: null, messages: messages.length ? messages : ['The carrier could not verify this address.'], residential };
    return { valid: true, suggestion: this.suggestion(address, answer), messages, residential };
  }

  /** The corrected address when it differs from the entered one in more than USPS's spelling; null otherwise. */
  private suggestion(entered: Address, verified: Record<string, unknown>): Address | null {
    const corrected = {
      street: text(verified.street1),
      street2: text(verified.street2) || undefined,
      city: text(verified.city),
      state: text(verified.state).toUpperCase(),
      zip: text(verified.zip),
    };
    if (!corrected.street || !corrected.city || !corrected.state || !/^\d{5}(-\d{4})?$/.test(corrected.zip)) return null;
    const differs =
      uspsForm(`${entered.street} ${entered.street2 ?? ''}`) !== uspsForm(`${corrected.street} ${corrected.street2 ?? ''}`) ||
      uspsForm(entered.city) !== uspsForm(corrected.city) ||
      entered.state.toUpperCase() !== corrected.state ||
      entered.zip.slice(0, 5) !== corrected.zip.slice(0, 5);
    return differs ? { ...entered, ...corrected } : null;
  }

  private unavailable(detail: string): ProviderUnavailable {
    const { apiKey } = this.account;
    return new ProviderUnavailable(ADDRESS_PROVIDER_NAME, redact(detail, [apiKey, Buffer.from(`${apiKey}:`).toString('base64')]));
  }
}
