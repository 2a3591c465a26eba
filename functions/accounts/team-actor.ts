/**
 * Who of a team spends: the account's wallet entries name the member or the API key that bought or
 * refunded (functions/wallet/ledger.ts `actedBy`), so an owner sees who spent what. An entry that
 * names nobody was made by the account's own person (or by no person: a webhook, a job), so a
 * person on their own account has entries exactly as before teams.
 */
import type { User } from '../../domain/api/users';
import type { EntryActor } from '../../domain/api/wallet';
import { apiKeyName } from '../data/api-keys';
import { getUserById } from '../data/users';

/** How an API key is named as an actor (`apikey:<key id>`), beside a person's user id. */
const KEY_ACTOR = 'apikey:';

/** Who acts in a request: its API key when it came with one, else the person signed in. Stored as a batch's `purchasedBy`. */
export const actorOf = (auth: { userId: string; apiKey?: { id: string } }): string => (auth.apiKey ? `${KEY_ACTOR}${auth.apiKey.id}` : auth.userId);

/**
 * The account as the wallet steps take it, naming the actor (actorOf) when that is a member or an
 * API key rather than the account's own person (one read then). A key's entries read "API key <name>",
 * with no email.
 */
export async function actingFor<U extends User>(account: U, actorId: string | undefined): Promise<U & { actor?: EntryActor }> {
  if (!actorId || actorId === account.id) return account;
  if (actorId.startsWith(KEY_ACTOR)) {
    const name = await apiKeyName(account.id, actorId.slice(KEY_ACTOR.length));
    return name === undefined ? account : { ...account, actor: { id: actorId, name: `API key ${name}`, email: '' } };
  }
  const person = await getUserById(actorId);
  return person ? { ...account, actor: { id: person.id, name: person.name, email: person.email } } : account;
}
