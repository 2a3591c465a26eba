/** DynamoDB faults at every step of a return label's purchase (faults.ts says what each case checks). */
import { beforeEach, vi } from 'vitest';
import { watchCarrierAnew } from '../watch-carrier';
import { describeFaults, returnLabelFlows } from './faults';

/** The configured carrier, watched (../watch-carrier.ts): one flow has it refuse the purchase. */
vi.mock('../../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('../watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);
beforeEach(() => watchCarrierAnew());

describeFaults(returnLabelFlows);
