// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { withReturnsUnderOutbound } from '@/features/labels/lib/return-rows';
import { stubApi, type StubRequest } from './api-stub';
import { labelsPageApi } from './label-dialog';
import { apiOrder, apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';
import { rowTexts } from './table-rows';

setupPageTests();
beforeEach(() => signInAs(apiUser()));

const TRACKING = '9400100000000000000055';
const outbound = apiOrder({ shipOrderId: 'o5', tracking: TRACKING, toEmail: 'bob@example.com' });
const returned = apiOrder({
  shipOrderId: 'o6',
  tracking: '9400100000000000000066',
  from: outbound.to,
  to: outbound.from,
  fromName: outbound.toName,
  fromCity: outbound.toCity,
  toName: outbound.fromName,
  toCity: outbound.fromCity,
  priceCents: 650,
  returnOf: 'o5',
  returnEmail: 'back@example.com',
});
const quoteAnswer = (quoteId: string, priceCents: number) =>
  Response.json({ message: "Here is the return label's price: send its quoteId to buy it.", quote: { quoteId, rates: [] }, priceCents }, { status: 409 });

/** The page with o5 listed; its return route quotes `q1` at $6.50, then buys it (and lists it above o5, as the server would). */
function returnApi(
  buy: (request: StubRequest) => Response = () => Response.json({ label: returned, balance: 18.5, balanceCents: 1850, checkoutUrl: null }, { status: 201 }),
) {
  let bought = false;
  return stubApi({
    ...labelsPageApi(),
    'GET /shipping/orders': () =>
      Response.json({ orders: bought ? [returned, { ...outbound, returns: ['o6'] }] : [outbound], nextCursor: null, totalOrders: bought ? 2 : 1 }),
    'POST /shipping/orders/o5/return': (request) => {
      if (!(request.body as { quoteId?: string }).quoteId) return quoteAnswer('q1', 650);
      const answer = buy(request);
      bought = answer.status === 201;
      return answer;
    },
  });
}

async function openDialog(user = userEvent.setup()) {
  renderAt('/user-dashboard');
  await user.click(await screen.findByRole('button', { name: `Create return label for ${TRACKING}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Create a return label' });
  return { dialog, user };
}

describe('Create return label', () => {
  it('shows the quoted price, buys the return at that quote with the recipient email, and lists it under its shipment', async () => {
    const api = returnApi();
    const { dialog, user } = await openDialog();

    expect(await within(dialog).findByText('Price: $6.50')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('A prepaid label from Bob Ray back to Ann Lee');
    expect(within(dialog).getByRole('textbox', { name: 'Send it to (email)' })).toHaveValue('bob@example.com');
    expect(within(dialog).getByRole('option', { name: 'Pay when used (not offered)' })).toBeDisabled();
    expect(dialog).toHaveTextContent('USPS charges return labels when they are made');
    // Asking the price bought nothing: one call, without a quote.
    expect(api.calls('POST /shipping/orders/o5/return').map((c) => c.body)).toEqual([{}]);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Send it to (email)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Send it to (email)' }), 'back@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Buy for $6.50' }));

    expect(await screen.findByText('Return label created')).toBeInTheDocument();
    const [, purchase] = api.calls('POST /shipping/orders/o5/return');
    expect(purchase?.body).toEqual({ quoteId: 'q1', payment: 'now', email: 'back@example.com' });
    expect(purchase?.headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    // The return is listed under its outbound, tagged, with no return of its own to make.
    await waitFor(() =>
      expect(rowTexts('Shipments').map((r) => [r[0], r[9], r[12]])).toEqual([
        ['1', TRACKING, 'Create return label'],
        ['2', '9400100000000000000066', 'Returnof shipment #1'],
      ]),
    );
  });

  it('refuses a bad email before sending anything', async () => {
    const api = returnApi();
    const { dialog, user } = await openDialog();
    await within(dialog).findByText('Price: $6.50');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Send it to (email)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Send it to (email)' }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Buy for $6.50' }));
    expect(await within(dialog).findByText('Invalid email format')).toBeInTheDocument();
    expect(api.calls('POST /shipping/orders/o5/return')).toHaveLength(1);
  });

  it('shows the fresh price when the quote expired, and buys only once it is confirmed', async () => {
    let tries = 0;
    const api = returnApi(() =>
      ++tries === 1 ? quoteAnswer('q2', 700) : Response.json({ label: returned, balance: 18, balanceCents: 1800, checkoutUrl: null }, { status: 201 }),
    );
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Buy for $6.50' }));
    expect(await within(dialog).findByText('Price: $7.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Buy for $7.00' }));
    expect(await screen.findByText('Return label created')).toBeInTheDocument();
    expect(api.calls('POST /shipping/orders/o5/return').map((c) => (c.body as { quoteId?: string }).quoteId)).toEqual([undefined, 'q1', 'q2']);
  });

  it("toasts the server's refusal (a short balance) and keeps the dialog", async () => {
    returnApi(() => Response.json({ message: 'Insufficient balance', shortfallCents: 150 }, { status: 402 }));
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Buy for $6.50' }));
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });
});

describe('withReturnsUnderOutbound', () => {
  it('moves each return under its outbound when listed, and leaves one whose outbound is not', () => {
    const a = apiOrder({ shipOrderId: 'a' });
    const b = apiOrder({ shipOrderId: 'b' });
    const returnOfA = apiOrder({ shipOrderId: 'ra', returnOf: 'a' });
    const returnOfGone = apiOrder({ shipOrderId: 'rx', returnOf: 'x' });
    expect(withReturnsUnderOutbound([returnOfGone, returnOfA, b, a]).map((o) => o.shipOrderId)).toEqual(['rx', 'b', 'a', 'ra']);
  });
});
