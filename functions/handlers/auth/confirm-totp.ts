/**
 * POST /auth/totp/confirm: turns the pending authenticator on with its first code, which proves the
 * app holds the secret. The first factor of an account also gets its ten recovery codes.
 */
import { checkedFactor, firstRecoveryCodes } from '../../accounts/second-factor';
import { totpStepOf } from '../../accounts/totp';
import { getTotpSecret, TOTP_ALREADY_ON, useTotpStep } from '../../data/totp-secrets';
import { Conflict } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.confirmTotp, async function confirmTotp({ auth, body, sourceIp }) {
  const totp = await getTotpSecret(auth.userId);
  if (!totp) throw new Conflict('Start setting up an authenticator app first.');
  if (totp.confirmed) throw new Conflict(TOTP_ALREADY_ON);
  await checkedFactor(
    auth.userId,
    sourceIp,
    async () => {
      const step = totpStepOf(totp.secret, body.code);
      return step !== undefined && (await useTotpStep(auth.userId, totp, step, true));
    },
    'That code is not right. Enter the current code from your app.',
  );
  const recoveryCodes = await firstRecoveryCodes(auth.userId);
  return { message: 'Authenticator app set up.', ...(recoveryCodes ? { recoveryCodes } : {}) };
});
