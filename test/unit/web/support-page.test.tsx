// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SUPPORT_SUBJECTS } from '@domain/constants';
import { json, stubApi, type StubAnswer } from './api-stub';
import { apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();

const ann = apiUser();
const admin = apiUser({ id: 'u9', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
const sent = json({ message: "Thanks! We'll reply to ann@example.com soon.", id: 'r1' }, 201);

async function renderPage(path = '/user-dashboard/support', answer: StubAnswer = sent, user = ann) {
  signInAs(user);
  const api = stubApi({ 'GET /auth/profile': json(user), 'POST /support': answer });
  const person = userEvent.setup();
  renderAt(path);
  await screen.findByRole('heading', { level: 1, name: 'Support' });
  return {
    api,
    user: person,
    email: screen.getByRole('textbox', { name: 'Email' }),
    subject: screen.getByRole('combobox', { name: 'Subject' }),
    message: screen.getByRole('textbox', { name: 'Message' }),
    send: screen.getByRole('button', { name: 'Send Message' }),
  };
}

describe('Support page', () => {
  it("shows the account's email read-only and SPEC's subjects", async () => {
    const { email, subject } = await renderPage();
    expect(email).toHaveValue('ann@example.com');
    expect(email).toHaveAttribute('readonly');
    expect([...(subject as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Select a subject', ...SUPPORT_SUBJECTS]);
    expect(subject).toHaveValue('');
  });

  it("says 'Please select a subject' and 'Please enter your message' for an empty form, and sends nothing", async () => {
    const { api, user, send } = await renderPage();
    await user.click(send);

    expect(await screen.findByText('Please select a subject')).toBeInTheDocument();
    expect(screen.getByText('Please enter your message')).toBeInTheDocument();
    expect(api.calls('POST /support')).toHaveLength(0);
  });

  it("says 'Message must be at least 10 characters' for a short message", async () => {
    const { api, user, subject, message, send } = await renderPage();
    await user.selectOptions(subject, 'Other');
    await user.type(message, 'Too short');
    await user.click(send);

    expect(await screen.findByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(api.calls('POST /support')).toHaveLength(0);
  });

  it("sends email, subject, message and _replyto, toasts the server's confirmation and empties the form", async () => {
    const { api, user, email, subject, message, send } = await renderPage();
    await user.selectOptions(subject, 'Billing Questions');
    await user.type(message, 'Please withdraw my unused credits.');
    await user.click(send);

    expect(await screen.findByText("Thanks! We'll reply to ann@example.com soon.")).toBeInTheDocument();
    expect(screen.getByText('Support request sent')).toBeInTheDocument();
    expect(api.calls('POST /support')[0]?.body).toEqual({
      email: 'ann@example.com',
      subject: 'Billing Questions',
      message: 'Please withdraw my unused credits.',
      _replyto: 'ann@example.com',
    });
    await waitFor(() => expect(message).toHaveValue(''));
    expect(subject).toHaveValue('');
    expect(email).toHaveValue('ann@example.com');
  });

  it("toasts 'Failed to send support request' and keeps the message when sending fails", async () => {
    const { user, subject, message, send } = await renderPage(undefined, json({ message: 'Something went wrong. Please try again.', requestId: 'x' }, 500));
    await user.selectOptions(subject, 'Technical Support');
    await user.type(message, 'The PDF does not open on my phone.');
    await user.click(send);

    expect(await screen.findByText('Failed to send support request')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(message).toHaveValue('The PDF does not open on my phone.');
  });

  it("is the admins' support page too, with their email and their FAQ link", async () => {
    const { api, user, email, subject, message, send } = await renderPage('/admin-dashboard/support', sent, admin);
    expect(email).toHaveValue('ada@example.com');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/admin-dashboard/faq');

    await user.selectOptions(subject, 'Feature Request');
    await user.type(message, 'A CSV export of all users, please.');
    await user.click(send);
    await screen.findByText('Support request sent');
    expect(api.calls('POST /support')[0]?.body).toMatchObject({ email: 'ada@example.com', _replyto: 'ada@example.com' });
  });
});
