/**
 * POST /addresses/verify: checks an address before a label is bought or the address saved:
 * EasyPost's verification where the carrier is EasyPost, the ZIP table locally. Nothing is
 * stored and nothing is refused because of the answer: the browser offers the suggestion, and the
 * spec's routes keep accepting every address their schema accepts (docs/decisions/0133-address-verify-route.md).
 * Checks cost us at EasyPost, so each user and address gets a few a minute (functions/accounts/limits.ts RATES).
 */
import { limitAddressChecks } from '../../accounts/limits';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { getAddressVerifier } from '../../providers/registry/address';

export const handler = api(route.verifyAddress, async function verifyAddress({ auth, body, sourceIp }) {
  await limitAddressChecks(auth.userId, sourceIp);
  return getAddressVerifier().verify(body);
});
