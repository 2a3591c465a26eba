// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPage } from '@/lib/full-page-navigation';
import { json, stubApi, type StubAnswer } from './api-stub';
import { apiTransaction, apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

// jsdom cannot leave the page: record where the browser would have gone.
vi.mock('@/lib/full-page-navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/full-page-navigation')>()),
  loadPage: vi.fn(),
}));

setupPageTests();
const ann = apiUser();
beforeEach(() => {
  signInAs(ann);
  vi.mocked(loadPage).mockClear();
});

const wallet = { 'GET /auth/profile': json(ann), 'GET /hoodpay/transactions': json({ data: [], nextCursor: null }) };

/** Opens the wallet with `answers` and fills the Add Balance dialog; answers the dialog. */
async function deposit(answers: Record<string, StubAnswer>, creditType: string, amount: string) {
  const api = stubApi({ ...wallet, ...answers });
  const user = userEvent.setup();
  renderAt('/user-dashboard/transactions');
  await user.click(await screen.findByRole('button', { name: 'Add Balance' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Balance' });
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Credit type' }), creditType);
  if (amount) await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), amount);
  await user.click(within(dialog).getByRole('button', { name: 'Deposit' }));
  return { api, dialog, user };
}

describe('Add Balance dialog', () => {
  it('offers Card, Crypto and Bitcoin, keeps focus inside while open, and gives it back on closing', async () => {
    // The focus trap only moves focus to elements with a size, and jsdom lays nothing out. (Which
    // field comes first is checked in the browser test: jsdom's selector engine returns a comma
    // selector's matches out of document order.)
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
    stubApi(wallet);
    const user = userEvent.setup();
    renderAt('/user-dashboard/transactions');
    const open = await screen.findByRole('button', { name: 'Add Balance' });
    await user.click(open);

    const dialog = await screen.findByRole('dialog', { name: 'Add Balance' });
    const creditType = within(dialog).getByRole('combobox', { name: 'Credit type' });
    expect(
      within(creditType)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Card', 'Crypto', 'Bitcoin']);
    expect(creditType).toHaveValue('Card');
    await waitFor(() => expect(document.activeElement?.matches('input, select')).toBe(true));
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
  });

  it.each(['', '0', '0.5', '10000.01', '12.345', 'abc'])("refuses %j with 'Please enter a valid amount.' and calls nothing", async (amount) => {
    const { api, dialog } = await deposit({}, 'Card', amount);

    expect(await within(dialog).findByText('Please enter a valid amount.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /stripe/create-checkout-session')).toHaveLength(0);
    expect(api.calls('POST /hoodpay/topup')).toHaveLength(0);
  });

  it('sends a card deposit to create-checkout-session and the browser to the checkout URL', async () => {
    const { api, dialog } = await deposit(
      { 'POST /stripe/create-checkout-session': json({ id: 'cs_1', url: 'https://checkout.stripe.com/c/pay/cs_1' }) },
      'Card',
      '25',
    );

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'));
    expect(api.calls('POST /stripe/create-checkout-session').map((r) => r.body)).toEqual([{ amount: 25 }]);
    expect(api.calls('POST /hoodpay/topup')).toHaveLength(0);
    // Busy until the page unloads, so a second click cannot start a second payment...
    expect(within(dialog).getByRole('button', { name: /Redirecting/ })).toBeDisabled();
    // ...and usable again if the browser comes back to this very page from its back/forward cache.
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(await within(dialog).findByRole('button', { name: 'Deposit' })).toBeEnabled();
  });

  it('sends a same-origin checkout path (the local sandbox) as it came', async () => {
    await deposit({ 'POST /stripe/create-checkout-session': json({ id: 'cs_2', url: '/_local/checkout/cs_2' }) }, 'Card', '12.34');
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/_local/checkout/cs_2'));
  });

  it.each([
    ['Crypto', 'CRYPTO'],
    ['Bitcoin', 'BITCOIN'],
  ])('sends a %s deposit to hoodpay/topup with paymentMethod %s and the browser to its payment page', async (creditType, paymentMethod) => {
    const { api } = await deposit({ 'POST /hoodpay/topup': json({ data: { url: 'https://pay.hoodpay.io/p/1', hoodpayOrderId: 'h1' } }) }, creditType, '40.5');

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('https://pay.hoodpay.io/p/1'));
    expect(api.calls('POST /hoodpay/topup').map((r) => r.body)).toEqual([{ amount: 40.5, creditType, type: 'topup', paymentMethod }]);
    expect(api.calls('POST /stripe/create-checkout-session')).toHaveLength(0);
  });

  it("shows 'Transaction created', closes the dialog and refreshes the list when no payment URL comes back", async () => {
    const pending = apiTransaction({ status: 'pending', creditType: 'Crypto', paymentType: 'CRYPTO', amount: 10, amountCents: 1000 });
    let created = false;
    await deposit(
      {
        'POST /hoodpay/topup': () => ((created = true), Response.json({ data: { hoodpayOrderId: 'h1' } })),
        'GET /hoodpay/transactions': () => Response.json({ data: created ? [pending] : [], nextCursor: null }),
      },
      'Crypto',
      '10',
    );

    expect(await screen.findByText('Transaction created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(loadPage).not.toHaveBeenCalled();
    expect(await screen.findByText('$10.00')).toBeInTheDocument();
  });

  it("never follows a payment URL that is not http(s): 'Transaction created' instead", async () => {
    await deposit({ 'POST /hoodpay/topup': json({ data: { url: 'javascript:alert(1)' } }) }, 'Crypto', '10');
    expect(await screen.findByText('Transaction created')).toBeInTheDocument();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it("toasts 'Transaction failed' with the server's message, or 'Please try again'", async () => {
    const { dialog, user } = await deposit({ 'POST /hoodpay/topup': json({ message: 'Payment provider unavailable' }, 502) }, 'Bitcoin', '10');
    expect(await screen.findByText('Transaction failed')).toBeInTheDocument();
    expect(screen.getByText('Payment provider unavailable')).toBeInTheDocument();
    // The dialog stays open with what was typed, to try again.
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveValue('10');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('Please try again')).toBeInTheDocument();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it("toasts 'Failed to initiate payment.' when the card checkout cannot start", async () => {
    await deposit({ 'POST /stripe/create-checkout-session': json({ message: 'Something went wrong. Please try again.' }, 502) }, 'Card', '25');
    expect(await screen.findByText('Failed to initiate payment.')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it("toasts 'Failed to redirect to payment page.' when the card checkout answers no URL", async () => {
    const { dialog } = await deposit({ 'POST /stripe/create-checkout-session': json({ id: 'cs_3' }) }, 'Card', '25');
    expect(await screen.findByText('Failed to redirect to payment page.')).toBeInTheDocument();
    expect(loadPage).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Deposit' })).toBeEnabled();
  });
});
