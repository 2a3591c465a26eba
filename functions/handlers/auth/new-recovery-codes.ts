/** POST /auth/recovery-codes: ten new one-time recovery codes for the caller, shown this once; the earlier ones stop working. */
import { replaceRecoveryCodes } from '../../accounts/second-factor';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.newRecoveryCodes, async function newRecoveryCodes({ auth }) {
  return { message: 'New recovery codes made. Keep them somewhere safe: they are shown only now.', codes: await replaceRecoveryCodes(auth.userId) };
});
