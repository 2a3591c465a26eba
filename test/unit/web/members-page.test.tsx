// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from './api-stub';
import { apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();
beforeEach(() => signInAs(apiUser()));

const joined = {
  id: 'm1',
  email: 'bo@example.com',
  role: 'shipper',
  name: 'Bo Shipper',
  userId: 'u2',
  invitedBy: 'ann@example.com',
  invitedAt: '2025-03-01T00:00:00.000Z',
  joinedAt: '2025-03-02T00:00:00.000Z',
};
const members = { owner: { id: 'u1', name: 'Ann Lee', email: 'ann@example.com' }, members: [joined] };
const team = (role: string) => ({ accountId: 'u9', role, ownerName: 'Olga Owner', ownerEmail: 'olga@example.com' });

describe('Team page', () => {
  it('lists the members to the owner and sends an invitation', async () => {
    const invited = { ...joined, id: 'm2', email: 'cy@example.com', name: null, userId: null, joinedAt: null, role: 'viewer' };
    const api = stubApi({ 'GET /auth/profile': json(apiUser()), 'GET /account/members': json(members), 'POST /account/members': json(invited, 201) });
    renderAt('/user-dashboard/team');
    const table = await screen.findByRole('table', { name: 'Members' });
    await waitFor(() => expect(within(table).getByText('Bo Shipper (bo@example.com)')).toBeInTheDocument());

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'cy@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'viewer');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.calls('POST /account/members')).toHaveLength(1));
    expect(api.calls('POST /account/members')[0]?.body).toEqual({ email: 'cy@example.com', role: 'viewer' });
  });

  it("tells a member whose team they act for, and asks nothing of the owner's routes", async () => {
    const api = stubApi({ 'GET /auth/profile': json(apiUser({ team: team('viewer') })) });
    renderAt('/user-dashboard/team');
    expect(await screen.findByTestId('team-membership')).toHaveTextContent("You act for Olga Owner's team (olga@example.com) as viewer.");
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
    expect(api.calls('GET /account/members')).toHaveLength(0);
  });

  it('joins from the mailed link', async () => {
    const api = stubApi({
      'GET /auth/profile': json(apiUser()),
      'GET /account/members': json({ ...members, members: [] }),
      'POST /account/members/accept': json({ accountId: 'u9', ownerName: 'Olga Owner', role: 'shipper' }),
    });
    renderAt('/user-dashboard/team?invite=tok123');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Join the team' }));
    await waitFor(() => expect(api.calls('POST /account/members/accept')).toHaveLength(1));
    expect(api.calls('POST /account/members/accept')[0]?.body).toEqual({ token: 'tok123' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Join the team' })).not.toBeInTheDocument());
  });
});

describe('Shipping Labels for a viewer', () => {
  it('shows no Create Label button', async () => {
    stubApi({
      'GET /auth/profile': json(apiUser({ team: team('viewer') })),
      'GET /shipping/orders': json({ orders: [], nextCursor: null, totalOrders: 0 }),
    });
    renderAt('/user-dashboard');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create Label' })).not.toBeInTheDocument());
  });
});
