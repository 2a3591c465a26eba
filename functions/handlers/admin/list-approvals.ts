/** GET /admin/approvals: the requests waiting for (or decided by) a second admin, newest first, optionally of one `?status=`, from an index. */
import { toApiApproval } from '../../../domain/api/oversight-answer';
import { listApprovals } from '../../data/approvals';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.listApprovals, async function listPendingApprovals({ query }) {
  const page = await listApprovals(query, query.status);
  return { approvals: page.items.map(toApiApproval), nextCursor: page.nextCursor };
});
