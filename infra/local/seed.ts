/**
 * Seeds the first admin account so a fresh `npm start` can be signed into. Only creates: an
 * existing account is never changed (a changed ADMIN_PASSWORD does not reset it).
 */
import { randomBytes } from 'node:crypto';
import { getUserByEmail, createUser } from '../../functions/data/users';
import { hashPassword } from '../../functions/security/passwords';

export const DEFAULT_ADMIN_EMAIL = 'admin@prepaidship.local';

export interface SeedResult {
  email: string;
  created: boolean;
  /** Set only when this run generated the password; shown once and never stored in clear. */
  generatedPassword?: string;
}

/** A password that meets the sign-up rules: random base64url plus one of each required class. */
const generatePassword = () => `${randomBytes(12).toString('base64url')}Aa1!`;

export async function seedAdmin(email = DEFAULT_ADMIN_EMAIL, password?: string): Promise<SeedResult> {
  if (await getUserByEmail(email)) return { email, created: false };
  const generatedPassword = password ? undefined : generatePassword();
  await createUser({
    name: 'Admin',
    email,
    passwordHash: await hashPassword(password ?? (generatedPassword as string)),
    role: 'admin',
    verified: true,
  });
  return { email, created: true, generatedPassword };
}
