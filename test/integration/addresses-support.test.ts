/**
 * Saved addresses and support requests against DynamoDB Local through the local front: duplicates are
 * refused by the table even when saved concurrently, another user's address is a 404, and a support
 * request is stored and mailed to support with the user as reply-to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../functions/data/outbox';
import { createUser } from '../../functions/data/users';
import { signSessionToken } from '../session-token';
import { startFront, type Front } from '../../infra/local/server';

let front: Front;
beforeAll(async () => {
  front = await startFront({ port: 0, spa: 'none' });
});
afterAll(() => front.close());

let n = 0;
async function newUser() {
  const user = await createUser({ name: 'Addr User', email: `addr${++n}-${Date.now()}@example.com`, passwordHash: 'x', verified: true });
  return { ...user, token: await signSessionToken({ userId: user.id, role: 'user', scope: 'full' }) };
}
const call = (token: string, method: string, path: string, body?: unknown) =>
  fetch(front.url + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const home = { name: 'Home', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };

describe('saved addresses', () => {
  it('saves, lists newest first and deletes', async () => {
    const user = await newUser();
    const first = await call(user.token, 'POST', '/auth/addresses', home);
    expect(first.status).toBe(201);
    const saved = (await first.json()) as { id: string; state: string };
    await call(user.token, 'POST', '/auth/addresses', { ...home, name: 'Work', street: '500 Congress Ave' });
    const list = (await (await call(user.token, 'GET', '/auth/addresses')).json()) as { name: string }[];
    expect(list.map((a) => a.name)).toEqual(['Work', 'Home']);
    expect((await call(user.token, 'DELETE', `/auth/addresses/${saved.id}`)).status).toBe(200);
    expect(((await (await call(user.token, 'GET', '/auth/addresses')).json()) as unknown[]).length).toBe(1);
    // Deleting frees the place: it can be saved again.
    expect((await call(user.token, 'POST', '/auth/addresses', home)).status).toBe(201);
  });

  it('refuses the same place again, ignoring case and spaces, with 409', async () => {
    const user = await newUser();
    await call(user.token, 'POST', '/auth/addresses', home);
    const again = await call(user.token, 'POST', '/auth/addresses', { ...home, name: 'Other name', street: '  1 MAIN  st ', city: 'austin', state: 'tx' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'This address is already saved.' });
  });

  it('keeps exactly one of 8 concurrent saves of one address', async () => {
    const user = await newUser();
    const statuses = await Promise.all(Array.from({ length: 8 }, () => call(user.token, 'POST', '/auth/addresses', home).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(((await (await call(user.token, 'GET', '/auth/addresses')).json()) as unknown[]).length).toBe(1);
  });

  it("answers 404 for another user's address and leaves it alone", async () => {
    const owner = await newUser();
    const other = await newUser();
    const { id } = (await (await call(owner.token, 'POST', '/auth/addresses', home)).json()) as { id: string };
    expect((await call(other.token, 'DELETE', `/auth/addresses/${id}`)).status).toBe(404);
    expect(((await (await call(other.token, 'GET', '/auth/addresses')).json()) as unknown[]).length).toBe(0);
    expect(((await (await call(owner.token, 'GET', '/auth/addresses')).json()) as unknown[]).length).toBe(1);
    // The same place is separate per user.
    expect((await call(other.token, 'POST', '/auth/addresses', home)).status).toBe(201);
  });

  it('needs all six fields, a US state and a 5-digit or ZIP+4 code', async () => {
    const user = await newUser();
    const res = await call(user.token, 'POST', '/auth/addresses', { ...home, state: 'Texas', zip: '787', city: '' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      city: 'Required',
      state: 'Use a two-letter US state code',
      zip: 'ZIP must be 5 digits or ZIP+4',
    });
  });
});

describe('support requests', () => {
  it('stores the request and mails support with the account as reply-to', async () => {
    const user = await newUser();
    const res = await call(user.token, 'POST', '/support', {
      email: 'spoofed@example.com',
      subject: 'Billing Questions',
      message: 'Where is my refund for order 42?',
      _replyto: 'spoofed@example.com',
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { message: string }).message).toBe(`Thanks! We'll reply to ${user.email} soon.`);
    const [mail] = await listOutbox({ to: 'support@prepaidship.local' });
    expect(mail?.subject).toBe('[Support] Billing Questions');
    expect(mail?.text).toContain('Where is my refund for order 42?');
    expect(mail?.text).toContain(user.email);
    expect(mail?.text).not.toContain('spoofed');
  });

  it('refuses a short message with the spec message', async () => {
    const user = await newUser();
    const res = await call(user.token, 'POST', '/support', { email: user.email, subject: 'Other', message: 'too short' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Message must be at least 10 characters', fields: { message: 'Message must be at least 10 characters' } });
  });
});
