import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../domain/api/wallet';
import { balanceAfter } from '../../../functions/receipts/balance-after';

type E = Pick<LedgerEntry, 'id' | 'amountCents' | 'type' | 'status' | 'createdAt' | 'completedAt'>;
const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
/** An entry created at `created` and ended at `ended` (null: still pending). */
const entry = (id: string, type: E['type'], amountCents: number, created: number, ended: number | null, status: E['status'] = 'completed'): E => ({
  id,
  type,
  amountCents,
  createdAt: at(created),
  completedAt: ended === null ? null : at(ended),
  status: ended === null ? 'pending' : status,
});

describe('balance after an entry (functions/receipts/balance-after.ts)', () => {
  const topUp = entry('A', 'topup', 2000, 1, 2);
  const label = entry('B', 'label', -600, 3, 3);
  const hold = entry('C', 'withdrawal', -500, 4, 9); // put on hold at :04, paid out at :09
  const second = entry('D', 'topup', 1000, 5, 6);
  const unpaid = entry('E', 'topup', 700, 5, null);
  const refused = entry('F', 'topup', 300, 5, 7, 'failed');
  const ledger = [second, hold, label, topUp, unpaid, refused];

  it('sums the completed entries up to and including the entry, in completion order', () => {
    expect(balanceAfter(ledger, topUp)).toBe(2000);
    expect(balanceAfter(ledger, label)).toBe(1400);
  });

  it('takes out what withdrawals held at that moment, and a payout leaves the spendable balance as it was', () => {
    expect(balanceAfter(ledger, second)).toBe(2000 - 600 - 500 + 1000);
    expect(balanceAfter(ledger, hold)).toBe(1900);
  });

  it('gives the held cents back once a withdrawal is refused', () => {
    const rejected = entry('C', 'withdrawal', -500, 4, 8, 'failed');
    const later = entry('G', 'topup', 100, 9, 10);
    expect(balanceAfter([topUp, rejected, later], later)).toBe(2100);
    expect(balanceAfter([topUp, rejected, entry('H', 'topup', 100, 5, 6)], entry('H', 'topup', 100, 5, 6))).toBe(1600);
  });

  it('orders entries completed in the same millisecond by id (a card label: its payment, then its debit)', () => {
    const pay = entry('01B', 'topup', 600, 1, 2);
    const debit = entry('01C', 'label', -600, 2, 2);
    expect(balanceAfter([debit, pay], pay)).toBe(600);
    expect(balanceAfter([debit, pay], debit)).toBe(0);
  });

  it('takes out what a card dispute held while it was open, below zero if need be, and gives it back once won', () => {
    const won = entry('C', 'dispute', -2000, 4, 8, 'cancelled'); // held at :04, won at :08
    const during = entry('D', 'topup', 100, 5, 6);
    const after = entry('G', 'topup', 100, 9, 10);
    const spent = entry('B', 'label', -600, 3, 3);
    expect(balanceAfter([topUp, spent, won, during, after], during)).toBe(2000 - 600 - 2000 + 100);
    expect(balanceAfter([topUp, spent, won, during, after], after)).toBe(2000 - 600 + 100 + 100);
  });

  it('keeps a lost dispute out for good', () => {
    const lost = entry('C', 'dispute', -2000, 4, 8);
    const after = entry('G', 'topup', 100, 9, 10);
    expect(balanceAfter([topUp, lost, after], lost)).toBe(0);
    expect(balanceAfter([topUp, lost, after], after)).toBe(100);
  });

  it('refuses an entry that did not complete', () => {
    expect(() => balanceAfter(ledger, unpaid)).toThrow();
  });
});
