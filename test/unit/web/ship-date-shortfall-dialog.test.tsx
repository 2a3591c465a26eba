// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, shipDateWindow, todayInEastern } from '@domain/ship-date';
import { loadPage } from '@/lib/full-page-navigation';
import { json } from './api-stub';
import { fillLabelForm, openLabelDialog, orderBody, submitButton } from './label-dialog';
import { apiOrder, apiUser, setupPageTests, signInAs } from './page-test-setup';

// jsdom cannot leave the page: record where the browser would have gone.
vi.mock('@/lib/full-page-navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/full-page-navigation')>()),
  loadPage: vi.fn(),
}));

setupPageTests();
beforeEach(() => {
  signInAs(apiUser());
  vi.mocked(loadPage).mockClear();
});

/** Each test fills the whole form with user-event: on a loaded machine that alone can pass the default 5 s. */
const slow = { timeout: 20_000 };

const shipDateInput = (dialog: HTMLElement) => within(dialog).getByLabelText<HTMLInputElement>('Ship date');

describe('Create Label dialog: the ship date', slow, () => {
  it('starts at today in US Eastern time, bounded by the 7-day window, and sends the chosen day', async () => {
    const { dialog, user, api } = await openLabelDialog({
      'POST /shipping/create-label': json({ label: apiOrder({ shipOrderId: 'o9' }), balance: 19, balanceCents: 1900, checkoutUrl: null }, 201),
    });
    const input = shipDateInput(dialog);
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveValue(todayInEastern());
    expect(input).toHaveAttribute('min', shipDateWindow().min);
    expect(input).toHaveAttribute('max', shipDateWindow().max);

    await fillLabelForm(user, dialog, 'credits');
    const day = addDays(todayInEastern(), 3);
    fireEvent.change(shipDateInput(dialog), { target: { value: day } });
    await user.click(submitButton(dialog));

    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(1));
    expect(api.calls('POST /shipping/create-label')[0]?.body).toEqual(orderBody('credits', { shipDate: day }));
  });

  it('refuses a day past the window before sending, with the schema message under the field', async () => {
    const { dialog, user, api } = await openLabelDialog();
    await fillLabelForm(user, dialog, 'credits');
    fireEvent.change(shipDateInput(dialog), { target: { value: addDays(todayInEastern(), 8) } });
    await user.click(submitButton(dialog));

    await waitFor(() => expect(shipDateInput(dialog)).toHaveAccessibleErrorMessage('Ship date must be within the next 7 days'));
    expect(api.calls('POST /shipping/create-label')).toHaveLength(0);
  });

  it("shows the server's 400 message for the ship date under the field", async () => {
    const { dialog, user } = await openLabelDialog({
      'POST /shipping/create-label': json({ message: 'Invalid request', fields: { shipDate: 'Ship date must be within the next 7 days' } }, 400),
    });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));

    await waitFor(() => expect(shipDateInput(dialog)).toHaveAccessibleErrorMessage('Ship date must be within the next 7 days'));
  });
});

describe('Create Label dialog: paying the shortfall by card', slow, () => {
  it("offers 'Pay $3.50 by card and buy' after a 402, sends payShortfall and goes to the checkout the server answers", async () => {
    let calls = 0;
    const { dialog, user, api } = await openLabelDialog({
      'POST /shipping/create-label': () => {
        calls++;
        return calls === 1
          ? Response.json({ message: 'Insufficient balance', shortfallCents: 350 }, { status: 402 })
          : Response.json(
              {
                label: apiOrder({ shipOrderId: 'o9', status: 'awaiting_payment', tracking: null, refundableUntil: null }),
                balance: 2.5,
                balanceCents: 250,
                checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_short',
              },
              { status: 201 },
            );
      },
    });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));

    const pay = await within(dialog).findByRole('button', { name: 'Pay $3.50 by card and buy' });
    await user.click(pay);

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_short'));
    const bodies = api.calls('POST /shipping/create-label').map((c) => c.body);
    expect(bodies).toEqual([orderBody('credits'), orderBody('credits', { payShortfall: true })]);
    // A new order for the server: the refused one's key is not reused.
    const keys = api.calls('POST /shipping/create-label').map((c) => c.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('offers no card button when the 402 does not say the shortfall', async () => {
    const { dialog, user } = await openLabelDialog({ 'POST /shipping/create-label': json({ message: 'Insufficient balance' }, 402) });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));

    expect(await within(dialog).findByText('Your wallet balance is too low for this label.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /by card and buy/ })).not.toBeInTheDocument();
  });
});
