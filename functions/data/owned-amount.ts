import type { OwnedAmount } from '../../domain/api/wallet';

/** The attribute `key` of a stored item when it is text; null when absent (or not text). */
export const textAttribute = (item: Record<string, unknown>, key: string): string | null => (typeof item[key] === 'string' ? item[key] : null);

/**
 * The fields a ledger entry and a withdrawal request store alike, as read: an owner's name or email
 * missing from an old item reads as ''.
 */
export function ownedAmountFromItem(item: Record<string, unknown>): OwnedAmount {
  return {
    id: item.id as string,
    userId: item.userId as string,
    userName: textAttribute(item, 'userName') ?? '',
    userEmail: textAttribute(item, 'userEmail') ?? '',
    amountCents: Number(item.amountCents),
  };
}
