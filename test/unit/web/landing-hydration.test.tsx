// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateLanding, LandingDocument } from '@/app/landing-document';
import { hoistEmotionStyles } from '@/app/prerender-styles';
import { promoEndsAt } from '@/features/landing/lib/promo';
import { system } from '@/app/theme';
import { stubApi } from './api-stub';
import { stubBrowserApis } from './browser-api-stubs';
import { setupPageTests, signInAs } from './page-test-setup';

/**
 * The landing page as the build makes it (web/app/prerender.tsx, vite.config.ts: a signed-out
 * phone's page, its styles in the head) and as web/landing.tsx takes it over in the browser: React
 * hydrates the elements that are there, without a hydration error, and then the page is the
 * visitor's (their session, their screen, their clock).
 */
setupPageTests();

const HOUR = 3_600_000;

/** The visitor's clock stands at `now` (timers still run), on a page the build prerendered some hours before. */
function visitAt(now: number, { builtHoursBefore }: { builtHoursBefore: number }) {
  vi.useFakeTimers({ toFake: ['Date'], now });
  vi.stubEnv('VITE_PRERENDERED_AT', String(now - builtHoursBefore * HOUR));
}
const phone = () => stubBrowserApis(['(max-width: 768px)']);

let root: HTMLElement;
let hydrated: Root | undefined;
let errors: unknown[];
beforeEach(() => {
  stubApi({});
  errors = [];
  // React reports a hydration mismatch to the console, or as an error event where reportError exists.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  window.addEventListener('error', onError);
});
afterEach(() => {
  window.removeEventListener('error', onError);
  // Unmounting stops the page's timers (the counter's fade, the countdown) before jsdom goes away.
  act(() => hydrated?.unmount());
  hydrated = undefined;
  root.remove();
  document.head.querySelectorAll('style').forEach((style) => style.remove());
  vi.unstubAllEnvs();
});
const onError = (event: ErrorEvent) => void errors.push(event.error);

/** Writes the prerendered page into the document, as the built index.html holds it. */
function prerender(): HTMLElement {
  const html = renderToString(
    <StrictMode>
      <LandingDocument system={system} />
    </StrictMode>,
  );
  const { head, body } = hoistEmotionStyles(html, 'static');
  document.head.insertAdjacentHTML('beforeend', head);
  root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = body;
  document.body.append(root);
  return root;
}

async function hydrate() {
  await act(async () => {
    hydrated = hydrateLanding(root);
  });
}

describe('the landing page hydrates with React (web/app/landing-document.tsx, hydrateLanding)', () => {
  it('takes over every prerendered element on a phone, without an error, and then answers', async () => {
    phone();
    prerender();
    const before = [...root.querySelectorAll('*')];
    const input = screen.getByLabelText('Package weight (lbs)');
    await hydrate();

    expect([...root.querySelectorAll('*')]).toEqual(before);
    expect(before.every((element) => root.contains(element))).toBe(true);
    expect(errors).toEqual([]);
    fireEvent.change(input, { target: { value: '31' } });
    expect(screen.getByLabelText('Package weight (lbs)')).toBe(input);
    expect(screen.getByTestId('price-ours-value')).toHaveTextContent('$6.00');
    expect(screen.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/login');
  });

  it('gives a signed-in visitor the dashboard links of the page prerendered for a signed-out one, without an error', async () => {
    phone();
    prerender();
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    signInAs({ id: 'u1', name: 'Pat Shipper', email: 'pat@example.com', role: 'user' });
    await hydrate();

    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user-dashboard');
    expect(screen.getByRole('link', { name: 'Go To Dashboard' })).toHaveAttribute('href', '/user-dashboard');
    expect(screen.getByRole('link', { name: 'Open Your Dashboard' })).toHaveAttribute('href', '/user-dashboard');
    expect(screen.queryByRole('link', { name: /Sign In|Get Started/ })).not.toBeInTheDocument();
    expect(errors).toEqual([]);
  });

  it("gives a wide screen the calculator's number field, without an error", async () => {
    prerender();
    expect(screen.getByLabelText('Package weight (lbs)')).toHaveAttribute('type', 'text');
    await hydrate();

    expect(screen.getByLabelText('Package weight (lbs)')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Package weight (lbs)')).toHaveValue(1);
    expect(errors).toEqual([]);
  });
});

describe('the promo countdown of a prerendered landing page (web/features/landing/lib/promo.ts)', () => {
  const seconds = () => within(screen.getByRole('timer')).getByText((_text, element) => element?.getAttribute('data-unit') === 'seconds');

  it("shows '--' until the page hydrates, then the time left by the visitor's clock", async () => {
    phone();
    visitAt(promoEndsAt().getTime() - 30 * HOUR, { builtHoursBefore: 1 });
    prerender();
    expect(seconds()).toHaveTextContent('--');
    await hydrate();

    expect(seconds()).toHaveTextContent(/^\d\d$/);
    expect(within(screen.getByRole('timer')).getByText('01')).toHaveAttribute('data-unit', 'days');
    expect(errors).toEqual([]);
  });

  it('hydrates a promo that ended since the build as it was prerendered, then takes it away', async () => {
    phone();
    visitAt(promoEndsAt().getTime() + HOUR, { builtHoursBefore: 2 });
    prerender();
    expect(screen.getByRole('heading', { name: 'DEPOSIT $10 RECEIVE $5 CREDIT!' })).toBeInTheDocument();
    await hydrate();

    expect(screen.queryByRole('heading', { name: 'DEPOSIT $10 RECEIVE $5 CREDIT!' })).not.toBeInTheDocument();
    expect(errors).toEqual([]);
  });
});
