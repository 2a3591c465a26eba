import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubApi, type StubAnswer } from './api-stub';
import { apiUser } from './page-test-setup';
import { renderAt } from './render-route';
import { vi } from 'vitest';
import { todayInEastern } from '../../../domain/ship-date';
import type { Quote } from '../../../domain/api/quotes';

// Every file that opens the dialog fills much of the whole form (parcel, two address blocks with their
// optional fields, the payment) with user-event: alone a test takes a few seconds, but beside the other
// unit files on two busy cores one can pass the project's 20 s.
vi.setConfig({ testTimeout: 60_000 });

/** A table-mode quote of any form: the four label types at their prices for 2 lb, all available. */
export const tableQuote = (over: Partial<Quote> = {}): Quote => ({
  quoteId: 'quote-1',
  expiresAt: '2030-01-01T00:00:00.000Z',
  mode: 'table',
  zone: 8,
  rates: [
    ['priority', 'USPS Priority Flat Rate', 500],
    ['usps_priority', 'USPS Priority', 600],
    ['usps_ground', 'USPS Ground Advantage', 500],
    ['ground_lbs', 'USPS Ground Advantage (economy)', 450],
  ].map(([service, name, priceCents]) => ({
    service: String(service),
    name: String(name),
    description: `${String(name)}: what it is.`,
    priceCents: Number(priceCents),
    price: Number(priceCents) / 100,
    deliveryDays: 3,
    deliveryDate: '2030-01-04',
    cheapest: service === 'ground_lbs',
    fastest: service === 'priority',
    available: true,
    reason: null,
  })),
  ...over,
});

/** What the Shipping Labels page reads: the profile, no shipments, no saved addresses or packages. */
export const labelsPageApi = (): Record<string, StubAnswer> => ({
  'POST /shipping/rates': json(tableQuote()),
  'GET /auth/profile': json(apiUser({ balance: 25, balanceCents: 2500 })),
  'GET /shipping/orders': json({ orders: [], nextCursor: null, totalOrders: 0 }),
  'GET /auth/addresses': json([]),
  'GET /auth/packages': json([]),
  'GET /hoodpay/transactions': json({ data: [], nextCursor: null }),
});

/** Opens /user-dashboard with `answers` over labelsPageApi() and the Create Label dialog. */
export async function openLabelDialog(answers: Record<string, StubAnswer> = {}, user = userEvent.setup()) {
  const api = stubApi({ ...labelsPageApi(), ...answers });
  renderAt('/user-dashboard');
  await user.click(await screen.findByRole('button', { name: 'Create Label' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Label' });
  return { api, dialog, user };
}

export const sender = { name: 'Ann Lee', street: '12 Main St', city: 'Springfield', state: 'IL', zip: '62701' };
export const recipient = { name: 'Bob Ray', street: '9 Elm Ave', city: 'Portland', state: 'OR', zip: '97201' };

/** The order body those values make (what the server receives). */
export const orderBody = (paymentMethod: string, overrides: Record<string, unknown> = {}) => ({
  labelType: 'usps_priority',
  weight: 2,
  height: 4,
  length: 10,
  width: 6,
  from: { ...sender, country: 'US' },
  to: { ...recipient, country: 'US' },
  // The dialog's ship date starts at today in US Eastern time.
  shipDate: todayInEastern(),
  paymentMethod,
  // Every purchase names a quote of exactly its form (the stub's).
  quoteId: 'quote-1',
  ...overrides,
});

type User = ReturnType<typeof userEvent.setup>;

/** The sender or recipient block of the dialog. */
export const block = (dialog: HTMLElement, side: 'Sender' | 'Recipient') => within(dialog).getByRole('group', { name: side });

/** Replaces a field's text by pasting (much faster than typing each key in jsdom). */
async function replace(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) {
    await user.click(field);
    await user.paste(text);
  }
}

export async function fillAddress(user: User, group: HTMLElement, address: typeof sender) {
  const box = within(group);
  await replace(user, box.getByRole('textbox', { name: 'Name' }), address.name);
  await replace(user, box.getByRole('combobox', { name: 'Street' }), address.street);
  await replace(user, box.getByRole('textbox', { name: 'City' }), address.city);
  await user.selectOptions(box.getByRole('combobox', { name: 'State' }), address.state);
  await replace(user, box.getByRole('textbox', { name: 'ZIP' }), address.zip);
}

/** Sets the label type and weight (the estimate's inputs). */
export async function choosePackage(user: User, dialog: HTMLElement, labelType: string, weight: string) {
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Label type' }), labelType);
  await replace(user, within(dialog).getByRole('spinbutton', { name: 'Weight (lbs)' }), weight);
}

/** Fills every field for a 2 lb, 10x6x4 in USPS Priority label paid by `paymentMethod`. */
export async function fillLabelForm(user: User, dialog: HTMLElement, paymentMethod: 'credits' | 'purchase') {
  await choosePackage(user, dialog, 'usps_priority', '2');
  await replace(user, within(dialog).getByRole('spinbutton', { name: 'Height (in)' }), '4');
  await replace(user, within(dialog).getByRole('spinbutton', { name: 'Length (in)' }), '10');
  await replace(user, within(dialog).getByRole('spinbutton', { name: 'Width (in)' }), '6');
  await fillAddress(user, block(dialog, 'Sender'), sender);
  await fillAddress(user, block(dialog, 'Recipient'), recipient);
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Payment method' }), paymentMethod);
}

/** The dialog's submit button, whatever price it shows. */
export const submitButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /^Create Order/ });

/** The live estimate line. */
export const estimate = (dialog: HTMLElement) => within(dialog).getByText(/^Estimated cost:/).parentElement as HTMLElement;
