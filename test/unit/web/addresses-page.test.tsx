// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi, type StubAnswer } from './api-stub';
import { apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';
import { headerTexts, rowTexts } from './table-rows';

setupPageTests();
beforeEach(() => signInAs(apiUser()));

const caption = 'Saved Addresses';
const home = {
  id: 'a2',
  name: 'Home',
  street: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
  createdAt: '2025-03-02T00:00:00.000Z',
};
const shop = {
  id: 'a1',
  name: '',
  company: 'Oak Supply',
  street: '500 Oak Rd',
  street2: 'Suite 9',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  phone: '5125550100',
  createdAt: '2025-03-01T00:00:00.000Z',
};
const office = { name: 'Office', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };

/** Renders the page and waits for its add form. */
async function renderPage(answers: Record<string, StubAnswer>) {
  const api = stubApi({ 'GET /auth/profile': json(apiUser()), ...answers });
  const user = userEvent.setup();
  renderAt('/user-dashboard/address-management');
  await screen.findByRole('button', { name: 'Add Address' });
  return { api, user };
}

const field = (name: string) => screen.getByRole(name === 'State' ? 'combobox' : 'textbox', { name });

/** Types `address` into the add form (ZIP last, so the autofill has nothing to fill). */
async function fillForm(user: UserEvent, address: typeof office) {
  await user.type(field('Name'), address.name);
  await user.type(field('Street'), address.street);
  await user.type(field('City'), address.city);
  await user.selectOptions(field('State'), address.state);
  await user.type(field('ZIP'), address.zip);
}

describe('Manage Addresses page', () => {
  it('lists the saved addresses, newest first, with Delete', async () => {
    await renderPage({ 'GET /auth/addresses': json([home, shop]) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Addresses' })).toBeInTheDocument();
    await screen.findByText('12 Main St');
    expect(headerTexts(caption)).toEqual(['Name', 'Company', 'Street', 'City', 'State', 'ZIP', 'Country', 'Phone', 'Actions']);
    expect(rowTexts(caption).map((row) => row.map((cell) => cell.trim()))).toEqual([
      ['Home', '—', '12 Main St', 'Springfield', 'IL', '62701', 'US', '—', 'Delete'],
      ['Untitled Address', 'Oak Supply', '500 Oak Rd, Suite 9', 'Austin', 'TX', '78701', 'US', '512-555-0100', 'Delete'],
    ]);
    expect(screen.getByRole('button', { name: 'Delete Home' })).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    await renderPage({ 'GET /auth/addresses': json([]) });
    expect(await screen.findByText(/No saved addresses yet/)).toBeInTheDocument();
  });

  it("toasts 'Failed to fetch addresses.' and offers Retry when the list fails", async () => {
    const { api } = await renderPage({ 'GET /auth/addresses': json({ message: 'Something went wrong. Please try again.' }, 500) });

    expect(await screen.findByText('Failed to fetch addresses.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    api.set('GET /auth/addresses', json([home]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('12 Main St')).toBeInTheDocument();
  });

  it("shows 'Required' under every empty field and sends nothing", async () => {
    const { api, user } = await renderPage({ 'GET /auth/addresses': json([]) });
    await screen.findByText(/No saved addresses yet/);
    await user.clear(field('Country'));
    await user.click(screen.getByRole('button', { name: 'Add Address' }));

    expect(await screen.findAllByText('Required')).toHaveLength(6);
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /auth/addresses')).toHaveLength(0);
  });

  it('starts the country at US and refuses a malformed ZIP with the schema message', async () => {
    const { api, user } = await renderPage({ 'GET /auth/addresses': json([]) });
    expect(field('Country')).toHaveValue('US');
    await fillForm(user, { ...office, zip: '1011' });
    await user.click(screen.getByRole('button', { name: 'Add Address' }));

    expect(await screen.findByText('ZIP must be 5 digits or ZIP+4')).toBeInTheDocument();
    expect(api.calls('POST /auth/addresses')).toHaveLength(0);
  });

  it('saves an address, says so, refetches the list and empties the form', async () => {
    const { api, user } = await renderPage({
      'GET /auth/addresses': json([home]),
      'POST /auth/addresses': json({ id: 'a3', ...office, createdAt: '2025-03-03T00:00:00.000Z' }, 201),
    });
    await screen.findByText('12 Main St');
    api.set('GET /auth/addresses', json([{ id: 'a3', ...office }, home]));

    await fillForm(user, office);
    await user.click(screen.getByRole('button', { name: 'Add Address' }));

    expect(await screen.findByText('Address saved')).toBeInTheDocument();
    expect(api.calls('POST /auth/addresses')[0]?.body).toEqual(office);
    expect(await screen.findByText('350 5th Ave')).toBeInTheDocument();
    expect(rowTexts(caption)[0]?.[0]).toBe('Office');
    expect(field('Name')).toHaveValue('');
    expect(field('State')).toHaveValue('');
    expect(field('Country')).toHaveValue('US');
  });

  it('saves the optional company, second street line and phone, the phone as its ten digits; a bad phone is refused first', async () => {
    const { api, user } = await renderPage({
      'GET /auth/addresses': json([]),
      'POST /auth/addresses': json({ id: 'a3', ...office, createdAt: '2025-03-03T00:00:00.000Z' }, 201),
    });
    await fillForm(user, office);
    await user.type(field('Company'), 'Empire Holdings');
    await user.type(field('Address line 2'), 'Floor 12');
    await user.type(field('Phone'), '212-555');
    await user.click(screen.getByRole('button', { name: 'Add Address' }));
    expect(await screen.findByText('Phone must be a 10-digit US number')).toBeInTheDocument();
    expect(api.calls('POST /auth/addresses')).toHaveLength(0);

    await user.type(field('Phone'), '-0100');
    await user.click(screen.getByRole('button', { name: 'Add Address' }));
    expect(await screen.findByText('Address saved')).toBeInTheDocument();
    expect(api.calls('POST /auth/addresses')[0]?.body).toEqual({ ...office, company: 'Empire Holdings', street2: 'Floor 12', phone: '2125550100' });
    expect(field('Company')).toHaveValue('');
  });

  it("toasts 'Failed to add address.' with 'This address is already saved.' for a duplicate, keeping what was typed", async () => {
    const { user } = await renderPage({
      'GET /auth/addresses': json([home]),
      'POST /auth/addresses': json({ message: 'This address is already saved.' }, 409),
    });
    await screen.findByText('12 Main St');
    await fillForm(user, office);
    await user.click(screen.getByRole('button', { name: 'Add Address' }));

    expect(await screen.findByText('Failed to add address.')).toBeInTheDocument();
    expect(screen.getByText('This address is already saved.')).toBeInTheDocument();
    expect(field('Street')).toHaveValue('350 5th Ave');
  });

  it("puts a 400's field messages under their fields", async () => {
    const { user } = await renderPage({
      'GET /auth/addresses': json([]),
      'POST /auth/addresses': json({ message: 'Use a two-letter US state code', fields: { state: 'Use a two-letter US state code' } }, 400),
    });
    await fillForm(user, office);
    await user.click(screen.getByRole('button', { name: 'Add Address' }));

    expect(await screen.findByText('Failed to add address.')).toBeInTheDocument();
    expect(field('State')).toHaveAttribute('aria-invalid', 'true');
  });

  it('deletes an address after confirmation and refetches the list', async () => {
    const { api, user } = await renderPage({
      'GET /auth/addresses': json([home, shop]),
      'DELETE /auth/addresses/a2': json({ message: 'Address deleted' }),
    });
    await screen.findByText('12 Main St');
    await user.click(screen.getByRole('button', { name: 'Delete Home' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this address?' });
    expect(dialog).toHaveTextContent('“Home”, 12 Main St, will be removed');
    api.set('GET /auth/addresses', json([shop]));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Address deleted')).toBeInTheDocument();
    expect(api.calls('DELETE /auth/addresses/a2')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('12 Main St')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Cancel deletes nothing', async () => {
    const { api, user } = await renderPage({ 'GET /auth/addresses': json([home]) });
    await user.click(await screen.findByRole('button', { name: 'Delete Home' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(screen.getByText('12 Main St')).toBeInTheDocument();
  });

  it("toasts 'Failed to delete address.' with the server's message when the delete fails", async () => {
    const { user } = await renderPage({
      'GET /auth/addresses': json([home]),
      'DELETE /auth/addresses/a2': json({ message: 'Address not found' }, 404),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Home' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Failed to delete address.')).toBeInTheDocument();
    expect(screen.getByText('Address not found')).toBeInTheDocument();
  });
});
