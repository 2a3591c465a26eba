/** Chooses the carrier: EasyPost when CARRIER_PROVIDER=easypost, the local sandbox otherwise. */
import type { Carrier } from '../carrier/carrier';
import { EasyPostCarrier } from '../carrier/easypost-carrier';
import { SandboxCarrier } from '../carrier/sandbox-carrier';
import { provider } from './cache';

/**
 * The configured carrier: EasyPost when CARRIER_PROVIDER is `easypost` (which then requires
 * EASYPOST_API_KEY), the sandbox otherwise.
 */
export function getCarrier(): Carrier {
  return provider('carrier', (c) => {
    if (c.CARRIER_PROVIDER !== 'easypost') return new SandboxCarrier();
    if (!c.EASYPOST_API_KEY) throw new Error('CARRIER_PROVIDER=easypost needs EASYPOST_API_KEY');
    return new EasyPostCarrier({ apiKey: c.EASYPOST_API_KEY, apiUrl: c.EASYPOST_API_URL });
  });
}
