/**
 * What the saved-address tests share, on top of the account fixtures (../auth/fixtures): the add
 * form, a stored address with its claim, and the claim's sort key computed here from its definition
 * (sha256 of street|city|state|zip|country, trimmed, spaces collapsed, lower-cased), not by the code
 * under test.
 */
import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { USER_ID, type TableMock } from '../auth/fixtures';
import { NOW_ISO } from '../payments/fixtures';

/** A real ULID for the stored address most tests read. */
export const ADDRESS_ID = '01JC0000000000000000000001';

/** The add form: six fields, as the web sends them. */
export const ADDRESS = { name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };

/** ADDRKEY#<sha256> of the ADDRESS place: its five place fields, normalised and joined with '|'. */
export const ADDRESS_CLAIM = `ADDRKEY#${createHash('sha256').update('1 main st|austin|tx|78701|us').digest('hex')}`;

/** An address item of `userId` as `saveAddress` stores it (with its claim); `overrides` change the address. */
export function addressItem(overrides: Record<string, unknown> = {}, userId = USER_ID): Record<string, unknown> {
  const address = { id: ADDRESS_ID, ...ADDRESS, createdAt: NOW_ISO, ...overrides };
  return { pk: `USER#${userId}`, sk: `ADDR#${address.id}`, entity: 'address', claim: ADDRESS_CLAIM, ...address };
}

/** What the API answers for a stored address: the item without its keys, claim and entity. */
export function apiAddress(item: Record<string, unknown>): Record<string, unknown> {
  const { pk: _pk, sk: _sk, entity: _entity, claim: _claim, ...address } = item;
  return address;
}

/** Makes an address readable by its key (deleteAddress's consistent read). */
export function storeAddress(ddb: TableMock, item: Record<string, unknown> = addressItem()): void {
  ddb.on(GetCommand, { Key: { pk: item.pk, sk: item.sk } }).resolves({ Item: item });
}
