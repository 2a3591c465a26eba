/** DELETE /auth/devices: forgets every remembered device of the caller; each asks for the second step at its next sign-in. */
import { forgetAllDevices } from '../../data/remembered-devices';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.forgetDevices, async function forgetDevices({ auth }) {
  await forgetAllDevices(auth.userId);
  return { message: 'All remembered devices forgotten.' };
});
