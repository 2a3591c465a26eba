import { vi } from 'vitest';
import { resetConfigForTests } from '../../functions/config';

/** Sets the pricing mode (and any other configuration) for the rest of a test; undone by `vi.unstubAllEnvs()` and `resetConfigForTests()`. */
export function pricing(mode: 'table' | 'rates', env: Record<string, string> = {}) {
  vi.stubEnv('PRICING_MODE', mode);
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  resetConfigForTests();
}
