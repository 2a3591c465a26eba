/**
 * POST /admin/approvals/{id}/approve: a second admin approves a pending adjustment or withdrawal
 * approval, and the money moves now. The admin who asked, and the owner of the wallet, get 403.
 */
import { isValid as isUlid } from 'ulid';
import { toApiApproval } from '../../../domain/api/oversight-answer';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { approveApproval } from '../../wallet/approvals';

export const handler = api(route.approveApproval, async function approvePendingApproval({ auth, params, body, log }) {
  if (!isUlid(params.id ?? '')) throw new NotFound('Approval not found');
  return toApiApproval(await approveApproval(params.id ?? '', auth.userId, body.note, log));
});
