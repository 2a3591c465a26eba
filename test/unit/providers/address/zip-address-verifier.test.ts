/**
 * The local address check against the real ZIP table (domain/zip-table.json): city, state and ZIP
 * must agree, case and spacing aside; a disagreement suggests the table's city and state with the
 * name, street and ZIP kept; an unknown ZIP is invalid with no suggestion. `residential` follows
 * the sandbox's rule: a company makes a business, no company a home, an unknown ZIP null.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZIP_TABLE_FILE_NAME, ZipTableAddressVerifier } from '../../../../functions/providers/address/zip-address-verifier';

const verifier = new ZipTableAddressVerifier();
const NYC = { name: 'Ann Lee', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };

describe('ZipTableAddressVerifier', () => {
  it('answers valid when city, state and ZIP agree', async () => {
    expect(await verifier.verify(NYC)).toEqual({ valid: true, suggestion: null, messages: [], residential: true });
  });

  it('ignores case and spacing in the city and state, and reads a ZIP+4 by its first five digits', async () => {
    expect(await verifier.verify({ ...NYC, city: '  new   YORK ', state: 'ny', zip: '10118-0110' })).toEqual({
      valid: true,
      suggestion: null,
      messages: [],
      residential: true,
    });
  });

  it("suggests the table's city when the city disagrees, keeping name, street and ZIP", async () => {
    const check = await verifier.verify({ ...NYC, city: 'Brooklyn' });
    expect(check).toEqual({ valid: false, suggestion: NYC, messages: ['ZIP 10118 belongs to New York, not Brooklyn.'], residential: true });
  });

  it("suggests the table's state when the state disagrees", async () => {
    const check = await verifier.verify({ ...NYC, state: 'NJ' });
    expect(check).toEqual({ valid: false, suggestion: NYC, messages: ['ZIP 10118 is in NY, not NJ.'], residential: true });
  });

  it('names both when city and state disagree', async () => {
    const check = await verifier.verify({ ...NYC, city: 'Austin', state: 'TX', zip: '10118-0110' });
    expect(check.valid).toBe(false);
    expect(check.suggestion).toEqual({ ...NYC, zip: '10118-0110' });
    expect(check.messages).toEqual(['ZIP 10118 belongs to New York, not Austin.', 'ZIP 10118 is in NY, not TX.']);
  });

  it('answers an unknown ZIP as invalid, with a message and no suggestion', async () => {
    expect(await verifier.verify({ ...NYC, zip: '00000' })).toEqual({
      valid: false,
      suggestion: null,
      messages: ['ZIP 00000 is not a US ZIP code we know.'],
      residential: null,
    });
  });

  it('reads an address with a company as a business, one without as a home; the suggestion keeps company, second line and phone', async () => {
    const office = { ...NYC, company: 'Empire Holdings', street2: 'Floor 12', phone: '2125550100' };
    expect(await verifier.verify(office)).toEqual({ valid: true, suggestion: null, messages: [], residential: false });
    expect((await verifier.verify({ ...NYC, street2: 'Apt 4' })).residential).toBe(true);
    const corrected = await verifier.verify({ ...office, city: 'Brooklyn' });
    expect(corrected).toMatchObject({ valid: false, suggestion: office, residential: false });
  });
});

describe('ZipTableAddressVerifier in a Lambda', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('reads the table shipped beside the bundle (LAMBDA_TASK_ROOT), not the source tree', async () => {
    const taskRoot = mkdtempSync(join(tmpdir(), 'prepaidship-task-'));
    try {
      // A table that differs from the real one, so the answer shows which file was read.
      writeFileSync(join(taskRoot, ZIP_TABLE_FILE_NAME), JSON.stringify({ NY: { Brooklyn: ['10118'] } }));
      vi.stubEnv('LAMBDA_TASK_ROOT', taskRoot);
      vi.resetModules();
      const { ZipTableAddressVerifier: InLambda } = await import('../../../../functions/providers/address/zip-address-verifier');

      expect(await new InLambda().verify({ ...NYC, city: 'Brooklyn' })).toEqual({ valid: true, suggestion: null, messages: [], residential: true });
    } finally {
      rmSync(taskRoot, { recursive: true, force: true });
    }
  });
});
