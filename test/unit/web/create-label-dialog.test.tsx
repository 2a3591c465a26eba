// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatUsd } from '@domain/money';
import { LABEL_TYPES, labelPriceCents } from '@domain/pricing';
import { loadPage } from '@/lib/full-page-navigation';
import { json, type StubAnswer } from './api-stub';
import { block, choosePackage, estimate, fillLabelForm, openLabelDialog, orderBody, submitButton, tableQuote } from './label-dialog';
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

const created = (overrides: Record<string, unknown> = {}) =>
  json({ label: apiOrder({ shipOrderId: 'o9', ...overrides }), balance: 19, balanceCents: 1900, checkoutUrl: null }, 201);
const networkError: StubAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('Create Label dialog: fields and estimate', () => {
  it('opens with the label types, an empty estimate and Create Order $0.00', async () => {
    const { dialog } = await openLabelDialog();

    const type = within(dialog).getByRole('combobox', { name: 'Label type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a label type', ...LABEL_TYPES.map((t) => t.name)]);
    expect(within(type).getByRole('option', { name: 'USPS Priority Flat Rate' })).toHaveValue('priority');
    const payment = within(dialog).getByRole('combobox', { name: 'Payment method' });
    expect(
      within(payment)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['', 'Select a payment method'],
      ['credits', 'Wallet credits'],
      ['purchase', 'Card'],
    ]);
    for (const side of ['Sender', 'Recipient']) {
      expect(within(within(dialog).getByRole('group', { name: side })).getByRole('textbox', { name: 'Country' })).toHaveValue('US');
    }
    expect(estimate(dialog)).toHaveTextContent('Estimated cost: $0.00');
    expect(estimate(dialog)).toHaveTextContent('Choose a label type and a weight up to 70 lbs.');
    expect(submitButton(dialog)).toHaveAccessibleName('Create Order $0.00');
  });

  it('estimates every label type at the weight band boundaries from the domain prices, live', async () => {
    const { dialog, user } = await openLabelDialog();

    for (const { uid } of LABEL_TYPES) {
      for (const weight of ['0.5', '30', '31', '70', '71']) {
        await choosePackage(user, dialog, uid, weight);
        const price = formatUsd(labelPriceCents(uid, Number(weight)));
        expect(estimate(dialog)).toHaveTextContent(`Estimated cost: ${price}`);
        expect(submitButton(dialog)).toHaveAccessibleName(`Create Order ${price}`);
      }
    }
    // The figures behind it, as SPEC section 9 gives them.
    await choosePackage(user, dialog, 'usps_priority', '30');
    expect(submitButton(dialog)).toHaveAccessibleName('Create Order $6.00');
    await choosePackage(user, dialog, 'usps_priority', '31');
    expect(submitButton(dialog)).toHaveAccessibleName('Create Order $7.00');
    await choosePackage(user, dialog, 'ground_lbs', '2');
    expect(submitButton(dialog)).toHaveAccessibleName('Create Order $4.50');
    await choosePackage(user, dialog, 'usps_priority', '71');
    expect(submitButton(dialog)).toHaveAccessibleName('Create Order $0.00');
    expect(estimate(dialog)).toHaveTextContent('Choose a label type and a weight up to 70 lbs.');
  }, 30_000);

  it("shows the schema's messages on an empty submit and calls nothing", async () => {
    const { api, dialog, user } = await openLabelDialog();
    await user.click(submitButton(dialog));

    expect(await within(dialog).findByText('Label Type is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Weight must be a positive number')).toBeInTheDocument();
    expect(within(dialog).getByText('Payment method is required')).toBeInTheDocument();
    // Height, length, width, and name, street, city, state and ZIP on each side (country is prefilled).
    expect(within(dialog).getAllByText('Required')).toHaveLength(3 + 2 * 5);
    expect(within(dialog).getByRole('spinbutton', { name: 'Weight (lbs)' })).toHaveAttribute('aria-invalid', 'true');
    // Chakra links the error text to its input a render after the text shows (CI saw the text first).
    await waitFor(() =>
      expect(within(dialog).getByRole('spinbutton', { name: 'Weight (lbs)' })).toHaveAccessibleErrorMessage('Weight must be a positive number'),
    );
    expect(api.calls('POST /shipping/create-label')).toHaveLength(0);
    expect(api.calls('POST /stripe/create-checkout-session')).toHaveLength(0);
  });

  it("refuses a zero or negative weight with 'Weight must be a positive number'", async () => {
    const { dialog, user } = await openLabelDialog();
    for (const weight of ['0', '-2']) {
      await choosePackage(user, dialog, 'priority', weight);
      await user.click(submitButton(dialog));
      expect(await within(dialog).findByText('Weight must be a positive number')).toBeInTheDocument();
    }
  });
});

