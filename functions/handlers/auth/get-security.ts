/** GET /auth/security: the caller's authenticator app, passkeys, recovery codes left and remembered devices. */
import { listPasskeys } from '../../data/passkeys';
import { recoveryCodesLeft } from '../../data/recovery-codes';
import { listDevices } from '../../data/remembered-devices';
import { getTotpSecret } from '../../data/totp-secrets';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.getSecurity, async function getSecurity({ auth }) {
  const [totp, passkeys, left, devices] = await Promise.all([
    getTotpSecret(auth.userId),
    listPasskeys(auth.userId),
    recoveryCodesLeft(auth.userId),
    listDevices(auth.userId),
  ]);
  return {
    totp: totp?.confirmed === true,
    passkeys: passkeys.map((p) => ({ id: p.credentialId, name: p.name, createdAt: p.createdAt, ...(p.lastUsedAt ? { lastUsedAt: p.lastUsedAt } : {}) })),
    recoveryCodesLeft: left,
    devices,
  };
});
