/**
 * Who of a team spends: the account's wallet entries name the member who bought or refunded
 * (functions/wallet/ledger.ts `actedBy`), so an owner sees which member spent what. An entry that
 * names nobody was made by the account's own person (or by no person: a webhook, a job), so a
 * person on their own account has entries exactly as before teams.
 */
import type { User } from '../../domain/api/users';
import type { EntryActor } from '../../domain/api/wallet';
import { getUserById } from '../data/users';

/** The account as the wallet steps take it, naming `personId` when that is a member rather than the account's own person (one read then). */
export async function actingFor<U extends User>(account: U, personId: string | undefined): Promise<U & { actor?: EntryActor }> {
  if (!personId || personId === account.id) return account;
  const person = await getUserById(personId);
  return person ? { ...account, actor: { id: person.id, name: person.name, email: person.email } } : account;
}
