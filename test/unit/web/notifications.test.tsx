// @vitest-environment jsdom
/**
 * Notifications in the SPA: the Profile page's "Email notifications" section saves all
 * three settings; the Create Label dialog sends an optional recipient email as to.email; the public
 * unsubscribe page POSTs the mail's token only when its one button is pressed.
 */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { markSessionVerified, startSession } from '@/lib/session';
import { json, stubApi, type StubRequest } from './api-stub';
import { block, fillLabelForm, openLabelDialog, orderBody, recipient, submitButton } from './label-dialog';
import { apiOrder, apiUser, setupPageTests } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();
const ann = apiUser();

describe('profile page: email notifications', () => {
  beforeEach(() => {
    startSession('otp-token', { id: ann.id, name: ann.name, email: ann.email, role: ann.role });
    markSessionVerified('full-token');
  });

  it('shows the saved settings as labelled checkboxes and saves all three', async () => {
    const save = ({ body }: StubRequest) => Response.json({ ...ann, notifications: body });
    const api = stubApi({ 'GET /auth/profile': json(ann), 'PUT /auth/notifications': save });
    const user = userEvent.setup();
    renderAt('/user-dashboard/profile-edit');

    const section = await screen.findByRole('group', { name: 'Email notifications' });
    const delivered = within(section).getByRole('checkbox', { name: 'A label is delivered' });
    const exception = within(section).getByRole('checkbox', { name: 'A label has a delivery problem' });
    const unused = within(section).getByRole('checkbox', { name: /still unused 5 days before its refund window closes/ });
    expect(delivered).toBeChecked();
    expect(exception).toBeChecked();
    expect(unused).not.toBeChecked();
    const saveButton = within(section).getByRole('button', { name: 'Save notification settings' });
    expect(saveButton).toBeDisabled();

    await user.click(delivered);
    await user.click(unused);
    await user.click(saveButton);

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(api.calls('PUT /auth/notifications').map((c) => c.body)).toEqual([{ delivered: false, exception: true, unused: true }]);
    await waitFor(() => expect(saveButton).toBeDisabled());
  });
});

describe('Create Label dialog: recipient email', () => {
  beforeEach(() => {
    startSession('otp-token', { id: ann.id, name: ann.name, email: ann.email, role: ann.role });
    markSessionVerified('full-token');
  });

  it('sends the recipient email as to.email, and nothing when left blank', async () => {
    const created = () => Response.json({ label: apiOrder({ shipOrderId: 'o9' }), balance: 19, balanceCents: 1900, checkoutUrl: null }, { status: 201 });
    const { api, dialog, user } = await openLabelDialog({ 'POST /shipping/create-label': created });
    await fillLabelForm(user, dialog, 'credits');
    const email = within(block(dialog, 'Recipient')).getByRole('textbox', { name: 'Recipient email' });
    expect(within(block(dialog, 'Sender')).queryByRole('textbox', { name: 'Recipient email' })).toBeNull();

    await user.type(email, 'not-an-email');
    await user.click(submitButton(dialog));
    expect(await within(dialog).findByText('Invalid email format')).toBeInTheDocument();
    expect(api.calls('POST /shipping/create-label')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'bob@example.com');
    await user.click(submitButton(dialog));
    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(1));
    expect(api.calls('POST /shipping/create-label')[0]?.body).toEqual(orderBody('credits', { to: { ...recipient, country: 'US', email: 'bob@example.com' } }));
  });
});

describe('unsubscribe page', () => {
  it('posts the token only when Unsubscribe is pressed, then says what was turned off', async () => {
    const api = stubApi({
      'POST /notifications/unsubscribe': json({
        message: 'You get no more delivery notices. You can turn them on again in your profile.',
        unsubscribed: 'delivered',
      }),
    });
    const user = userEvent.setup();
    renderAt('/unsubscribe?token=abc.def.ghi');

    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(api.calls('POST /notifications/unsubscribe')).toHaveLength(0);
    await user.click(button);

    expect(await screen.findByRole('status')).toHaveTextContent('You get no more delivery notices.');
    expect(api.calls('POST /notifications/unsubscribe').map((c) => c.url.searchParams.get('token'))).toEqual(['abc.def.ghi']);
  });

  it("shows the server's message for a link that is not valid", async () => {
    stubApi({ 'POST /notifications/unsubscribe': json({ message: 'This unsubscribe link is not valid' }, 400) });
    const user = userEvent.setup();
    renderAt('/unsubscribe?token=forged');
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('This unsubscribe link is not valid')).toBeInTheDocument();
  });
});
