/** Carrier selection by configuration (providers/registry/carrier.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { EasyPostCarrier } from '../../../../functions/providers/carrier/easypost-carrier';
import { SandboxCarrier } from '../../../../functions/providers/carrier/sandbox-carrier';
import { getCarrier } from '../../../../functions/providers/registry/carrier';

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

  it('is chosen again after resetConfigForTests', () => {
    useEnv({});
    const first = getCarrier();
    resetConfigForTests();
    expect(getCarrier()).not.toBe(first);
  });
});
