// @vitest-environment jsdom
/**
 * The address check in the browser, against a stubbed API: the Create Label
 * dialog checks sender and recipient before buying and the Manage Addresses form before saving.
 * Both fine: bought as before. A finding: a focused region shows what was entered and the
 * suggestion; one click uses it (and buys), or keeps the address as entered. The check failing
 * never blocks the purchase.
 */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi, type StubAnswer, type StubRequest } from './api-stub';
import { block, fillLabelForm, openLabelDialog, orderBody, recipient, submitButton } from './label-dialog';
import { apiOrder, apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();
beforeEach(() => signInAs(apiUser()));

const created = json({ label: apiOrder({ shipOrderId: 'o9' }), balance: 19, balanceCents: 1900, checkoutUrl: null }, 201);
const valid = { valid: true, suggestion: null, messages: [], residential: true };
/** The recipient's ZIP belongs to another city: the check suggests it. */
const suggested = { ...recipient, city: 'Salem', country: 'US' };
const verify: StubAnswer = (req: StubRequest) => {
  const body = req.body as { zip: string; city: string };
  return body.zip === recipient.zip
    ? Response.json({ valid: false, suggestion: suggested, messages: ['ZIP 97201 belongs to Salem, not Portland.'], residential: false })
    : Response.json(valid);
};

// Each test fills the whole label form in jsdom: seconds on a loaded machine.
describe('Create Label dialog: address check', { timeout: 20_000 }, () => {
  it('checks both addresses and buys at once when both are fine (no extra click)', async () => {
    const { api, dialog, user } = await openLabelDialog({ 'POST /addresses/verify': json(valid), 'POST /shipping/create-label': created });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));

    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(1));
    expect(api.calls('POST /addresses/verify').map((c) => c.body)).toEqual([orderBody('credits').from, orderBody('credits').to]);
    expect(screen.queryByRole('region', { name: /Check the address/ })).not.toBeInTheDocument();
  });

  it('shows a mismatch with focus on it; "Use suggested address" fills the fields and buys with them in one click', async () => {
    const { api, dialog, user } = await openLabelDialog({ 'POST /addresses/verify': verify, 'POST /shipping/create-label': created });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));

    const panel = await within(dialog).findByRole('region', { name: 'Check the address' });
    await waitFor(() => expect(panel).toHaveFocus());
    const finding = within(panel).getByRole('group', { name: 'Recipient address check' });
    expect(finding).toHaveTextContent('ZIP 97201 belongs to Salem, not Portland.');
    expect(finding).toHaveTextContent('You entered');
    expect(finding).toHaveTextContent('Portland, OR 97201');
    expect(finding).toHaveTextContent('Salem, OR 97201');
    // What the check says of the place, for reading only.
    expect(finding).toHaveTextContent('Business address');
    expect(api.calls('POST /shipping/create-label')).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Use suggested address' }));
    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(1));
    expect(api.calls('POST /shipping/create-label')[0]?.body).toEqual(orderBody('credits', { to: suggested }));
    expect(api.calls('POST /addresses/verify')).toHaveLength(2);
  });

  it('"Keep my address" buys with the address as entered, and the same addresses are not checked again', async () => {
    const { api, dialog, user } = await openLabelDialog({
      'POST /addresses/verify': verify,
      'POST /shipping/create-label': json({ message: 'Insufficient balance' }, 402),
    });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));
    const panel = await within(dialog).findByRole('region', { name: 'Check the address' });
    await user.click(within(panel).getByRole('button', { name: 'Keep my address' }));

    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(1));
    expect(api.calls('POST /shipping/create-label')[0]?.body).toEqual(orderBody('credits'));
    expect(within(block(dialog, 'Recipient')).getByRole('textbox', { name: 'City' })).toHaveValue('Portland');
    // A second try of the same order goes straight to the purchase.
    await user.click(submitButton(dialog));
    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(2));
    expect(api.calls('POST /addresses/verify')).toHaveLength(2);
  });

  it('buys as entered, with a short note, when the check is down', async () => {
    const { api, dialog, user } = await openLabelDialog({
      'POST /addresses/verify': json({ message: 'Address check is not answering right now. Please try again in a moment.' }, 502),
      'POST /shipping/create-label': created,
    });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(submitButton(dialog));

    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(1));
    expect(api.calls('POST /shipping/create-label')[0]?.body).toEqual(orderBody('credits'));
    expect(await screen.findByText('Addresses not checked')).toBeInTheDocument();
  });
});

