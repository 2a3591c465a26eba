/**
 * Chooses the address check with the carrier: EasyPost's address verification when
 * CARRIER_PROVIDER=easypost (the same EASYPOST_API_KEY), the offline ZIP table otherwise. The ZIP
 * table is not refused in production the way the sandbox carrier is: it sells nothing, and
 * production cannot reach it anyway (a prod stage must run the EasyPost carrier).
 */
import { EasyPostAddressVerifier } from '../address/easypost-address-verifier';
import type { AddressVerifier } from '../address/address-verifier';
import { ZipTableAddressVerifier } from '../address/zip-address-verifier';
import { provider } from './cache';

/** The configured address check. */
export function getAddressVerifier(): AddressVerifier {
  return provider('addressVerifier', (c) => {
    if (c.CARRIER_PROVIDER !== 'easypost') return new ZipTableAddressVerifier();
    if (!c.EASYPOST_API_KEY) throw new Error('CARRIER_PROVIDER=easypost needs EASYPOST_API_KEY');
    return new EasyPostAddressVerifier({ apiKey: c.EASYPOST_API_KEY, apiUrl: c.EASYPOST_API_URL });
  });
}
