import { formatDateTime } from '@/lib/transaction-labels';

/** A moment as the tables show it (local date and time), with the exact ISO time for machines. */
export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}
