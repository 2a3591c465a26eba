/** Chooses the carrier: EasyPost when CARRIER_PROVIDER=easypost, the local sandbox otherwise. */
import { isProductionStage } from '../../config';
import type { Carrier } from '../carrier/carrier';
import { EasyPostCarrier } from '../carrier/easypost-carrier';
import { SandboxCarrier } from '../carrier/sandbox-carrier';
import { blobStoreFor } from './blobs';
import { provider } from './cache';

/**
 * The configured carrier: EasyPost when CARRIER_PROVIDER is `easypost` (which then requires
 * EASYPOST_API_KEY), the sandbox otherwise. In production the sandbox is refused at first use (a
 * SAMPLE label sold for real money), with the same message every time until the setting is fixed;
 * the stack refuses to synthesize such a prod stage in the first place (infra/production-guard.ts).
 */
export function getCarrier(): Carrier {
  return provider('carrier', (c) => {
    if (c.CARRIER_PROVIDER !== 'easypost') {
      if (isProductionStage(c)) {
        const where = c.STAGE ? `stage ${c.STAGE}` : 'a Lambda without a STAGE';
        throw new Error(
          `CARRIER_PROVIDER is sandbox (the default when unset) in ${where}: the sandbox draws SAMPLE labels that are not postage. Set CARRIER_PROVIDER=easypost, or STAGE=dev for a non-production stage.`,
        );
      }
      // The sandbox keeps what it sold beside the labels (its own store object: what it keeps is its
      // account's, not our label store's), so it survives restarts as an account would.
      return new SandboxCarrier({
        records: blobStoreFor(c),
        delayMs: c.SANDBOX_CARRIER_DELAY_MS,
        refundDelayMs: c.SANDBOX_REFUND_DELAY_SECONDS * 1000,
      });
    }
    if (!c.EASYPOST_API_KEY) throw new Error('CARRIER_PROVIDER=easypost needs EASYPOST_API_KEY');
    return new EasyPostCarrier({ apiKey: c.EASYPOST_API_KEY, apiUrl: c.EASYPOST_API_URL, costCeilings: c.CARRIER_COST_CEILINGS });
  });
}
