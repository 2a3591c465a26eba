import type { ReactNode } from 'react';
import { useMayChange } from '../api/get-profile';

/** Its children for people who may change the account's data; nothing for a team's viewer (useMayChange). */
export function ShippersOnly({ children }: { children: ReactNode }) {
  return useMayChange() ? children : null;
}