describe("Create Label dialog: a side's Save Address checks first", { timeout: 20_000 }, () => {
  it('offers the suggestion under that side; taking it fills the side and saves the suggested address', async () => {
    const { api, dialog, user } = await openLabelDialog({
      'POST /addresses/verify': verify,
      'POST /auth/addresses': json({ id: 'a1', ...suggested, createdAt: '2025-03-03T00:00:00.000Z' }, 201),
    });
    await fillLabelForm(user, dialog, 'credits');
    await user.click(within(block(dialog, 'Recipient')).getByRole('button', { name: 'Save Address' }));

    const panel = await within(block(dialog, 'Recipient')).findByRole('region', { name: 'Check the address' });
    await waitFor(() => expect(panel).toHaveFocus());
    expect(within(panel).getByRole('group', { name: 'Recipient address check' })).toHaveTextContent('Salem, OR 97201');
    expect(api.calls('POST /auth/addresses')).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Use suggested address' }));
    await waitFor(() => expect(api.calls('POST /auth/addresses')).toHaveLength(1));
    expect(api.calls('POST /auth/addresses')[0]?.body).toEqual(suggested);
    expect(within(block(dialog, 'Recipient')).getByRole('textbox', { name: 'City' })).toHaveValue('Salem');
    expect(api.calls('POST /shipping/create-label')).toHaveLength(0);
  });
});

describe('Manage Addresses: address check before saving', { timeout: 20_000 }, () => {
  const office = { name: 'Office', street: '1 Main St', city: 'Dallas', state: 'TX', zip: '78701', country: 'US' };
  const austin = { ...office, city: 'Austin' };

  async function renderPage(answers: Record<string, StubAnswer>) {
    const api = stubApi({ 'GET /auth/profile': json(apiUser()), 'GET /auth/addresses': json([]), ...answers });
    const user = userEvent.setup();
    renderAt('/user-dashboard/address-management');
    await screen.findByRole('button', { name: 'Add Address' });
    const field = (name: string) => screen.getByRole(name === 'State' ? 'combobox' : 'textbox', { name });
    await user.type(field('Name'), office.name);
    await user.type(field('Street'), office.street);
    await user.type(field('City'), office.city);
    await user.selectOptions(field('State'), office.state);
    await user.type(field('ZIP'), office.zip);
    return { api, user, field };
  }

  it('offers the suggestion and saves it in one click', async () => {
    const { api, user, field } = await renderPage({
      'POST /addresses/verify': json({ valid: false, suggestion: austin, messages: ['ZIP 78701 belongs to Austin, not Dallas.'], residential: true }),
      'POST /auth/addresses': json({ id: 'a1', ...austin, createdAt: '2025-03-03T00:00:00.000Z' }, 201),
    });
    await user.click(screen.getByRole('button', { name: 'Add Address' }));
    const panel = await screen.findByRole('region', { name: 'Check the address' });
    await waitFor(() => expect(panel).toHaveFocus());
    expect(api.calls('POST /auth/addresses')).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Use suggested address' }));
    await waitFor(() => expect(api.calls('POST /auth/addresses')).toHaveLength(1));
    expect(api.calls('POST /auth/addresses')[0]?.body).toEqual(austin);
    expect(await screen.findByText('Address saved')).toBeInTheDocument();
    await waitFor(() => expect(field('City')).toHaveValue(''));
  });

  it('checks the company, second line and phone with the rest, shows them and what the place is, and saves the suggestion with them', async () => {
    const details = { company: 'Lee Holdings', street2: 'Suite 5', phone: '2145550100' };
    const { api, user, field } = await renderPage({
      'POST /addresses/verify': json({
        valid: false,
        suggestion: { ...austin, ...details },
        messages: ['ZIP 78701 belongs to Austin, not Dallas.'],
        residential: false,
      }),
      'POST /auth/addresses': json({ id: 'a1', ...austin, ...details, createdAt: '2025-03-03T00:00:00.000Z' }, 201),
    });
    await user.type(field('Company'), details.company);
    await user.type(field('Address line 2'), details.street2);
    await user.type(field('Phone'), '(214) 555-0100');
    await user.click(screen.getByRole('button', { name: 'Add Address' }));

    const panel = await screen.findByRole('region', { name: 'Check the address' });
    expect(api.calls('POST /addresses/verify')[0]?.body).toEqual({ ...office, ...details });
    expect(panel).toHaveTextContent('Business address');
    expect(within(panel).getAllByText(/Lee Holdings/)).toHaveLength(2);
    expect(within(panel).getAllByText(/Suite 5/)).toHaveLength(2);

    await user.click(within(panel).getByRole('button', { name: 'Use suggested address' }));
    await waitFor(() => expect(api.calls('POST /auth/addresses')).toHaveLength(1));
    expect(api.calls('POST /auth/addresses')[0]?.body).toEqual({ ...austin, ...details });
  });

  it('saves the address as entered with "Keep my address"', async () => {
    const { api, user } = await renderPage({
      'POST /addresses/verify': json({ valid: false, suggestion: austin, messages: ['ZIP 78701 belongs to Austin, not Dallas.'], residential: true }),
      'POST /auth/addresses': json({ id: 'a1', ...office, createdAt: '2025-03-03T00:00:00.000Z' }, 201),
    });
    await user.click(screen.getByRole('button', { name: 'Add Address' }));
    const panel = await screen.findByRole('region', { name: 'Check the address' });
    await user.click(within(panel).getByRole('button', { name: 'Keep my address' }));
    await waitFor(() => expect(api.calls('POST /auth/addresses')).toHaveLength(1));
    expect(api.calls('POST /auth/addresses')[0]?.body).toEqual(office);
  });
});