describe('Create Label dialog: paying with wallet credits', () => {
  it('sends the order with an Idempotency-Key and keeps that key when retrying after a network error', async () => {
    const { api, dialog, user } = await openLabelDialog({ 'POST /shipping/create-label': networkError });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));

    expect(await screen.findByText('Order Creation Failed')).toBeInTheDocument();
    expect(screen.getByText('An error occurred. Please try again.')).toBeInTheDocument();
    api.set('POST /shipping/create-label', json({ message: 'Something went wrong. Please try again.' }, 500));
    await user.click(submitButton(dialog));
    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(2));
    api.set('POST /shipping/create-label', created());
    await user.click(submitButton(dialog));
    expect(await screen.findByText('Label Created Successfully')).toBeInTheDocument();

    const calls = api.calls('POST /shipping/create-label');
    expect(calls.map((c) => c.body)).toEqual([orderBody('credits'), orderBody('credits'), orderBody('credits')]);
    const keys = calls.map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(uuid);
    expect(new Set(keys).size).toBe(1);
  });

  it('sends the optional company, second street line and phone of each side, the phone as its ten digits, and refuses a bad phone first', async () => {
    const { api, dialog, user } = await openLabelDialog({ 'POST /shipping/create-label': created() });
    await fillLabelForm(user, dialog, 'credits');
    const sender = within(block(dialog, 'Sender'));
    const recipient = within(block(dialog, 'Recipient'));
    await user.type(sender.getByRole('textbox', { name: 'Company' }), 'Lee Books');
    await user.type(sender.getByRole('textbox', { name: 'Address line 2' }), 'Suite 200');
    await user.type(recipient.getByRole('textbox', { name: 'Phone' }), '503 555 01');
    await user.click(submitButton(dialog));
    expect(await recipient.findByText('Phone must be a 10-digit US number')).toBeInTheDocument();
    expect(api.calls('POST /shipping/create-label')).toHaveLength(0);

    await user.type(recipient.getByRole('textbox', { name: 'Phone' }), '00');
    await user.click(submitButton(dialog));
    expect(await screen.findByText('Label Created Successfully')).toBeInTheDocument();
    const body = orderBody('credits');
    expect(api.calls('POST /shipping/create-label')[0]?.body).toEqual({
      ...body,
      from: { ...body.from, company: 'Lee Books', street2: 'Suite 200' },
      to: { ...body.to, phone: '5035550100' },
    });
  });

  it('keeps the key while the server says the first order is still being processed (409 with Retry-After), then a new one after a final 409', async () => {
    const stillProcessing = () =>
      Response.json({ message: 'This order is still being processed. Try again in a moment.' }, { status: 409, headers: { 'Retry-After': '5' } });
    const { api, dialog, user } = await openLabelDialog({ 'POST /shipping/create-label': stillProcessing });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));
    await screen.findByText('This order is still being processed. Try again in a moment.');
    api.set(
      'POST /shipping/create-label',
      json({ message: 'This label could not be bought and its price went back to your wallet. Start a new order to try again.' }, 409),
    );
    await user.click(submitButton(dialog));
    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(2));
    await screen.findByText(/its price went back to your wallet/);
    await user.click(submitButton(dialog));
    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(3));

    const [first, second, third] = api.calls('POST /shipping/create-label').map((c) => c.headers['Idempotency-Key']);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });

  it('uses a new key once the order was refused (4xx) or its values changed', async () => {
    const { api, dialog, user } = await openLabelDialog({ 'POST /shipping/create-label': json({ message: 'Insufficient balance' }, 402) });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));
    // The refusal's toast, however long a loaded machine takes to send the order and render it (on
    // 2 busy cores that can pass findByText's 1 s default).
    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(1));
    await screen.findByText('Insufficient balance', undefined, { timeout: 5000 });
    api.set('POST /shipping/create-label', networkError);
    await user.click(submitButton(dialog));
    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(2));
    await choosePackage(user, dialog, 'usps_priority', '3');
    await user.click(submitButton(dialog));
    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(3));

    const keys = api.calls('POST /shipping/create-label').map((c) => c.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(3);
  });

  it("on success toasts 'Label Created Successfully' with the order id and type, resets, closes and refreshes orders and balance", async () => {
    let bought = false;
    const { api, dialog, user } = await openLabelDialog({
      'POST /shipping/create-label': (request) => ((bought = true), created()(request)),
      'GET /auth/profile': () => Response.json(apiUser(bought ? { balance: 19, balanceCents: 1900 } : { balance: 25, balanceCents: 2500 })),
      'GET /shipping/orders': () => Response.json({ orders: bought ? [apiOrder({ shipOrderId: 'o9' })] : [], nextCursor: null, totalOrders: bought ? 1 : 0 }),
    });
    expect(await screen.findByText('Balance: $25.00')).toBeInTheDocument();
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));

    expect(await screen.findByText('Label Created Successfully')).toBeInTheDocument();
    expect(screen.getByText('Order ID: o9 (USPS Priority)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Balance: $19.00')).toBeInTheDocument();
    expect(await screen.findByText('Ann Lee, Springfield')).toBeInTheDocument();

    // Reopened: an empty form, an empty estimate, and the next order gets its own key.
    await user.click(screen.getByRole('button', { name: 'Create Label' }));
    const again = await screen.findByRole('dialog', { name: 'Create Label' });
    expect(within(again).getByRole('combobox', { name: 'Label type' })).toHaveValue('');
    expect(within(again).getByRole('spinbutton', { name: 'Weight (lbs)' })).toHaveValue(null);
    expect(within(again).getByRole('combobox', { name: 'Payment method' })).toHaveValue('');
    expect(estimate(again)).toHaveTextContent('Estimated cost: $0.00');
    await fillLabelForm(user, again, 'credits');
    await user.click(submitButton(again));
    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(2));
    const [first, second] = api.calls('POST /shipping/create-label').map((c) => c.headers['Idempotency-Key']);
    expect(second).not.toBe(first);
  });

  it('names the label type from the catalogue when the answer has no name', async () => {
    const { dialog, user } = await openLabelDialog({ 'POST /shipping/create-label': created({ labelTypeName: undefined, labelType: 'priority' }) });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));
    expect(await screen.findByText('Order ID: o9 (USPS Priority Flat Rate)')).toBeInTheDocument();
  });

  it("on 402 toasts 'Insufficient balance', keeps the dialog and points to the wallet", async () => {
    const { dialog, user } = await openLabelDialog({ 'POST /shipping/create-label': json({ message: 'Insufficient balance' }, 402) });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));

    expect(await screen.findByText('Order Creation Failed')).toBeInTheDocument();
    expect(screen.getByText('Insufficient balance')).toBeInTheDocument();
    expect(within(dialog).getByText('Your wallet balance is too low for this label.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Account Wallet' })).toHaveAttribute('href', '/user-dashboard/transactions');
    // What was typed stays, to pay by card or after a top-up.
    expect(within(block(dialog, 'Sender')).getByRole('textbox', { name: 'Name' })).toHaveValue('Ann Lee');
    expect(submitButton(dialog)).toHaveAccessibleName('Create Order $6.00');
  });

  it("shows the server's message for other refusals", async () => {
    const { dialog, user } = await openLabelDialog({
      'POST /shipping/create-label': json({ message: 'The carrier is not answering right now. Your $6.00 is back in your wallet.' }, 502),
    });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));
    expect(await screen.findByText('Order Creation Failed')).toBeInTheDocument();
    expect(screen.getByText('The carrier is not answering right now. Your $6.00 is back in your wallet.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Your wallet balance is too low for this label.')).not.toBeInTheDocument();
  });
});

