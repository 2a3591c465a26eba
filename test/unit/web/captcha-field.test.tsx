// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from './api-stub';
import { setupPageTests } from './page-test-setup';
import { renderAt } from './render-route';

// The real widget needs Web Workers and WebCrypto; the browser test runs it. Here <altcha-widget>
// stays an undefined element, and the test plays its `statechange` events.
vi.mock('altcha', () => ({}));
setupPageTests();

const challenge = (nonce: string) => ({ parameters: { algorithm: 'SHA-256', nonce, salt: 's', cost: 10, keyLength: 32, keyPrefix: '00' }, signature: 'sig' });

function widget(): HTMLElement {
  const element = document.querySelector('altcha-widget');
  if (!(element instanceof HTMLElement)) throw new Error('no <altcha-widget>');
  return element;
}

function solve(payload: string) {
  act(() => {
    widget().dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
}

describe('captcha field (altcha)', () => {
  it('hands the challenge to the widget, sends its payload, and shows a fresh challenge after a failed submit', async () => {
    const challenges = [challenge('first'), challenge('second')];
    const api = stubApi({
      'GET /auth/captcha-challenge': () => Response.json({ provider: 'altcha', challenge: challenges.shift() }),
      'POST /auth/login': json({ message: 'Invalid email or password' }, 401),
    });
    const user = userEvent.setup();
    renderAt('/login');
    // Shown before anyone types, the widget waits for the first focus in the form.
    await waitFor(() => expect(JSON.parse(widget().getAttribute('challenge') ?? '{}')).toMatchObject({ parameters: { nonce: 'first' } }));
    expect(widget()).toHaveAttribute('auto', 'onfocus');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-pass');

    // Not solved yet: the form refuses with the spec's message.
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText("Please verify you're not a robot")).toBeInTheDocument();
    expect(api.calls('POST /auth/login')).toHaveLength(0);

    solve('payload-1');
    await waitFor(() => expect(screen.queryByText("Please verify you're not a robot")).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Login Failed');
    expect(api.calls('POST /auth/login')[0]?.body).toMatchObject({ recaptchaToken: 'payload-1' });

    // The spent solution is gone: a new challenge, solved at once this time.
    await waitFor(() => expect(JSON.parse(widget().getAttribute('challenge') ?? '{}')).toMatchObject({ parameters: { nonce: 'second' } }));
    expect(widget()).toHaveAttribute('auto', 'onload');
  });

  it('solves at once when the widget arrives after the person started typing (its focus already happened)', async () => {
    let answer: (r: Response) => void = () => undefined;
    stubApi({ 'GET /auth/captcha-challenge': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    renderAt('/login');
    await user.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    expect(document.querySelector('altcha-widget')).toBeNull();

    answer(Response.json({ provider: 'altcha', challenge: challenge('late') }));
    await waitFor(() => expect(widget()).toHaveAttribute('auto', 'onload'));
  });

  it('offers a retry when the challenge cannot be loaded', async () => {
    const api = stubApi({ 'GET /auth/captcha-challenge': json({ message: 'Something went wrong. Please try again.' }, 500) });
    const user = userEvent.setup();
    renderAt('/signup');

    await user.click(await screen.findByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(api.calls('GET /auth/captcha-challenge')).toHaveLength(2));
  });
});
