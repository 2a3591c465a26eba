/** Carrier selection by configuration (providers/registry/carrier.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { EasyPostCarrier } from '../../../../functions/providers/carrier/easypost-carrier';
import { SandboxCarrier } from '../../../../functions/providers/carrier/sandbox-carrier';
import { getCarrier } from '../../../../functions/providers/registry/carrier';
import { ProviderUnavailable } from '../../../../functions/errors';
import created from '../../../fixtures/easypost/shipment-created.json';
import { useEasyPostStandIn } from '../../../fixtures/easypost/stand-in';
import { sampleLabelRequest } from '../../../fixtures/label-order';

const easypost = useEasyPostStandIn();

/** Changes the configuration and forgets everything made from the old one. */
function useEnv(vars: Record<string, string>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetConfigForTests();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

describe('getCarrier', () => {
  it('is the sandbox when CARRIER_PROVIDER is unset, made once per process', () => {
    useEnv({ CARRIER_PROVIDER: '', EASYPOST_API_KEY: 'EZTK123' });
    expect(getCarrier()).toBeInstanceOf(SandboxCarrier);
    expect(getCarrier()).toBe(getCarrier());
  });

  it('is the sandbox when CARRIER_PROVIDER is sandbox', () => {
    useEnv({ CARRIER_PROVIDER: 'sandbox' });
    expect(getCarrier()).toBeInstanceOf(SandboxCarrier);
  });

  it('is EasyPost when CARRIER_PROVIDER is easypost and the key is set', () => {
    useEnv({ CARRIER_PROVIDER: 'easypost', EASYPOST_API_KEY: 'EZTK123' });
    expect(getCarrier()).toBeInstanceOf(EasyPostCarrier);
  });

  it('fails clearly for easypost without a key', () => {
    useEnv({ CARRIER_PROVIDER: 'easypost', EASYPOST_API_KEY: '' });
    expect(() => getCarrier()).toThrow('CARRIER_PROVIDER=easypost needs EASYPOST_API_KEY');
  });

  it('gives EasyPost the cost ceilings of CARRIER_COST_CEILINGS', async () => {
    useEnv({ CARRIER_PROVIDER: 'easypost', EASYPOST_API_KEY: 'EZTK123', EASYPOST_API_URL: easypost.url(), CARRIER_COST_CEILINGS: '{"usps_priority": 100}' });
    const asked = easypost.answers({ json: created });
    // Our price ($6.00) would allow nothing either; the configured $1.00 is the one named.
    const refused = await getCarrier()
      .buyLabel(sampleLabelRequest)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderUnavailable);
    expect((refused as ProviderUnavailable).detail).toContain('above the ceiling of $1.00 (100 cents) for usps_priority');
    expect(asked).toHaveLength(1);
  });

  it('is chosen again after resetConfigForTests', () => {
    useEnv({});
    const first = getCarrier();
    resetConfigForTests();
    expect(getCarrier()).not.toBe(first);
  });
});

describe('getCarrier in production', () => {
  // A Lambda whose code buys labels but takes no card payment (the batch worker, say): production asks no Stripe key of it.
  const CARRIER_ONLY = { SECRETS_USED: 'JWT_SECRET,EASYPOST_API_KEY' };
  const refusal = /CARRIER_PROVIDER is sandbox \(the default when unset\) in (stage prod|a Lambda without a STAGE): the sandbox draws SAMPLE labels/;

  it('refuses the sandbox when STAGE is prod, set or unset, at every use', () => {
    for (const carrier of ['sandbox', '']) {
      useEnv({ ...CARRIER_ONLY, STAGE: 'prod', CARRIER_PROVIDER: carrier });
      expect(() => getCarrier()).toThrow(refusal);
      expect(() => getCarrier()).toThrow(refusal);
    }
  });

  it('refuses the sandbox in a Lambda whose stack did not set STAGE', () => {
    useEnv({ ...CARRIER_ONLY, STAGE: '', AWS_LAMBDA_FUNCTION_NAME: 'PrepaidShip-CreateLabel', CARRIER_PROVIDER: 'sandbox' });
    expect(() => getCarrier()).toThrow(/in a Lambda without a STAGE/);
  });

  it('allows EasyPost in prod, and the sandbox in dev (Lambda or not) and in local runs without STAGE', () => {
    useEnv({ ...CARRIER_ONLY, STAGE: 'prod', CARRIER_PROVIDER: 'easypost', EASYPOST_API_KEY: 'EZTK123' });
    expect(getCarrier()).toBeInstanceOf(EasyPostCarrier);
    useEnv({ STAGE: 'dev', AWS_LAMBDA_FUNCTION_NAME: 'PrepaidShip-CreateLabel', CARRIER_PROVIDER: 'sandbox', EASYPOST_API_KEY: '' });
    expect(getCarrier()).toBeInstanceOf(SandboxCarrier);
    useEnv({ STAGE: '', AWS_LAMBDA_FUNCTION_NAME: '' });
    expect(getCarrier()).toBeInstanceOf(SandboxCarrier);
  });

  it('refuses a stage it does not know at configuration time', () => {
    useEnv({ STAGE: 'production' });
    expect(() => getCarrier()).toThrow(/Invalid configuration: STAGE/);
  });
});