describe('Create Label dialog: paying by card', () => {
  it('opens a card checkout for the estimate with the order details and sends the browser there', async () => {
    const { api, dialog, user } = await openLabelDialog({
      'POST /stripe/create-checkout-session': json({ id: 'cs_1', url: 'https://checkout.stripe.com/c/pay/cs_1' }),
    });
    await fillLabelForm(user, dialog, 'purchase');
    await user.click(submitButton(dialog));

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'));
    expect(api.calls('POST /stripe/create-checkout-session').map((c) => c.body)).toEqual([
      { amount: 6, label: 'USPS Priority', metadata: { orderDetails: orderBody('purchase') } },
    ]);
    expect(api.calls('POST /shipping/create-label')).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: /Redirecting/ })).toBeDisabled();
  });

  it("toasts 'Failed to initiate payment.' or 'Failed to redirect to payment page.' when it cannot", async () => {
    const { api, dialog, user } = await openLabelDialog({
      'POST /stripe/create-checkout-session': json({ message: 'Something went wrong. Please try again.' }, 502),
    });
    await fillLabelForm(user, dialog, 'purchase');
    await user.click(submitButton(dialog));
    expect(await screen.findByText('Failed to initiate payment.')).toBeInTheDocument();

    api.set('POST /stripe/create-checkout-session', json({ id: 'cs_2' }));
    await user.click(submitButton(dialog));
    expect(await screen.findByText('Failed to redirect to payment page.')).toBeInTheDocument();
    expect(loadPage).not.toHaveBeenCalled();
    expect(submitButton(dialog)).toBeEnabled();
  });
});

