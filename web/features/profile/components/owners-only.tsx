import type { ReactNode } from 'react';
import { useIsOwner } from '../api/get-profile';

/**
 * Its children for the account's owner (useIsOwner); `otherwise` for a team's shipper or viewer;
 * nothing until the profile has answered, so no owner-only request is sent on someone else's behalf.
 */
export function OwnersOnly({ children, otherwise = null }: { children: ReactNode; otherwise?: ReactNode }) {
  const owner = useIsOwner();
  if (owner === undefined) return null;
  return owner ? children : otherwise;
}
