// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, markSessionVerified, startSession } from '@/lib/session';
import { json, stubApi, type StubRequest } from './api-stub';
import { apiUser, setupPageTests } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();
const ann = apiUser();

beforeEach(() => {
  startSession('otp-token', { id: ann.id, name: ann.name, email: ann.email, role: ann.role });
  markSessionVerified('full-token');
});

/** PUT /auth/profile answering the merged user, as the server does. */
const saveProfile = ({ body }: StubRequest) => Response.json({ ...ann, name: (body as { name: string }).name });

describe('profile page', () => {
  it('prefills the name, shows the email read-only, and keeps the password when it is left blank', async () => {
    const api = stubApi({ 'GET /auth/profile': json(ann), 'PUT /auth/profile': saveProfile });
    const user = userEvent.setup();
    renderAt('/user-dashboard/profile-edit');

    const name = await screen.findByLabelText(/^Name/);
    await waitFor(() => expect(name).toHaveValue('Ann Lee'));
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');

    await user.clear(name);
    await user.type(name, 'Ann Brown');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(api.calls('PUT /auth/profile')[0]?.body).toEqual({ name: 'Ann Brown' });
    expect(getSession().user?.name).toBe('Ann Brown');
    // The header's account menu follows the stored session user.
    expect(screen.getByRole('button', { name: 'Account menu for Ann Brown' })).toBeInTheDocument();
  });

  it('sends a new password only with a matching confirmation', async () => {
    const api = stubApi({ 'GET /auth/profile': json(ann), 'PUT /auth/profile': saveProfile });
    const user = userEvent.setup();
    renderAt('/user-dashboard/profile-edit');
    await waitFor(async () => expect(await screen.findByLabelText(/^Name/)).toHaveValue('Ann Lee'));

    await user.type(screen.getByLabelText('New password'), 'N3w!password');
    await user.type(screen.getByLabelText('Confirm new password'), 'N3w!passwor');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(api.calls('PUT /auth/profile')).toHaveLength(0);

    await user.type(screen.getByLabelText('Confirm new password'), 'd');
    // A new password needs the current one, asked for once a new one is typed.
    await user.type(await screen.findByLabelText(/^Current password/), 'Old!passw0rd');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile updated');
    expect(api.calls('PUT /auth/profile')[0]?.body).toEqual({ name: 'Ann Lee', password: 'N3w!password', currentPassword: 'Old!passw0rd' });
    // The fields empty again, so a second save keeps the new password.
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it("toasts 'Failed to update profile. Please try again.' when the save fails", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'GET /auth/profile': json(ann), 'PUT /auth/profile': json({ message: 'Something went wrong. Please try again.' }, 500) });
    const user = userEvent.setup();
    renderAt('/user-dashboard/profile-edit');
    await waitFor(async () => expect(await screen.findByLabelText(/^Name/)).toHaveValue('Ann Lee'));

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeInTheDocument();
    expect(getSession().user?.name).toBe('Ann Lee');
    expect(logged).toHaveBeenCalledWith('Profile update failed', expect.anything());
  });
});
