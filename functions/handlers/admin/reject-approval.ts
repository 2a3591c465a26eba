/** POST /admin/approvals/{id}/reject: a second admin refuses a pending request with a reason; nothing moves. */
import { isValid as isUlid } from 'ulid';
import { toApiApproval } from '../../../domain/api/oversight-answer';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { rejectApproval } from '../../wallet/approvals';

export const handler = api(route.rejectApproval, async function rejectPendingApproval({ auth, params, body }) {
  if (!isUlid(params.id ?? '')) throw new NotFound('Approval not found');
  return toApiApproval(await rejectApproval(params.id ?? '', auth.userId, body.reason));
});
