/**
 * POST /addresses/verify against DynamoDB Local, through the real handler: the local ZIP-table check
 * and EasyPost's (its client against a stand-in EasyPost answering its recorded answers). Every call, whatever it
 * answers, writes nothing but the caller's count of checks; a provider that is down is a 502; only a
 * verified user may ask.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { useEasyPostStandIn, type Answer } from '../../../fixtures/easypost/stand-in';
import { invoke, newAccount, type Account } from '../../security/actors';
import { expectVerifiedUserOnly } from '../answers';
import { withoutWritesButCounts } from '../table-changes';

const AUSTIN = { name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
const recorded = (file: string) => readFileSync(new URL(`../../../fixtures/easypost/${file}`, import.meta.url), 'utf8');

let ann: Account;
beforeEach(async () => {
  ann = await newAccount('user', 'verify');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  resetConfigForTests();
});

const verify = (body: unknown, token: string | null = ann.token) =>
  withoutWritesButCounts(() => invoke('POST /addresses/verify', { token: token ?? undefined, body }));

describe('POST /addresses/verify with the ZIP table (local)', () => {
  it('answers valid for an address whose city, state and ZIP agree, in any case and spacing', async () => {
    const res = await verify({ ...AUSTIN, city: '  austin ', state: 'tx' });
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ valid: true, suggestion: null, messages: [], residential: true });
  });

  it('reads an address with a company as a business, its company, second line and phone kept in the suggestion', async () => {
    const office = { ...AUSTIN, company: 'Lee Holdings', street2: 'Suite 300', phone: '(512) 555-0100' };
    expect((await verify(office)).json).toEqual({ valid: true, suggestion: null, messages: [], residential: false });
    const res = await verify({ ...office, city: 'Dallas' });
    expect(res.json).toEqual({
      valid: false,
      suggestion: { ...office, phone: '5125550100' },
      messages: ['ZIP 78701 belongs to Austin, not Dallas.'],
      residential: false,
    });
  });

  it('refuses a bad phone with 400, asking nothing', async () => {
    const res = await verify({ ...AUSTIN, phone: '555-0100' });
    expect(res.statusCode).toBe(400);
    expect(res.json).toMatchObject({ fields: { phone: 'Phone must be a 10-digit US number' } });
  });

  it("answers the table's city as the suggestion when the city disagrees, the name and street kept", async () => {
    const res = await verify({ ...AUSTIN, city: 'Dallas' });
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ valid: false, suggestion: AUSTIN, messages: ['ZIP 78701 belongs to Austin, not Dallas.'], residential: true });
  });

  it('answers an unknown ZIP as invalid with a message and no suggestion', async () => {
    const res = await verify({ ...AUSTIN, zip: '00000' });
    expect(res.json).toEqual({ valid: false, suggestion: null, messages: ['ZIP 00000 is not a US ZIP code we know.'], residential: null });
  });

  it('refuses a body the address schema refuses with 400, asking nothing', async () => {
    const res = await verify({ ...AUSTIN, zip: '787' });
    expect(res.statusCode).toBe(400);
    expect(res.json).toMatchObject({ fields: { zip: 'ZIP must be 5 digits or ZIP+4' } });
  });

  it('needs a verified user', async () => {
    await expectVerifiedUserOnly((token) => verify(AUSTIN, token), ann.otpToken);
  });
});

describe('POST /addresses/verify with EasyPost', () => {
  const easypost = useEasyPostStandIn();
  function useEasyPost(answer: Answer) {
    vi.stubEnv('CARRIER_PROVIDER', 'easypost');
    vi.stubEnv('EASYPOST_API_KEY', 'EZTK_test_verify');
    vi.stubEnv('EASYPOST_API_URL', easypost.url());
    resetConfigForTests();
    return easypost.answers(answer);
  }
  const montgomery = { name: 'Ann Lee', street: '417 montgomery street', city: 'San Francisco', state: 'CA', zip: '94104', country: 'US' };

  it("answers EasyPost's corrected address as the suggestion (recorded answer)", async () => {
    const asked = useEasyPost({ status: 201, body: recorded('recorded-address-verified.json') });
    const res = await verify(montgomery);
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({
      valid: true,
      suggestion: { ...montgomery, street: '417 MONTGOMERY ST FL 5', city: 'SAN FRANCISCO', zip: '94104-1129' },
      messages: ['Invalid secondary information(Apt/Suite#)'],
      // The recorded answer's own `residential: false`.
      residential: false,
    });
    expect(asked).toHaveLength(1);
  });

  it('answers 502 when EasyPost is down, and nothing changes', async () => {
    useEasyPost({ drop: true });
    const res = await verify(montgomery);
    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual({ message: 'Address check is not answering right now. Please try again in a moment.' });
  });
});