describe('Create Label dialog: the quote', () => {
  it('table mode: keeps the label type select and says before submitting when the chosen type is not available for the parcel', async () => {
    const quote = tableQuote();
    quote.rates[1] = { ...quote.rates[1]!, available: false, priceCents: null, price: null, reason: 'USPS charges more to carry it.' };
    const { api, dialog, user } = await openLabelDialog({ 'POST /shipping/rates': json(quote) });
    await fillLabelForm(user, dialog, 'credits');

    expect(await within(dialog).findByText('USPS charges more to carry it.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Label type' })).toBeInTheDocument();
    // Create Order points at the label type and buys nothing, nor checks the addresses.
    await user.click(submitButton(dialog));
    expect(await within(dialog).findByText('Not available for this parcel: choose another one.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Label type' })).toHaveFocus();
    expect(api.calls('POST /shipping/create-label')).toHaveLength(0);
    expect(api.calls('POST /addresses/verify')).toHaveLength(0);
    // The quote is of the form as typed: the parcel and both addresses.
    expect(api.calls('POST /shipping/rates').at(-1)?.body).toMatchObject({ weight: 2, from: { zip: '62701' }, to: { zip: '97201' } });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Label type' }), 'usps_ground');
    expect(await within(dialog).findByText(/^USPS Ground Advantage: what it is\. Delivery in 3 business days, by 01\/04\/2030\.$/)).toBeInTheDocument();
  });

  it('rates mode: lists every service with its price and delivery, the cheapest chosen, and buys the chosen one from the quote', async () => {
    const rates = tableQuote({
      mode: 'rates',
      rates: [
        {
          ...tableQuote().rates[0]!,
          service: 'usps_ground_advantage',
          name: 'USPS Ground Advantage',
          priceCents: 812,
          price: 8.12,
          cheapest: true,
          fastest: false,
        },
        {
          ...tableQuote().rates[0]!,
          service: 'usps_priority_express',
          name: 'USPS Priority Mail Express',
          priceCents: 3310,
          price: 33.1,
          deliveryDays: 1,
          cheapest: false,
          fastest: true,
        },
        {
          ...tableQuote().rates[0]!,
          service: 'usps_priority_fr_small_box',
          name: 'USPS Priority Mail Flat Rate Small Box',
          priceCents: null,
          price: null,
          available: false,
          reason: 'The parcel does not fit.',
          cheapest: false,
          fastest: false,
        },
      ],
    });
    const { api, dialog, user } = await openLabelDialog({
      'POST /shipping/rates': json(rates),
      'POST /shipping/create-label': json({ label: apiOrder(), balance: 16.88, balanceCents: 1688, checkoutUrl: null }, 201),
    });
    await fillLabelForm(user, dialog, 'credits');

    const list = await within(dialog).findByRole('radiogroup', { name: 'Service' });
    expect(within(dialog).queryByRole('combobox', { name: 'Label type' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(list).getByRole('radio', { name: /USPS Ground Advantage/ })).toBeChecked());
    expect(within(list).getByRole('radio', { name: /Flat Rate Small Box/ })).toBeDisabled();
    expect(list).toHaveTextContent('The parcel does not fit.');
    expect(estimate(dialog)).toHaveTextContent('Estimated cost: $8.12');

    await user.click(within(list).getByRole('radio', { name: /Priority Mail Express/ }));
    expect(estimate(dialog)).toHaveTextContent('Estimated cost: $33.10');
    await user.click(submitButton(dialog));
    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(1));
    expect(api.calls('POST /shipping/create-label')[0]?.body).toMatchObject({ service: 'usps_priority_express', quoteId: 'quote-1' });
  });

  it('an expired quote: the 409 is said, the dialog stays open with the new price, and the next order names the new quote', async () => {
    const ground = (quoteId: string, priceCents: number) =>
      tableQuote({
        quoteId,
        mode: 'rates',
        rates: [
          {
            ...tableQuote().rates[0]!,
            service: 'usps_ground_advantage',
            name: 'USPS Ground Advantage',
            priceCents,
            price: priceCents / 100,
            cheapest: true,
            fastest: true,
          },
        ],
      });
    let quotes = 0;
    let orders = 0;
    const { api, dialog, user } = await openLabelDialog({
      // The dialog's quote until the purchase is refused, the fresh one after.
      'POST /shipping/rates': () => Response.json(orders === 0 ? ground('quote-1', 812) : ground(`quote-${++quotes + 1}`, 850)),
      'POST /shipping/create-label': () =>
        ++orders === 1
          ? Response.json({ message: 'This quote has expired; here is the price now.', quote: ground('quote-2', 850), priceCents: 850 }, { status: 409 })
          : Response.json({ label: apiOrder(), balance: 16.5, balanceCents: 1650, checkoutUrl: null }, { status: 201 }),
    });
    await fillLabelForm(user, dialog, 'credits');
    await waitFor(() => expect(estimate(dialog)).toHaveTextContent('Estimated cost: $8.12'));

    await user.click(submitButton(dialog));
    expect(await screen.findByText('This quote has expired; here is the price now.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Label' })).toBeInTheDocument();
    await waitFor(() => expect(estimate(dialog)).toHaveTextContent('Estimated cost: $8.50'));
    expect(api.calls('POST /shipping/create-label')).toHaveLength(1);

    await user.click(submitButton(dialog));
    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(2));
    expect(api.calls('POST /shipping/create-label')[1]?.body).toMatchObject({
      service: 'usps_ground_advantage',
      quoteId: expect.not.stringMatching(/^quote-1$/),
    });
  });
});
