// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi, type StubRequest } from './api-stub';
import { apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';
import { headerTexts, rowTexts } from './table-rows';

setupPageTests();

beforeEach(() => signInAs({ id: 'a1', name: 'Root Admin', email: 'root@example.com', role: 'admin' }));

const ann = apiUser({ id: 'u1', balance: 12.5, balanceCents: 1250 });
const bob = apiUser({ id: 'u2', name: 'Bob Stone', email: 'bob@example.com', balance: 0, balanceCents: 0 });
const root = apiUser({ id: 'a1', name: 'Root Admin', email: 'root@example.com', role: 'admin', balance: 1234.5, balanceCents: 123450 });

/** Two pages: the first ends with cursor `c1`. */
function usersPages({ url }: StubRequest) {
  return url.searchParams.get('cursor') === 'c1' ? Response.json({ users: [root], nextCursor: null }) : Response.json({ users: [ann, bob], nextCursor: 'c1' });
}

describe('admin users page', () => {
  it('lists ID, Name, Email, Balance, On hold, Role and an Adjust action, and loads the next page on demand', async () => {
    const api = stubApi({ 'GET /auth/users': usersPages });
    const user = userEvent.setup();
    renderAt('/admin-dashboard/users');

    expect(await screen.findByRole('cell', { name: 'Bob Stone' })).toBeInTheDocument();
    expect(headerTexts('All users')).toEqual(['ID', 'Name', 'Email', 'Balance', 'On hold', 'Role', 'Actions']);
    expect(rowTexts('All users')).toEqual([
      ['u1', 'Ann Lee', 'ann@example.com', '$12.50', '$0.00', 'user', 'Adjust'],
      ['u2', 'Bob Stone', 'bob@example.com', '$0.00', '$0.00', 'user', 'Adjust'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('cell', { name: 'Root Admin' })).toBeInTheDocument();
    expect(rowTexts('All users')[2]).toEqual(['a1', 'Root Admin', 'root@example.com', '$1234.50', '$0.00', 'admin', 'Adjust']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // Load more reads the first page again (balances change from this page and the withdrawals page), then the next.
    expect(api.calls('GET /auth/users').map((r) => r.url.searchParams.get('cursor'))).toEqual([null, null, 'c1']);
  });

  it('says so when there are no users', async () => {
    stubApi({ 'GET /auth/users': json({ users: [], nextCursor: null }) });
    renderAt('/admin-dashboard/users');
    expect(await screen.findByText('No users yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("toasts 'Failed to Fetch Users' and shows the error in the table", async () => {
    stubApi({ 'GET /auth/users': json({ message: 'Forbidden' }, 403) });
    renderAt('/admin-dashboard/users');

    expect(await screen.findByText('Failed to Fetch Users')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Forbidden');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
