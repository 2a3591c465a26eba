import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../functions/security/passwords';

describe('passwords', () => {
  it('hashes with a salt and verifies only the right password', async () => {
    const a = await hashPassword('Str0ng!pass');
    const b = await hashPassword('Str0ng!pass');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Str0ng');
    expect(await verifyPassword('Str0ng!pass', a)).toBe(true);
    expect(await verifyPassword('Str0ng!pasS', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});
