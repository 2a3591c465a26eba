/**
 * DynamoDB faults at every step of label purchases and top-ups, and purchases whose process dies
 * inside the carrier (faults.ts says what each case checks).
 */
import { beforeEach, vi } from 'vitest';
import { watchCarrierAnew } from '../watch-carrier';
import { describeCarrierDeaths, describeFaults, flows } from './faults';

/** The configured carrier, watched (../watch-carrier.ts): the carrier deaths stop a purchase inside it. */
vi.mock('../../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('../watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);
beforeEach(() => watchCarrierAnew());

describeFaults(flows.filter((f) => /purchase|top-up|label payment/.test(f.name)));
describeCarrierDeaths();
