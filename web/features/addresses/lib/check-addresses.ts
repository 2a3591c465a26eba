import type { AddressCheck } from '@domain/api/addresses';
import type { Address } from '@domain/schemas/addresses';
import { verifyAddress } from '../api/verify-address';
import { addressFieldNames } from './address-values';

/** One address to check, with the name its block has on screen ("Sender", "Recipient", "Address"). */
export interface AddressToCheck<K extends string = string> {
  key: K;
  label: string;
  address: Address;
}

/** An address the check did not simply accept: it is invalid, or the carrier would write it otherwise. */
export interface AddressFinding<K extends string = string> extends AddressToCheck<K> {
  check: AddressCheck;
}

/**
 * What the check made of the addresses: all fine (go on), some need the person's choice,
 * or the check could not be made (go on as entered: a check that is down never blocks a purchase).
 */
export type AddressCheckOutcome<K extends string = string> =
  { status: 'ok' } | { status: 'findings'; findings: AddressFinding<K>[] } | { status: 'unavailable' };

/** An address's own fields, whatever else the object it came in holds. */
const addressOnly = (a: Address): Address => Object.fromEntries(addressFieldNames.map((field) => [field, a[field]])) as Address;

/** Whether an answer asks for the person's choice. */
export const needsChoice = (check: AddressCheck): boolean => !check.valid || check.suggestion !== null;

/** Checks every address at once (the sender and recipient of a label in parallel). */
export async function checkAddresses<K extends string>(addresses: readonly AddressToCheck<K>[]): Promise<AddressCheckOutcome<K>> {
  // Only the address's own fields go (a recipient's email stays out of the check).
  const answers = await Promise.allSettled(addresses.map(({ address }) => verifyAddress(addressOnly(address))));
  if (answers.some((a) => a.status === 'rejected')) return { status: 'unavailable' };
  const findings = addresses.flatMap((a, i) => {
    const answer = answers[i];
    return answer?.status === 'fulfilled' && needsChoice(answer.value) ? [{ ...a, check: answer.value }] : [];
  });
  return findings.length ? { status: 'findings', findings } : { status: 'ok' };
}

/** The key that tells whether addresses were already checked (or kept as entered) in this form. */
export const addressesKey = (addresses: readonly Address[]): string =>
  JSON.stringify(addresses.map((a) => addressFieldNames.map((field) => (a[field] ?? '').trim().toUpperCase())));
