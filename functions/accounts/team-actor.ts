/**
 * Who of a team spends: the account's wallet entries name the person who bought or refunded
 * (functions/wallet/ledger.ts `actedBy`), so an owner sees which member spent what.
 */
import type { User } from '../../domain/api/users';
import type { EntryActor } from '../../domain/api/wallet';
import { getUserById } from '../data/users';

/** The account as the wallet steps take it, naming `personId` as the one who acts (one read when it is not the account's own person). */
export async function actingFor<U extends User>(account: U, personId: string | undefined): Promise<U & { actor?: EntryActor }> {
  if (!personId) return account;
  const person = personId === account.id ? account : await getUserById(personId);
  return person ? { ...account, actor: { id: person.id, name: person.name, email: person.email } } : account;
}
