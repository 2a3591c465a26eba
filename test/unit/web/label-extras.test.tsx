// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Quote } from '@domain/api/quotes';
import { json } from './api-stub';
import { estimate, fillLabelForm, openLabelDialog, orderBody, submitButton, tableQuote } from './label-dialog';
import { apiOrder, apiUser, setupPageTests, signInAs } from './page-test-setup';

setupPageTests();
beforeEach(() => signInAs(apiUser()));

/** The table quote with Adult Signature ($10.20) and $250 insured ($2.40) priced into every row. */
const quoteWithExtras = (): Quote => {
  const quote = tableQuote();
  quote.rates = quote.rates.map((r) => ({
    ...r,
    priceCents: r.priceCents! + 1020 + 240,
    postageCents: r.priceCents!,
    signatureCents: 1020,
    insuranceCents: 240,
    coverageCents: 10_000,
  }));
  return quote;
};

describe('Create Label dialog: label text, signature and insurance', () => {
  it('quotes and buys with the extras, shows what the price includes and USPS coverage, and totals them in the footer', async () => {
    const created = json({ label: apiOrder({ shipOrderId: 'o9' }), balance: 19, balanceCents: 1900, checkoutUrl: null }, 201);
    const { api, dialog, user } = await openLabelDialog({ 'POST /shipping/rates': json(quoteWithExtras()), 'POST /shipping/create-label': created });
    await fillLabelForm(user, dialog, 'credits');
    const box = within(dialog);
    await user.type(box.getByRole('textbox', { name: 'Label text line 1' }), 'Order #1042');
    await user.selectOptions(box.getByRole('combobox', { name: 'Signature' }), 'adult');
    await user.type(box.getByRole('textbox', { name: 'Declared value to insure ($)' }), '250');

    await waitFor(() =>
      expect(api.calls('POST /shipping/rates').at(-1)?.body).toMatchObject({ labelText: ['Order #1042', ''], signature: 'adult', insuredValueCents: 25_000 }),
    );
    expect(await box.findByText('Includes signature $10.20 and insurance $2.40. USPS covers up to $100.00 at no charge.')).toBeInTheDocument();
    // USPS Priority at $6.00 plus the extras.
    await waitFor(() => expect(estimate(dialog)).toHaveTextContent('$18.60'));

    await user.click(submitButton(dialog));
    expect(await screen.findByText('Label Created Successfully')).toBeInTheDocument();
    expect(api.calls('POST /shipping/create-label').at(-1)?.body).toEqual(
      orderBody('credits', { labelText: ['Order #1042', ''], signature: 'adult', insuredValueCents: 25_000 }),
    );
  });

  it("refuses a 26-character line, a declared value above $5,000 and one that is not money, with the schema's messages, and buys nothing", async () => {
    const { api, dialog, user } = await openLabelDialog();
    await fillLabelForm(user, dialog, 'credits');
    const box = within(dialog);
    const line = box.getByRole('textbox', { name: 'Label text line 2' });
    // The input stops at 25 characters; a pasted longer line is still refused by the schema.
    line.removeAttribute('maxlength');
    await user.click(line);
    await user.paste('x'.repeat(26));
    await user.type(box.getByRole('textbox', { name: 'Declared value to insure ($)' }), '5000.01');
    await user.click(submitButton(dialog));
    expect(await box.findByText('Each label text line must be at most 25 characters')).toBeInTheDocument();
    expect(box.getByText('Declared value is at most $5,000.00')).toBeInTheDocument();

    await user.clear(box.getByRole('textbox', { name: 'Declared value to insure ($)' }));
    await user.type(box.getByRole('textbox', { name: 'Declared value to insure ($)' }), 'lots');
    await user.click(submitButton(dialog));
    expect(await box.findByText('Declared value must be a number')).toBeInTheDocument();
    expect(api.calls('POST /shipping/create-label')).toHaveLength(0);
  });

  it('sends no extras for a label without any, as before they existed', async () => {
    const created = json({ label: apiOrder({ shipOrderId: 'o9' }), balance: 19, balanceCents: 1900, checkoutUrl: null }, 201);
    const { api, dialog, user } = await openLabelDialog({ 'POST /shipping/create-label': created });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));
    expect(await screen.findByText('Label Created Successfully')).toBeInTheDocument();
    expect(api.calls('POST /shipping/create-label').at(-1)?.body).toEqual(orderBody('credits'));
  });
});

describe('Shipping Labels list', () => {
  it("shows a label's signature, insured value and text lines under its type", async () => {
    const order = apiOrder({
      shipOrderId: 'o7',
      extras: { labelText: ['Order #1042'], signature: 'signature', insuredValueCents: 25_000, signatureCents: 365, insuranceCents: 240 },
    });
    await openLabelDialog({ 'GET /shipping/orders': json({ orders: [order], nextCursor: null, totalOrders: 1 }) });
    expect(await screen.findByText('Signature Confirmation · Insured $250.00 · "Order #1042"')).toBeInTheDocument();
  });
});
