/**
 * Team members (functions/data/members.ts): a team is its owner's account. A shipper member spends
 * the owner's wallet and the ledger names them; a viewer reads and changes nothing; money routes
 * are the owner's; a removed member's live token stops at once; an invitation mailed through the
 * routes is accepted only by its email, once, by a person whose own account is empty.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getMembership, listMembers } from '../../functions/data/members';
import { listOutbox } from '../../functions/data/outbox';
import { getOrder } from '../../functions/data/orders';
import { getUserById } from '../../functions/data/users';
import type { ApiEntry } from '../../domain/api/wallet';
import { creditWallet } from './wallet-credit';
import { type Account, idempotencyKey, invoke, labelOrder, newAccount, newMember, scanTable } from './security/actors';

let owner: Account;
let shipper: Account;
let viewer: Account;
beforeAll(async () => {
  owner = await newAccount('user', 'team');
  [shipper, viewer] = await Promise.all([newMember(owner, 'shipper', 'team'), newMember(owner, 'viewer', 'team')]);
  await creditWallet(owner, 5000);
});

const transactionsOf = async (account: Account) => ((await invoke('GET /hoodpay/transactions', { token: account.token })).json as { data: ApiEntry[] }).data;

describe('a shipper member', () => {
  it("buys a label from the owner's wallet, and the ledger entry names the member", async () => {
    const before = (await getUserById(owner.id, { consistent: true }))!.balanceCents;
    const res = await invoke('POST /shipping/create-label', { token: shipper.token, headers: { 'idempotency-key': idempotencyKey() }, body: labelOrder() });
    expect(res.statusCode, res.body).toBe(201);
    const label = (res.json as { label: { shipOrderId: string; priceCents: number }; balanceCents: number }).label;

    // Stored under the team's account, paid from its wallet; the member's own wallet is untouched.
    expect((await getOrder(owner.id, label.shipOrderId))?.status).toBe('created');
    expect(await getOrder(shipper.id, label.shipOrderId)).toBeUndefined();
    expect((await getUserById(owner.id, { consistent: true }))!.balanceCents).toBe(before - label.priceCents);
    expect((await getUserById(shipper.id, { consistent: true }))!.balanceCents).toBe(0);
    expect((res.json as { balanceCents: number }).balanceCents).toBe(before - label.priceCents);

    const debit = (await transactionsOf(owner)).find((e) => e.orderId === label.shipOrderId && e.type === 'label');
    expect(debit?.amountCents).toBe(-label.priceCents);
    expect(debit?.actedBy).toEqual({ id: shipper.id, name: shipper.name, email: shipper.email });
    // The member reads the same ledger, and the owner sees the member's label in the shipments.
    expect((await transactionsOf(shipper)).map((e) => e.id)).toContain(debit?.id);
    const orders = (await invoke('GET /shipping/orders', { token: owner.token })).json as { orders: { shipOrderId: string }[] };
    expect(orders.orders.map((o) => o.shipOrderId)).toContain(label.shipOrderId);
  });

  it("sees the team's wallet and role in the profile, and keeps their own name", async () => {
    const res = await invoke('GET /auth/profile', { token: shipper.token });
    const profile = res.json as { id: string; name: string; balanceCents: number; team?: { accountId: string; role: string } };
    expect(profile.id).toBe(shipper.id);
    expect(profile.team).toMatchObject({ accountId: owner.id, role: 'shipper' });
    const account = (await getUserById(owner.id, { consistent: true }))!;
    expect(profile.balanceCents).toBe(account.balanceCents + account.heldCents);
  });

  it('cannot top up, open a checkout, withdraw or manage members (403), and nothing changes', async () => {
    const before = await scanTable();
    const refused = await Promise.all([
      invoke('POST /hoodpay/topup', { token: shipper.token, body: { amount: 10, creditType: 'Crypto' } }),
      invoke('POST /stripe/create-checkout-session', { token: shipper.token, body: { amount: 10 } }),
      invoke('POST /wallet/withdrawals', { token: shipper.token, body: { amount: 1 } }),
      invoke('GET /account/members', { token: shipper.token }),
      invoke('POST /account/members', { token: shipper.token, body: { email: 'someone@example.com', role: 'viewer' } }),
    ]);
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect((res.json as { message: string }).message).toBe('Your role in this team cannot do this');
    }
    expect(await scanTable()).toEqual(before);
  });
});

describe('a viewer member', () => {
  it('is refused a label purchase (403) and nothing changes', async () => {
    const before = await scanTable();
    const res = await invoke('POST /shipping/create-label', { token: viewer.token, headers: { 'idempotency-key': idempotencyKey() }, body: labelOrder() });
    expect(res.statusCode, res.body).toBe(403);
    expect(await scanTable()).toEqual(before);
  });

  it("reads the team's shipments and ledger, and still manages their own sign-in", async () => {
    expect((await invoke('GET /shipping/orders', { token: viewer.token })).statusCode).toBe(200);
    expect((await transactionsOf(viewer)).length).toBeGreaterThan(0);
    expect((await invoke('GET /auth/sessions', { token: viewer.token })).statusCode).toBe(200);
    expect((await invoke('POST /auth/addresses', { token: viewer.token, body: { ...labelOrder().from } })).statusCode).toBe(403);
  });
});

describe('removing a member', () => {
  it("answers 401 to the removed member's live token at once, and their own account stays theirs", async () => {
    const leaving = await newMember(owner, 'shipper', 'team-leave');
    expect((await invoke('GET /shipping/orders', { token: leaving.token })).statusCode).toBe(200);
    const member = (await listMembers(owner.id)).find((m) => m.userId === leaving.id)!;

    const res = await invoke('DELETE /account/members/{id}', { token: owner.token, params: { id: member.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await invoke('GET /shipping/orders', { token: leaving.token })).statusCode).toBe(401);
    expect((await invoke('GET /auth/profile', { token: leaving.token })).statusCode).toBe(401);
    expect(await getMembership(leaving.id)).toBeUndefined();
    expect((await listMembers(owner.id)).map((m) => m.id)).not.toContain(member.id);
    // A second removal of the same member finds nothing.
    expect((await invoke('DELETE /account/members/{id}', { token: owner.token, params: { id: member.id } })).statusCode).toBe(404);
  });

  it("is refused for another team's member (404), and nothing changes", async () => {
    const stranger = await newAccount('user', 'team-stranger');
    const member = (await listMembers(owner.id)).find((m) => m.userId === shipper.id)!;
    const before = await scanTable();
    expect((await invoke('DELETE /account/members/{id}', { token: stranger.token, params: { id: member.id } })).statusCode).toBe(404);
    expect(await scanTable()).toEqual(before);
  });
});

describe('an invitation through the routes', () => {
  const tokenIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get('invite')!;

  it('is mailed, accepted once by its email only, and listed as joined', async () => {
    const invitee = await newAccount('user', 'team-invitee');
    const res = await invoke('POST /account/members', { token: owner.token, body: { email: invitee.email.toUpperCase(), role: 'viewer' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json).toMatchObject({ email: invitee.email, role: 'viewer', joinedAt: null, userId: null });
    const [mail] = await listOutbox({ to: invitee.email });
    const token = tokenIn(mail!.text);

    // The same email twice: 409.
    expect((await invoke('POST /account/members', { token: owner.token, body: { email: invitee.email, role: 'shipper' } })).statusCode).toBe(409);
    // Someone else with the link: 403, and the invitation stays open.
    const other = await newAccount('user', 'team-other');
    expect((await invoke('POST /account/members/accept', { token: other.token, body: { token } })).statusCode).toBe(403);
    // A made-up token: 404.
    expect((await invoke('POST /account/members/accept', { token: invitee.token, body: { token: `${token}x` } })).statusCode).toBe(404);

    const accepted = await invoke('POST /account/members/accept', { token: invitee.token, body: { token } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json).toEqual({ accountId: owner.id, ownerName: owner.name, role: 'viewer' });
    expect(await getMembership(invitee.id)).toMatchObject({ accountId: owner.id, role: 'viewer' });
    expect((await invoke('POST /account/members/accept', { token: invitee.token, body: { token } })).statusCode).toBe(404);

    const list = (await invoke('GET /account/members', { token: owner.token })).json as {
      owner: { id: string };
      members: { email: string; joinedAt: string | null; name: string | null }[];
    };
    expect(list.owner.id).toBe(owner.id);
    expect(list.members.find((m) => m.email === invitee.email)).toMatchObject({ name: invitee.name });
    expect(list.members.find((m) => m.email === invitee.email)?.joinedAt).not.toBeNull();
  });

  it('is refused (409) to a person whose own wallet holds money, and nothing changes', async () => {
    const rich = await newAccount('user', 'team-rich');
    await creditWallet(rich, 100);
    await invoke('POST /account/members', { token: owner.token, body: { email: rich.email, role: 'shipper' } });
    const [mail] = await listOutbox({ to: rich.email });
    const before = await scanTable();
    const res = await invoke('POST /account/members/accept', { token: rich.token, body: { token: tokenIn(mail!.text) } });
    expect(res.statusCode, res.body).toBe(409);
    expect(await scanTable()).toEqual(before);
    expect(await getMembership(rich.id)).toBeUndefined();
  });

  it("is refused (409) to the owner's own email", async () => {
    expect((await invoke('POST /account/members', { token: owner.token, body: { email: owner.email, role: 'viewer' } })).statusCode).toBe(409);
  });
});
